import type { AndNode, FilterDocument, LiteralNode, PredicateNode } from "../syntax/ast.js";
import { applySchema, type Schema, type Target } from "../schema/schema.js";
import { FilterError, type Diagnostic } from "../messages/errors.js";
import type { Scalar } from "../values/filters.js";
import { NO_SPAN, type Span } from "../messages/location.js";
import type { Operator } from "../values/operators.js";

/** One filter of checked JSON, with the JSON path it was found at. */
export interface JsonCondition {
  /** The attribute's name; null for a QueryFilter whose secondary key's name is not known. */
  readonly item: string | null;
  readonly operator: Operator;
  readonly value?: Scalar | readonly Scalar[];
  /** Such as `filter[2]`. */
  readonly path: string;
}

/**
 * Checks filter JSON against a schema with the compilers' own check
 * (applySchema), so text and JSON are held to one rule and one wording: the
 * conditions become the tree of their conjunction, each part's span standing
 * for its JSON path, and every diagnostic comes back with that path instead
 * of a span. Returns the names as the compilers write them (an alias becomes
 * its stored name), one per condition, or the diagnostics.
 */
export function applySchemaToJson(conditions: readonly JsonCondition[], schema: Schema, target: Target = "list"): { names: (string | null)[] } | { problems: Diagnostic[] } {
  const paths: string[] = [];
  // A distinct offset per part; a Span is what applySchema reports a place by.
  const place = (path: string): Span => {
    const k = paths.push(path) - 1;
    const at = { offset: k, line: 1, column: k + 1 };
    return { start: at, end: at };
  };
  const predicates: PredicateNode[] = conditions.map((c) => {
    const values = c.value === undefined ? undefined : Array.isArray(c.value) ? c.value : [c.value as Scalar];
    const literals: LiteralNode[] | undefined = values?.map((v, i) => {
      const span = place(Array.isArray(c.value) ? `${c.path}.value[${i}]` : `${c.path}.value`);
      return typeof v === "string" ? { type: "String", value: v, span } : { type: "Number", value: v, span };
    });
    const attribute = c.item === null ? null : { type: "Attribute" as const, name: c.item, span: place(`${c.path}.item`) };
    const operatorSpan = place(`${c.path}.operator`);
    const node: PredicateNode = { type: "Predicate", attribute, operator: c.operator, operatorSpan, span: place(c.path) };
    return literals === undefined ? node : { ...node, value: literals };
  });
  const body: AndNode = { type: "And", operands: predicates, span: NO_SPAN };
  const doc: FilterDocument = { type: "Filter", body, span: NO_SPAN };
  let checked: FilterDocument;
  try {
    checked = applySchema(doc, schema, target);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    // A fix replaces text at a span; JSON has no text, so none is kept.
    const problems = error.diagnostics.map(({ fixes: _, span, ...d }): Diagnostic => ({ ...d, span: NO_SPAN, path: paths[span.start.offset] ?? conditions[0]?.path ?? "filter" }));
    return { problems };
  }
  const operands = (checked.body as AndNode).operands as PredicateNode[];
  return { names: operands.map((p) => p.attribute?.name ?? null) };
}
