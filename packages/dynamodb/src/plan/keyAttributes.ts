import type { FilterNode, PredicateNode, QueryFilter, Scalar } from "@itemfilter/core";
import type { KeyType } from "./keyCondition.js";

/** One Query's key: an equality on each partition-key attribute, then on sort-key attributes left to right, and at most one range on the next. */
export interface KeyedQuery {
  readonly equalities: readonly { readonly name: string; readonly value: Scalar; readonly type: KeyType | undefined }[];
  readonly range?: { readonly name: string; readonly filter: QueryFilter; readonly type: KeyType | undefined };
  readonly leftover: FilterNode | null;
}

/** A multi-attribute key's attributes, in order, with their types. */
export interface KeyShape {
  readonly partitions: readonly string[];
  readonly sorts: readonly string[];
  readonly partitionTypes: readonly (KeyType | undefined)[];
  readonly sortTypes: readonly (KeyType | undefined)[];
}

const RANGES = new Set(["lessThan", "lessEqual", "greaterThan", "greaterEqual", "between", "beginsWith"]);

/**
 * core's planner keys a Query on one partition and one sort attribute; a
 * global index may have up to four of each (DynamoDB, since November 2025).
 * From the query core planned on the first of each, this takes the rest out
 * of the leftover's top-level conjuncts: an `=` or `in` on every other
 * partition-key attribute (an `in` is a Query per value), then, while the
 * sort-key conditions so far are equalities, an `=` on the next sort-key
 * attribute or one range (`<`, `<=`, `>`, `>=`, `between`, `beginsWith`) on
 * it, which ends the key. A key condition takes the conjunct exactly, so it
 * leaves the leftover. A string answer is why the index cannot serve.
 */
export function extendKey(query: KeyedQuery, shape: KeyShape): KeyedQuery[] | string {
  let queries: KeyedQuery[] = [query];
  for (let i = 1; i < shape.partitions.length; i++) {
    const name = shape.partitions[i]!;
    const next: KeyedQuery[] = [];
    for (const q of queries) {
      const { found, rest } = takeConjunct(q.leftover, (n) => isKeyEquality(n, name));
      if (found === undefined) return `its partition key is (${shape.partitions.map((p) => `'${p}'`).join(", ")}), and the filter does not pin '${name}' with = or in on every branch`;
      for (const value of valuesOf(found)) next.push({ ...q, equalities: [...q.equalities, { name, value, type: shape.partitionTypes[i] }], leftover: rest });
    }
    queries = next;
  }
  return queries.map((q) => extendSort(q, shape));
}

function extendSort(query: KeyedQuery, shape: KeyShape): KeyedQuery {
  let q = query;
  for (let i = 1; i < shape.sorts.length; i++) {
    // Left to right: the next attribute takes a condition only after an equality on this one.
    const range = q.range;
    if (range === undefined || !isEqualityFilter(range.filter)) return q;
    const single = Array.isArray(range.filter.value) ? range.filter.value[0]! : (range.filter.value as Scalar);
    const name = shape.sorts[i]!;
    const type = shape.sortTypes[i];
    // A key of an unknown type takes no condition here: DynamoDB refuses a value of another type.
    if (type === undefined) return q;
    const equalities = [...q.equalities, { name: range.name, value: single, type: range.type }];
    const { found, rest } = takeConjunct(q.leftover, (n) => isKeyCondition(n, name, type));
    if (found === undefined) return q;
    const value = found.value!;
    const filter: QueryFilter = { operator: found.operator, value: Array.isArray(value) ? value.map((v) => literalValue(v)) : literalValue(value as LiteralLike) };
    q = { equalities, range: { name, filter, type }, leftover: rest };
  }
  return q;
}

function isEqualityFilter(filter: QueryFilter): boolean {
  return filter.operator === "equals" || (filter.operator === "in" && (!Array.isArray(filter.value) || filter.value.length === 1));
}

type LiteralLike = { type: string; value?: unknown };
const literalValue = (v: LiteralLike): Scalar => v.value as Scalar;

function plain(node: FilterNode, name: string): node is PredicateNode {
  return node.type === "Predicate" && node.attribute !== null && node.attribute.name === name && node.attribute.path === undefined && node.size !== true;
}

function scalarLiterals(node: PredicateNode): LiteralLike[] | undefined {
  const value = node.value;
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value : [value]) as LiteralLike[];
  return list.every((v) => v.type === "String" || v.type === "Number") ? list : undefined;
}

function isKeyEquality(node: FilterNode, name: string): node is PredicateNode {
  return plain(node, name) && (node.operator === "equals" || node.operator === "in") && scalarLiterals(node) !== undefined;
}

function valuesOf(node: PredicateNode): Scalar[] {
  return scalarLiterals(node)!.map(literalValue);
}

/** `=`, or a range DynamoDB's key condition takes on a key of this type (strings order as S, numbers as N). */
function isKeyCondition(node: FilterNode, name: string, type: KeyType): node is PredicateNode {
  if (!plain(node, name)) return false;
  const literals = scalarLiterals(node);
  if (literals === undefined) return false;
  const wanted = type === "S" ? "String" : type === "N" ? "Number" : undefined;
  if (!literals.every((l) => l.type === wanted)) return false;
  if (node.operator === "equals") return true;
  if (node.operator === "beginsWith") return type === "S";
  return RANGES.has(node.operator);
}

/** The first top-level conjunct that passes `test`, and the leftover without it. */
function takeConjunct(leftover: FilterNode | null, test: (node: FilterNode) => boolean): { found?: PredicateNode; rest: FilterNode | null } {
  if (leftover === null) return { rest: null };
  const operands = leftover.type === "And" ? leftover.operands : [leftover];
  const at = operands.findIndex(test);
  if (at < 0) return { rest: leftover };
  const others = operands.filter((_, i) => i !== at);
  const rest = others.length === 0 ? null : others.length === 1 ? others[0]! : { type: "And" as const, operands: others, span: leftover.span };
  return { found: operands[at] as PredicateNode, rest };
}
