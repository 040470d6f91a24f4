import { compareNumbers, compareStrings, isExactNumber, type NumberValue } from "@itemfilter/core";

/** A value a key attribute may hold: a string or a finite number (a double, or an ExactNumber past a double's digits), as in the service's filters. */
export type KeyValue = string | NumberValue;

export function isKeyValue(value: unknown): value is KeyValue {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value)) || isExactNumber(value);
}

/** "string" or "number": a key's type as DynamoDB declares it (an ExactNumber is a number). */
export function keyValueType(value: unknown): string {
  return isExactNumber(value) ? "number" : typeof value;
}

/**
 * A total order on key values: numbers (ascending, exactly) before strings (by
 * UTF-8 bytes, as core compares them). Core leaves numbers and strings
 * unordered against each other; a table that mixes them still needs one order to page in.
 */
export function compareKeyValues(a: KeyValue, b: KeyValue): number {
  if (typeof a === "string") return typeof b === "string" ? compareStrings(a, b) : 1;
  if (typeof b === "string") return -1;
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  return compareNumbers(a, b);
}

/** Orders an absent value before every present one, as a partition's item without a secondary key sorts first. */
export function compareOptionalKeyValues(a: KeyValue | undefined, b: KeyValue | undefined): number {
  if (a === undefined) return b === undefined ? 0 : -1;
  if (b === undefined) return 1;
  return compareKeyValues(a, b);
}

/**
 * Lookup key for a partition map; 0 and -0 are one key, as they compare equal.
 * An ExactNumber's digits never name a double (a double is never an
 * ExactNumber), so its text cannot meet a plain number's.
 */
export function keyToken(value: KeyValue): string {
  return typeof value === "string" ? `s:${value}` : `n:${value === 0 ? 0 : String(value)}`;
}
