import { isNumberValue, type QueryFilter } from "@itemfilter/core";
import { compareKeyValues, isKeyValue, keyValueType, type KeyValue } from "./keyValues.js";
import type { Row } from "./Table.js";

/** The first index in [lo, hi) where `test` holds, for a test that is false and then true; hi when it never holds. */
export function firstIndex(lo: number, hi: number, test: (index: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The slice [lo, hi) of a partition (rows sorted by secondary key, numbers
 * before strings) that can match a QueryFilter, found by binary search. It is
 * a superset of the matches: the caller still tests each row with core's
 * predicate, so core stays the one definition of what matches.
 */
export function searchRange(rows: readonly Row[], filter: QueryFilter): [number, number] {
  const n = rows.length;
  const key = (i: number): KeyValue => rows[i]!.secondary!;
  const lowerBound = (v: KeyValue): number => firstIndex(0, n, (i) => compareKeyValues(key(i), v) >= 0);
  const upperBound = (v: KeyValue): number => firstIndex(0, n, (i) => compareKeyValues(key(i), v) > 0);
  const firstString = (): number => firstIndex(0, n, (i) => typeof key(i) === "string");
  const range = (lo: number, hi: number): [number, number] => (lo < hi ? [lo, hi] : [lo, lo]);
  const v = filter.value;

  switch (filter.operator) {
    case "equals":
      return isKeyValue(v) ? range(lowerBound(v), upperBound(v)) : [0, n];
    case "lessThan":
      return isNumberValue(v) ? range(0, lowerBound(v)) : [0, n];
    case "lessEqual":
      return isNumberValue(v) ? range(0, upperBound(v)) : [0, n];
    case "greaterThan":
      return isNumberValue(v) ? range(upperBound(v), firstString()) : [0, n];
    case "greaterEqual":
      return isNumberValue(v) ? range(lowerBound(v), firstString()) : [0, n];
    case "between": {
      if (!Array.isArray(v) || v.length !== 2 || !isKeyValue(v[0]) || !isKeyValue(v[1]) || keyValueType(v[0]) !== keyValueType(v[1])) return [0, n];
      return range(lowerBound(v[0]), upperBound(v[1]));
    }
    case "beginsWith": {
      if (typeof v !== "string") return [0, n];
      // Strings sharing a prefix are one run in code-unit lexicographic order, starting at the prefix itself.
      const lo = lowerBound(v);
      const hi = firstIndex(lo, n, (i) => {
        const k = key(i);
        return typeof k !== "string" || !k.startsWith(v);
      });
      return range(lo, hi);
    }
    default:
      return [0, n];
  }
}
