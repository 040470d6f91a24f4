import type { ListFilter, QueryFilter, Scalar } from "../compile/filters.js";
import { equalityValues, uniqueScalars } from "../compile/lowering.js";
import type { Operator } from "../operators.js";
import { predicateTest } from "../semantics/predicateTest.js";
import type { Clause } from "./clauses.js";
import type { PlanKeys } from "./planTypes.js";
import type { Literal, Pushed } from "./terms.js";

/**
 * How a clause can run as partition queries: the partitions (`key.primary`
 * values), the QueryFilter on the secondary key, and what is left to check
 * locally. queryItems never returns an item without the secondary key, so a
 * clause qualifies only when it implies that key is present; see grammar/planning.md.
 */
export interface KeyQuery {
  partitions: Scalar[];
  /** One request per partition and filter; undefined is a request without a filter. */
  filters: (QueryFilter | undefined)[];
  rest: Literal[];
}

/**
 * Whether only an item that has the attribute passes this condition: asked of
 * the one implementation of what conditions match, with the attribute missing.
 * True for all but notEquals and null (notContains is false where the attribute is missing).
 */
function impliesPresent(filter: ListFilter): boolean {
  return !predicateTest(filter.operator, filter.value)(undefined);
}

/** After an equality and a `>=`/`<=` pair, which condition becomes the QueryFilter: bounded ranges first. */
const RANGE_PREFERENCE: readonly Operator[] = ["between", "beginsWith", "greaterEqual", "greaterThan", "lessEqual", "lessThan"];

/**
 * The partition queries for a clause, or null when it does not qualify. With
 * `splitIn`, an `in` of several values on the secondary key becomes one
 * equality query per value (each exact) instead of a residual.
 */
export function keyQuery(clause: Clause, keys: PlanKeys | undefined, splitIn: boolean): KeyQuery | null {
  if (keys === undefined) return null;
  const primaryAt = clause.push.findIndex((p) => p.filter.item === keys.primary && equalityValues(p.filter) !== null);
  if (primaryAt < 0) return null;
  // No item has an empty key (the service refuses "" as a key value, in an item or a
  // request), so "" as the partition matches nothing: no request for it.
  const partitions = uniqueScalars(equalityValues(clause.push[primaryAt]!.filter)!).filter((v) => v !== "");
  if (partitions.length === 0) return { partitions, filters: [], rest: [] };
  const secondary = keys.secondary;
  if (secondary === undefined) return null;
  const onKey = clause.push.map((p, i) => ({ p, i })).filter(({ p }) => p.filter.item === secondary && impliesPresent(p.filter));
  if (onKey.length === 0) return null;

  const used = new Set<number>([primaryAt]);
  // A condition with "" is no QueryFilter the service takes: it stays in the residual, checked locally.
  const filters = queryFilters(onKey.filter(({ p }) => !hasEmptyString(p.filter)), used, splitIn);
  const rest: Literal[] = [...clause.push.filter((_, i) => !used.has(i)), ...clause.local];
  return { partitions, filters, rest };
}

function hasEmptyString(filter: ListFilter): boolean {
  return Array.isArray(filter.value) ? filter.value.includes("") : filter.value === "";
}

/**
 * The QueryFilters from the clause's conditions on the key, one per request
 * ([undefined] for one request without a filter): an equality, else (with
 * `splitIn`) one equality per value of an `in`, else a `>=`/`<=` pair as
 * between, else a range. Marks the conditions it uses.
 */
function queryFilters(onKey: { p: Pushed; i: number }[], used: Set<number>, splitIn: boolean): (QueryFilter | undefined)[] {
  // queryItems returns only items that have the key, so `is not null` on it is already done.
  for (const { p, i } of onKey) if (p.filter.operator === "notNull") used.add(i);
  const pick = (operators: readonly Operator[]): QueryFilter | undefined => {
    for (const operator of operators) {
      for (const { p, i } of onKey) {
        const f = p.filter;
        if (f.operator !== operator) continue;
        if (operator === "in") {
          const values = uniqueScalars(equalityValues(f)!);
          if (values.length !== 1) continue;
          used.add(i);
          return { operator: "equals", value: values[0]! };
        }
        used.add(i);
        return { operator, value: f.value! };
      }
    }
    return undefined;
  };
  const equal = pick(["equals", "in"]);
  if (equal !== undefined) return [equal];
  const list = splitIn ? onKey.find(({ p }) => p.filter.operator === "in") : undefined;
  if (list !== undefined) {
    used.add(list.i);
    return uniqueScalars(equalityValues(list.p.filter)!).map((value) => ({ operator: "equals", value }));
  }
  const lower = onKey.find(({ p }) => p.filter.operator === "greaterEqual");
  const upper = onKey.find(({ p }) => p.filter.operator === "lessEqual");
  if (lower !== undefined && upper !== undefined && (lower.p.filter.value as number) <= (upper.p.filter.value as number)) {
    used.add(lower.i).add(upper.i);
    return [{ operator: "between", value: [lower.p.filter.value as number, upper.p.filter.value as number] }];
  }
  return [pick(RANGE_PREFERENCE)];
}
