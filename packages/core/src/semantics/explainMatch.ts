import type { FilterNode, PathSegment, PredicateNode } from "../syntax/ast.js";
import type { FilterValue, ListFilter, QueryFilter } from "../values/filters.js";
import { checkOptions, checkStringOption, describeValue } from "../values/checkArgument.js";
import { writeListFilters, writeQueryFilter } from "../print/writeFilterJson.js";
import { validateListFilter, validateQueryFilter } from "./validate.js";
import { plainValue, predicateSubject, scopeTest, type EvaluateOptions } from "./evaluate.js";
import { readPath } from "./itemValue.js";
import type { Operator } from "../values/operators.js";
import { nameText, predicateReason } from "./predicateReason.js";
import { conditionTest } from "./conditionTest.js";
import { sizeReason, typeReason } from "./sizeAndTypeReason.js";
import type { Span } from "../messages/location.js";
import { guardStack, type FilterInput } from "../tree/readDocument.js";
import { toDocument } from "../schema/toDocument.js";

/** What explainMatch takes: what evaluate takes, or filter JSON (a ListFilter, an array of them, or a QueryFilter). */
export type ExplainInput = FilterInput | ListFilter | readonly ListFilter[] | QueryFilter;

/** One condition that decided the answer. Plain JSON. */
export interface DecidingPredicate {
  /** Where the condition stands in the filter text (in `source` when the explanation has one). */
  readonly span: Span;
  readonly operator: Operator;
  /** True when the condition tests `size(attribute)`: `actual` is then the attribute's value, not its size. */
  readonly size?: true;
  /** The attribute tested (the secondary key's name for a key query's `key`); for a nested one, the top-level attribute. */
  readonly attribute: string;
  /** For a nested attribute (`address.city`), the steps after `attribute` (ast.ts); `present` and `actual` are the value there. */
  readonly path?: readonly PathSegment[];
  /** The filter's value: absent for null/notNull, a list for in, a pair for between. */
  readonly value?: FilterValue | readonly FilterValue[];
  /** Whether the item has the attribute (JSON null counts as missing). */
  readonly present: boolean;
  /** What the item holds there; absent when the attribute is missing. */
  readonly actual?: unknown;
  /** The condition's own answer for this item. */
  readonly holds: boolean;
  /** True when the condition stands under an odd number of `not`s, so its answer counts the other way. */
  readonly negated: boolean;
  /** Why, in words: `age is 23, not >= 30`; `email is missing`; `tags holds no "beta"`. */
  readonly reason: string;
}

export interface Explanation {
  /** The same answer as evaluate (or matches, for filter JSON). */
  readonly matched: boolean;
  /**
   * The deciding conditions. For a match, a smallest set of conditions whose
   * answers make the filter true; for a non-match, every condition that made
   * it false. In the order they stand in the filter. Empty for an empty filter.
   */
  readonly predicates: readonly DecidingPredicate[];
  /** For filter JSON: the filter as text (decompile's), which the spans point into. */
  readonly source?: string;
  /**
   * True when the item is outside `options.scope`: it does not match, and
   * `predicates` is empty, since the scope's conditions are the app's and
   * not the person's text.
   */
  readonly outOfScope?: true;
}

/** The answer for one node, and for a match, how many conditions its smallest justification needs. */
interface Judged {
  readonly node: FilterNode;
  readonly value: boolean;
  readonly size: number;
  readonly operands?: readonly Judged[];
  readonly predicate?: DecidingPredicate;
}

const TREE_TYPES = new Set(["Filter", "Or", "And", "Not", "Predicate"]);

/**
 * Why an item does or does not match a filter, pointing at the filter text.
 * `matched` is always what evaluate answers; `predicates` are the conditions
 * that decided it (see Explanation), each with the item's value and a reason
 * in words that follows grammar/semantics.md.
 *
 * Takes text, a parsed tree, or filter JSON (validated as matches validates
 * it, then written as text with decompile so there are spans to point at).
 * Throws what evaluate throws (a FilterError for a condition without a
 * subject and no `options.secondaryKey`, as for bad text), and FilterError
 * for invalid filter JSON.
 */
export function explainMatch(filter: ExplainInput, item: unknown, options?: EvaluateOptions): Explanation {
  if (options !== undefined && options !== null) {
    checkOptions("explainMatch", options, "secondaryKey, schema, params, scope, maxLength, maxDepth, maxPredicates, maxInValues, maxTokens");
    checkStringOption("explainMatch", "secondaryKey", options.secondaryKey);
  }
  const inScope = scopeTest("explainMatch", options);
  const explanation = explainUnscoped(filter, item, options);
  return inScope === null || inScope(item) ? explanation : { matched: false, predicates: [], outOfScope: true };
}

