import type { FilterDocument, FilterNode } from "../syntax/ast.js";
import { FilterError, ScopeError } from "../messages/errors.js";
import type { Span } from "../messages/location.js";
import type { TreeOptions } from "./parseSource.js";
import { readDocument, type FilterInput } from "./readDocument.js";
import { keepBound } from "./bindParams.js";

/**
 * An app's own condition on what a person may see: filter text or a tree,
 * or several (an array means `and`). It is trusted, so the schema that
 * limits the person's text does not apply to it; `params` and the limits do.
 */
export type ScopeInput = FilterInput | readonly FilterInput[];

/**
 * The scope as one document (its conditions joined with `and`), or null
 * when there is none. Any problem with it is a ScopeError: the app's bug,
 * never shown to the person as theirs. An empty scope is refused, since a
 * scope that selects everything is almost always a missing value.
 */
export function scopeDocument(fn: string, scope: ScopeInput | undefined | null, options: TreeOptions | undefined): FilterDocument | null {
  if (scope === undefined || scope === null) return null;
  const parts = Array.isArray(scope) ? (scope as readonly FilterInput[]) : [scope as FilterInput];
  if (parts.length === 0) throw new ScopeError(fn, "is an empty list; leave the option out for no scope");
  const bodies: FilterNode[] = [];
  for (let i = 0; i < parts.length; i++) {
    const at = Array.isArray(scope) ? `[${i}]` : "";
    let doc: FilterDocument;
    try {
      // Trusted: the schema that limits the person's text is not applied (readDocument is below it).
      doc = readDocument(parts[i]!, options);
    } catch (error) {
      if (error instanceof FilterError) throw new ScopeError(fn, `is${at === "" ? "" : ` (${at})`} not a valid filter: ${error.message}`, error.diagnostics);
      if (error instanceof TypeError) throw new ScopeError(fn, `is not usable${at === "" ? "" : ` (${at})`}: ${error.message}`);
      throw error;
    }
    if (doc.body === null) throw new ScopeError(fn, `is empty${at === "" ? "" : ` (${at})`}, which would select every item; leave the option out for no scope`);
    bodies.push(doc.body);
  }
  const body = bodies.length === 1 ? bodies[0]! : ({ type: "And", operands: bodies.flatMap((b) => (b.type === "And" ? b.operands : [b])), span: bodies[0]!.span } as FilterNode);
  return { type: "Filter", body, span: body.span };
}

/**
 * `scope and (filter)` as one tree, for the stages that need one (the
 * planner, key queries, DynamoDB). The scope's nodes take the filter's whole
 * span, so anything said about the combination points into the person's
 * text, never at offsets of a text they did not write.
 */
export function scopedDocument(doc: FilterDocument, scope: FilterDocument | null): FilterDocument {
  if (scope === null || scope.body === null) return doc;
  const scopeBody = respan(scope.body, doc.span);
  if (doc.body === null) return keepBound(doc, { ...doc, body: scopeBody });
  const operands = [...(scopeBody.type === "And" ? scopeBody.operands : [scopeBody]), ...(doc.body.type === "And" ? doc.body.operands : [doc.body])];
  return keepBound(doc, { ...doc, body: { type: "And", operands, span: doc.span } });
}

function respan(node: FilterNode, span: Span): FilterNode {
  switch (node.type) {
    case "And":
    case "Or":
      return { ...node, operands: node.operands.map((o) => respan(o, span)), span };
    case "Not":
      return { ...node, operand: respan(node.operand, span), span };
    case "Predicate": {
      const v = node.value;
      const value = v === undefined ? undefined : Array.isArray(v) ? v.map((l) => ({ ...l, span })) : { ...v, span };
      const attribute = node.attribute === null ? null : { ...node.attribute, span };
      return value === undefined ? { ...node, attribute, operatorSpan: span, span } : { ...node, attribute, operatorSpan: span, span, value };
    }
  }
}
