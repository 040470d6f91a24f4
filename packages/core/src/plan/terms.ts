import type { AndNode, AttributeNode, FilterNode, LiteralNode, NotNode, OrNode, PredicateNode } from "../syntax/ast.js";
import type { ListFilter, Scalar } from "../values/filters.js";
import { complementFilters, equalityValues, predicateFilter, uniqueScalars } from "../semantics/lowering.js";
import type { Span } from "../messages/location.js";
import { formatBuilt } from "../print/format.js";
import { hasBoolean } from "../syntax/booleanOperators.js";
import { hasPath, isStringOrdering } from "../semantics/lowering.js";
import { isLocalOnly } from "../syntax/typeNames.js";
import { compareScalars } from "../values/compare.js";
import { isNumberValue } from "../values/isExactNumber.js";
import { stringifyJson } from "../values/exactJson.js";

/**
 * A filter in negation normal form, with every condition sorted into what
 * the service can test exactly (a ListFilter) and what it cannot (a node
 * checked locally). `not` is pushed inward only through the exact rewrites
 * compileList uses; a condition without an exact complement stays whole.
 */

/** A condition listItems tests exactly. `sig` identifies it for comparisons; `seq` orders conditions as written. */
export interface Pushed {
  readonly kind: "push";
  readonly filter: ListFilter;
  readonly sig: string;
  readonly seq: number;
}

/** A condition only `evaluate` can test, such as `not (age < 18)`. */
export interface Local {
  readonly kind: "local";
  readonly node: FilterNode;
  readonly sig: string;
  readonly seq: number;
}

/**
 * Conditions are numbered as they are made, and toTerm makes them left to
 * right, so a clause put together out of order (see clausesOf) can be put
 * back in the order of the text. Only the order matters, never the numbers.
 */
let made = 0;

export type Literal = Pushed | Local;

export type Term =
  | { readonly type: "lit"; readonly lit: Literal; readonly span: Span }
  | { readonly type: "and" | "or"; readonly operands: Term[]; readonly span: Span };

/**
 * `sig` says what the condition selects, so conditions that select the same
 * items compare equal: an equality and an `in` of the same values, in any
 * order, with repeats (`a = 1`, `a in (1)`, `a in [1, 1]`). Subsumption
 * compares sigs, so a clause merged with a copy of itself (`a in 1`) is
 * still seen to be covered by `a = 1`.
 */
export function pushed(filter: ListFilter, seq = made++): Pushed {
  const values = equalityValues(filter);
  if (values === null) return { kind: "push", filter, sig: stringifyJson([filter.item, filter.operator, filter.value]), seq };
  // Numbers first, then strings; any order would do, as long as it is total.
  const set = uniqueScalars(values).sort((x, y) => compareScalars(x, y) ?? (typeof x === "string" ? 1 : -1));
  return { kind: "push", filter, sig: stringifyJson([filter.item, "in", set]), seq };
}

export function local(node: FilterNode, seq = made++): Local {
  return { kind: "local", node, sig: canonical(node), seq };
}

/**
 * Canonical text of a tree the planner built. It is not checked again as a
 * tree from outside would be: the filter was checked as given, what the
 * planner builds from it (a residual repeating a condition) may hold more
 * conditions than the limits allow, and rewrites share subtrees (distributing
 * `(a or b) and not c < 1` puts the one `not c < 1` node in two clauses,
 * which folding then joins under one `or`). Checking the planner's own trees
 * for sharing is what made such filters fail with E_FILTER_JSON (issue 17);
 * checking them at all cost a walk per residual.
 */
export function canonical(node: FilterNode): string {
  return formatBuilt(node);
}

/** The filter in negation normal form; `negated` says an odd number of `not`s lead here. */
export function toTerm(node: FilterNode, negated: boolean): Term {
  switch (node.type) {
    case "Not":
      return toTerm(node.operand, !negated);
    case "And":
    case "Or": {
      // De Morgan is exact in plain boolean logic, which is what evaluate reads.
      const isAnd = (node.type === "And") !== negated;
      return { type: isAnd ? "and" : "or", operands: node.operands.map((o) => toTerm(o, negated)), span: node.span };
    }
    case "Predicate":
      return negated ? negative(node) : positive(node);
  }
}