function explainUnscoped(filter: ExplainInput, item: unknown, options: EvaluateOptions | undefined): Explanation {
  if (typeof filter === "string" || isTree(filter)) return explainDocument(filter as FilterInput, item, options, undefined);
  if (typeof filter !== "object" || filter === null) {
    throw new TypeError(`explainMatch takes filter text, a parsed filter or filter JSON, not ${describeValue(filter)}`);
  }
  const query = !Array.isArray(filter) && !Object.hasOwn(filter, "item");
  if (query && typeof options?.secondaryKey !== "string") {
    throw new TypeError("explainMatch: a filter without 'item' is a QueryFilter, which needs options.secondaryKey (the attribute it tests)");
  }
  const limits = options?.maxInValues === undefined ? {} : { maxInValues: options.maxInValues };
  // decompile's two steps: the JSON checked (errors at paths such as filter[2].value), then written as text.
  const validate = { path: "filter", ...limits };
  const source = query ? writeQueryFilter(validateQueryFilter(filter, validate)) : writeListFilters(validateListFilter(filter, validate));
  // The JSON was valid, so its text is too; a long array's text may pass the default text limits, which JSON has not.
  const textOptions: EvaluateOptions = { ...limits, maxLength: Math.max(source.length, 16_384), maxPredicates: Number.MAX_SAFE_INTEGER };
  return explainDocument(source, item, query ? { ...textOptions, secondaryKey: options!.secondaryKey! } : textOptions, source);
}

function isTree(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && TREE_TYPES.has((value as { type?: unknown }).type as string);
}

function explainDocument(input: FilterInput, item: unknown, options: EvaluateOptions | undefined, source: string | undefined): Explanation {
  const doc = toDocument(input, options);
  const body = doc.body;
  const withSource = <T extends object>(e: T): T => (source === undefined ? e : { ...e, source });
  if (body === null) return withSource({ matched: true, predicates: [] });
  return guardStack(() => {
    const judged = judge(body, item, options?.secondaryKey, false);
    const out: DecidingPredicate[] = [];
    collect(judged, judged.value, out);
    out.sort((a, b) => a.span.start.offset - b.span.start.offset);
    return withSource({ matched: judged.value, predicates: out });
  }, doc.span);
}

/** Answers every node (no short-circuit: an explanation may need any operand) and sizes the smallest justification. */
function judge(node: FilterNode, item: unknown, secondaryKey: string | undefined, negated: boolean): Judged {
  switch (node.type) {
    case "Predicate": {
      const predicate = decide(node, item, secondaryKey, negated);
      return { node, value: predicate.holds, size: 1, predicate };
    }
    case "Not": {
      const operand = judge(node.operand, item, secondaryKey, !negated);
      return { node, value: !operand.value, size: operand.size, operands: [operand] };
    }
    case "And":
    case "Or": {
      const operands = node.operands.map((o) => judge(o, item, secondaryKey, negated));
      const isAnd = node.type === "And";
      const value = isAnd ? operands.every((o) => o.value) : operands.some((o) => o.value);
      // For `and` true and `or` false every operand counts; otherwise one operand of the deciding answer does.
      const all = value === isAnd;
      let size = all ? 0 : Infinity;
      for (const o of operands) {
        if (all) size += o.size;
        else if (o.value === value && o.size < size) size = o.size;
      }
      return { node, value, size, operands };
    }
    default:
      throw new TypeError(`explainMatch: unknown node type ${JSON.stringify((node as { type?: unknown }).type)}`);
  }
}

/**
 * Gathers the deciding predicates. For a match (`root` true) it keeps a
 * smallest justification: one operand where one suffices. For a non-match it
 * keeps every operand whose answer agrees with its parent's, which is each
 * false operand of an `and`, every operand of an `or`, and the same with the
 * polarity turned under `not`.
 */
function collect(judged: Judged, root: boolean, out: DecidingPredicate[]): void {
  if (judged.predicate !== undefined) {
    out.push(judged.predicate);
    return;
  }
  const operands = judged.operands!;
  if (judged.node.type === "Not") {
    collect(operands[0]!, root, out);
    return;
  }
  const agreeing = operands.filter((o) => o.value === judged.value);
  const all = judged.value === (judged.node.type === "And");
  if (!root || all) {
    for (const o of agreeing) collect(o, root, out);
    return;
  }
  let best = agreeing[0]!;
  for (const o of agreeing) if (o.size < best.size) best = o;
  collect(best, root, out);
}

function decide(node: PredicateNode, item: unknown, secondaryKey: string | undefined, negated: boolean): DecidingPredicate {
  const name = predicateSubject("explainMatch", node, secondaryKey);
  const value = plainValue(node.value);
  const path = node.attribute?.path;
  const actual = readPath(item, name, path);
  const holds = conditionTest(node, value)(actual);
  const present = actual !== undefined && actual !== null;
  const who = nameText(name, path);
  const reason =
    node.size === true
      ? sizeReason(who, node.operator, value, actual, holds)
      : node.operator === "type" || node.operator === "notType"
        ? typeReason(who, value, actual)
        : predicateReason(who, node.operator, value, actual, holds);
  return {
    span: node.span,
    operator: node.operator,
    ...(node.size === true ? { size: true as const } : {}),
    attribute: name,
    ...(path === undefined ? {} : { path }),
    ...(value === undefined ? {} : { value }),
    present,
    ...(present ? { actual } : {}),
    holds,
    negated,
    reason,
  };
}
