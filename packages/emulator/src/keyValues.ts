import { compareStrings } from "@itemfilter/core";

/** A value a key attribute may hold: a string or a finite number, as in the service's filters. */
export type KeyValue = string | number;

export function isKeyValue(value: unknown): value is KeyValue {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

/**
 * A total order on key values: numbers (ascending) before strings (by UTF-8
 * bytes, as core compares them). Core leaves numbers and strings unordered
 * against each other; a table that mixes them still needs one order to page in.
 */
export function compareKeyValues(a: KeyValue, b: KeyValue): number {
  if (typeof a === "number") {
    if (typeof b !== "number") return -1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof b === "number") return 1;
  return compareStrings(a, b);
}

/** Orders an absent value before every present one, as a partition's item without a secondary key sorts first. */
export function compareOptionalKeyValues(a: KeyValue | undefined, b: KeyValue | undefined): number {
  if (a === undefined) return b === undefined ? 0 : -1;
  if (b === undefined) return 1;
  return compareKeyValues(a, b);
}

/** Lookup key for a partition map; 0 and -0 are one key, as they compare equal. */
export function keyToken(value: KeyValue): string {
  return typeof value === "number" ? `n:${value === 0 ? 0 : value}` : `s:${value}`;
}