function lit(l: Literal, span: Span): Term {
  return { type: "lit", lit: l, span };
}

/**
 * The condition as written. An `in` of strings and numbers, which the
 * service refuses, is split into one `in` per type: `a in (1, "x")` is
 * `a in (1) or a in ("x")`.
 */
function positive(node: PredicateNode): Term {
  // The service's ListFilter holds no boolean, orders numbers only and names top-level attributes, so such
  // a condition is checked locally (a range of strings may still reach the server as between: stringRanges.ts).
  if (hasBoolean(node) || isStringOrdering(node) || isLocalOnly(node) || hasPath(node)) return lit(local(node), node.span);
  const filter = predicateFilter(node);
  if (filter.operator !== "in" || !Array.isArray(filter.value)) return lit(pushed(filter), node.span);
  const numbers = filter.value.filter(isNumberValue);
  const strings = filter.value.filter((v) => typeof v === "string");
  if (numbers.length === 0 || strings.length === 0) return lit(pushed(filter), node.span);
  const part = (values: Scalar[]): Term => lit(pushed(sameShape(filter.item, values, node.brackets === true)), node.span);
  // In the order the types first appear, so the requests follow the text.
  const parts = typeof filter.value[0] === "string" ? [strings, numbers] : [numbers, strings];
  return { type: "or", operands: parts.map(part), span: node.span };
}

function sameShape(item: string, values: Scalar[], brackets: boolean): ListFilter {
  return { item, operator: "in", value: values.length === 1 && !brackets ? values[0]! : values };
}

function negative(node: PredicateNode): Term {
  const filters = hasBoolean(node) || isLocalOnly(node) || hasPath(node) ? null : complementFilters(node);
  if (filters === null) {
    const not: NotNode = { type: "Not", operand: node, span: node.span };
    return lit(local(not), node.span);
  }
  if (filters.length === 1) return lit(pushed(filters[0]!), node.span);
  return { type: "and", operands: filters.map((f) => lit(pushed(f), node.span)), span: node.span };
}

/** The term back as a syntax tree, for residual text. */
export function termNode(term: Term): FilterNode {
  if (term.type === "lit") return literalNode(term.lit, term.span);
  return term.type === "and" ? andNode(term.operands.map(termNode), term.span) : orNode(term.operands.map(termNode), term.span);
}

export function literalNode(l: Literal, span: Span): FilterNode {
  return l.kind === "local" ? l.node : filterNode(l.filter, span);
}

/** A ListFilter as the condition that writes it; `in` with an array of one keeps its brackets. */
export function filterNode(f: ListFilter, span: Span): PredicateNode {
  const attribute: AttributeNode = { type: "Attribute", name: f.item, span };
  const base = { type: "Predicate" as const, attribute, operator: f.operator, operatorSpan: span, span };
  if (f.value === undefined) return base;
  const literal = (v: Scalar): LiteralNode => (typeof v === "string" ? { type: "String", value: v, span } : { type: "Number", value: v, span });
  if (f.operator === "in") {
    const values = Array.isArray(f.value) ? f.value : [f.value as Scalar];
    const node = { ...base, value: values.map(literal) };
    return Array.isArray(f.value) && f.value.length === 1 ? { ...node, brackets: true } : node;
  }
  return { ...base, value: Array.isArray(f.value) ? f.value.map(literal) : literal(f.value as Scalar) };
}

/** An And of the operands, flattened as the parser flattens, so formatting gives canonical text. */
export function andNode(operands: FilterNode[], span: Span): FilterNode {
  const flat = operands.flatMap((o) => (o.type === "And" ? o.operands : [o]));
  return flat.length === 1 ? flat[0]! : ({ type: "And", operands: flat, span } satisfies AndNode);
}

export function orNode(operands: FilterNode[], span: Span): FilterNode {
  const flat = operands.flatMap((o) => (o.type === "Or" ? o.operands : [o]));
  return flat.length === 1 ? flat[0]! : ({ type: "Or", operands: flat, span } satisfies OrNode);
}
