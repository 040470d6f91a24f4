import { compareStrings, type FilterNode, type PredicateNode, type QueryFilter } from "@itemfilter/core";

/** A sort-key range taken out of a Query's leftover conditions: the key condition, and what is still to check. */
export interface StringKeyRange {
  /** The QueryFilter sent as the sort-key condition: one ordering, or `between` for two inclusive bounds. */
  readonly filter: QueryFilter;
  /** The leftover conditions without the bounds the key condition now holds exactly; null when none is left. */
  readonly rest: FilterNode | null;
  /** Both bounds inclusive and the lower above the upper by UTF-8 bytes: no key is in the range. */
  readonly empty: boolean;
}

type Ordering = "lessThan" | "lessEqual" | "greaterThan" | "greaterEqual";
type Bound = PredicateNode & { readonly operator: Ordering };

const LOWER = new Set<string>(["greaterThan", "greaterEqual"]);
const UPPER = new Set<string>(["lessThan", "lessEqual"]);

/**
 * Core's planner never sees a string ordering (markers.ts), so a Query whose
 * branch bounds the sort key only by strings reads the whole partition. A
 * string sort key (type S) takes `<`, `<=`, `>`, `>=` and BETWEEN in a key
 * condition, and DynamoDB orders S by UTF-8 bytes as `evaluate` does
 * (compareStrings), so a top-level conjunct `sortKey >= "x"` of what the
 * Query's items must still pass can be the key condition instead: the items
 * that pass it are exactly the items with a key in the range. A key condition
 * takes one range operator, so two bounds become BETWEEN only when both are
 * inclusive; otherwise the lower bound (else the upper) is the key condition
 * and the other stays to be checked. Only the first lower and the first upper
 * bound count; any others stay too. undefined: no such conjunct.
 */
export function stringKeyRange(leftover: FilterNode, sortKey: string): StringKeyRange | undefined {
  const operands = leftover.type === "And" ? leftover.operands : [leftover];
  const lower = operands.find((n): n is Bound => isBound(n, sortKey, LOWER));
  const upper = operands.find((n): n is Bound => isBound(n, sortKey, UPPER));
  const inclusive = lower?.operator === "greaterEqual" && upper?.operator === "lessEqual";
  const taken: Bound[] = inclusive ? [lower, upper] : lower !== undefined ? [lower] : upper !== undefined ? [upper] : [];
  if (taken.length === 0) return undefined;
  const rest = operands.filter((n) => !taken.includes(n as Bound));
  const restNode = rest.length === 0 ? null : rest.length === 1 ? rest[0]! : { type: "And" as const, operands: rest, span: leftover.span };
  if (inclusive) {
    const from = valueOf(lower);
    const to = valueOf(upper);
    // DynamoDB refuses a BETWEEN whose lower bound is above its upper one; such bounds match no key.
    return { filter: { operator: "between", value: [from, to] }, rest: restNode, empty: compareStrings(from, to) > 0 };
  }
  const bound = taken[0]!;
  return { filter: { operator: bound.operator, value: valueOf(bound) }, rest: restNode, empty: false };
}

function isBound(node: FilterNode, sortKey: string, operators: ReadonlySet<string>): boolean {
  if (node.type !== "Predicate" || node.attribute === null) return false;
  // A path (`sk.x`) names something inside the key, which a string key does not have.
  if (node.attribute.name !== sortKey || node.attribute.path !== undefined || node.size === true || node.fold === true || !operators.has(node.operator)) return false;
  const v = node.value;
  return v !== undefined && !Array.isArray(v) && v.type === "String";
}

function valueOf(bound: Bound): string {
  const v = bound.value;
  // isBound admitted only a string literal.
  return (v as { value: string }).value;
}
