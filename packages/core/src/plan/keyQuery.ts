import type { ListFilter, QueryFilter, Scalar } from "../values/filters.js";
import { equalityValues, scalarKind, uniqueScalars } from "../semantics/lowering.js";
import { compareScalars } from "../values/compare.js";
import type { Operator } from "../values/operators.js";
import { predicateTest } from "../semantics/predicateTest.js";
import type { Clause } from "./clauses.js";
import type { PlanKeyType, PlanKeys } from "./planTypes.js";
import type { Literal, Pushed } from "./terms.js";

/**
 * How a clause can run as partition queries: the partitions (`key.primary`
 * values), the QueryFilter on the secondary key, and what is left to check
 * locally. A query without a filter reads the whole partition (items without
 * the secondary key too), so an equality on the primary key is enough; a
 * QueryFilter returns only items that have the key, so it is taken only from
 * a condition that implies the key is present. See grammar/planning.md.
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
 * The partition queries for a clause, or null when it does not qualify (no
 * equality on the primary key). With `splitIn`, an `in` of several values on
 * the secondary key becomes one equality query per value (each exact)
 * instead of a residual. With key types, a value of the other type matches
 * no item, so it sends no request (the service would refuse it).
 */
export function keyQuery(clause: Clause, keys: PlanKeys | undefined, splitIn: boolean): KeyQuery | null {
  if (keys === undefined) return null;
  const primaryAt = clause.push.findIndex((p) => p.filter.item === keys.primary && equalityValues(p.filter) !== null);
  if (primaryAt < 0) return null;
  const nothing: KeyQuery = { partitions: [], filters: [], rest: [] };
  // No item has an empty key (the service refuses "" as a key value, in an item or a
  // request), so "" as the partition matches nothing: no request for it.
  const partitions = uniqueScalars(equalityValues(clause.push[primaryAt]!.filter)!).filter((v) => v !== "" && fitsType(v, keys.types?.primary));
  if (partitions.length === 0) return nothing;
  const secondary = keys.secondary;
  const onKey = secondary === undefined ? [] : clause.push.map((p, i) => ({ p, i })).filter(({ p }) => p.filter.item === secondary && impliesPresent(p.filter));
  const type = keys.types?.secondary;
  // These conditions pass only items that have the key, and every such item holds a value of its type.
  if (onKey.some(({ p }) => neverOfType(p.filter, type))) return nothing;

  const used = new Set<number>([primaryAt]);
  // A condition with "" is no QueryFilter the service takes: it stays in the residual, checked locally.
  const filters = queryFilters(onKey.filter(({ p }) => !hasEmptyString(p.filter)), used, splitIn, type);
  const rest: Literal[] = [...clause.push.filter((_, i) => !used.has(i)), ...clause.local];
  return { partitions, filters, rest };
}

function hasEmptyString(filter: ListFilter): boolean {
  return Array.isArray(filter.value) ? filter.value.includes("") : filter.value === "";
}

function fitsType(value: Scalar, type: PlanKeyType | undefined): boolean {
  return type === undefined || scalarKind(value) === type;
}

/**
 * Whether no value of the key's type passes the condition, for the operators
 * a QueryFilter takes: an equality or `in` with no value of that type, or a
 * range (`<`, `between`, `beginsWith`, …) with a bound of the other type,
 * which orders against nothing of the key's type. Other operators stay in the residual.
 */
function neverOfType(filter: ListFilter, type: PlanKeyType | undefined): boolean {
  if (type === undefined) return false;
  if (filter.operator === "equals" || filter.operator === "in") return !uniqueScalars(equalityValues(filter)!).some((v) => fitsType(v, type));
  if (!RANGE_PREFERENCE.includes(filter.operator)) return false;
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  return values.some((v) => !fitsType(v as Scalar, type));
}

type OnKey = { p: Pushed; i: number }[];

/**
 * The QueryFilters from the clause's conditions on the key, one per request
 * ([undefined] for one request without a filter, which reads the whole
 * partition), values of the key's type only. Marks the conditions it uses.
 */
function queryFilters(onKey: OnKey, used: Set<number>, splitIn: boolean, type: PlanKeyType | undefined): (QueryFilter | undefined)[] {
  const filters = chosenFilters(onKey, used, splitIn, type);
  // A query with a filter returns only items that have the key, so `is not null` on it is then done;
  // one without a filter reads the whole partition, and the residual keeps it.
  if (filters[0] !== undefined) for (const { p, i } of onKey) if (p.filter.operator === "notNull") used.add(i);
  return filters;
}

/** An equality, else (with `splitIn`) one equality per value of an `in`, else a `>=`/`<=` pair as between, else a range. */
function chosenFilters(onKey: OnKey, used: Set<number>, splitIn: boolean, type: PlanKeyType | undefined): (QueryFilter | undefined)[] {
  const values = (f: ListFilter): Scalar[] => uniqueScalars(equalityValues(f)!).filter((v) => fitsType(v, type));
  const pick = (operators: readonly Operator[]): QueryFilter | undefined => {
    for (const operator of operators) {
      for (const { p, i } of onKey) {
        const f = p.filter;
        if (f.operator !== operator) continue;
        if (operator === "in") {
          const one = values(f);
          if (one.length !== 1) continue;
          used.add(i);
          return { operator: "equals", value: one[0]! };
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
    return values(list.p.filter).map((value) => ({ operator: "equals", value }));
  }
  const lower = onKey.find(({ p }) => p.filter.operator === "greaterEqual");
  const upper = onKey.find(({ p }) => p.filter.operator === "lessEqual");
  const order = lower !== undefined && upper !== undefined ? compareScalars(lower.p.filter.value as Scalar, upper.p.filter.value as Scalar) : null;
  if (order !== null && order <= 0) {
    used.add(lower!.i).add(upper!.i);
    return [{ operator: "between", value: [lower!.p.filter.value as Scalar, upper!.p.filter.value as Scalar] }];
  }
  return [pick(RANGE_PREFERENCE)];
}
