import { compareStrings } from "../values/compare.js";
import { isExactNumber, isNumberValue } from "../values/isExactNumber.js";
import { compareNumbers } from "../values/compareNumbers.js";
import type { Operator } from "../values/operators.js";

/**
 * The one implementation of what each operator matches (grammar/semantics.md).
 * `matches` (on filter JSON) and `evaluate` (on syntax trees) both build their
 * tests here, which is what makes comparing them a test of the compiler alone.
 */

/** A test of one attribute value; `undefined` or `null` means the attribute is missing. */
export type ValueTest = (actual: unknown) => boolean;

const never: ValueTest = () => false;

/** A string or a number of either form: ExactNumbers are one object per value (numberValue.ts), so `===` compares them too. */
const isScalar = (v: unknown): boolean => typeof v === "string" || typeof v === "number" || isExactNumber(v);

/**
 * Builds the test of `operator` with the filter's `value` (a scalar, an array,
 * or undefined for null/notNull). Values of the wrong shape, which only a
 * hand-built tree can carry, give a test that never matches: there is no
 * coercion between types anywhere.
 */
export function predicateTest(operator: Operator, value: unknown): ValueTest {
  // Numbers: two doubles compare as doubles, the only work where numbers are small; an
  // ExactNumber on either side is compared by its digits (grammar/semantics.md, "Numbers").
  switch (operator) {
    case "equals":
      return equalsTest(value);
    case "notEquals":
      return negate(equalsTest(value));
    case "lessThan":
      if (typeof value === "number") return (x) => (typeof x === "number" ? x < value : exactOrder(x, value) < 0);
      return order(value, (c) => c < 0);
    case "lessEqual":
      if (typeof value === "number") return (x) => (typeof x === "number" ? x <= value : exactOrder(x, value) <= 0);
      return order(value, (c) => c <= 0);
    case "greaterThan":
      if (typeof value === "number") return (x) => (typeof x === "number" ? x > value : exactOrder(x, value) > 0);
      return order(value, (c) => c > 0);
    case "greaterEqual":
      if (typeof value === "number") return (x) => (typeof x === "number" ? x >= value : exactOrder(x, value) >= 0);
      return order(value, (c) => c >= 0);
    case "between":
      return betweenTest(value);
    case "null":
      return (x) => x === undefined || x === null;
    case "notNull":
      return (x) => x !== undefined && x !== null;
    case "contains":
      return containsTest(value);
    case "notContains":
      return notContainsTest(value);
    case "beginsWith":
      if (typeof value !== "string") return never;
      return (x) => typeof x === "string" && x.startsWith(value);
    case "in":
      return inTest(Array.isArray(value) ? value : [value]);
    default:
      throw new TypeError(`unknown operator ${JSON.stringify(operator)}; see OPERATORS for the operator names`);
  }
}

function negate(test: ValueTest): ValueTest {
  return (x) => !test(x);
}

/**
 * Present and not containing the value. A missing attribute never matches:
 * DynamoDB's NOT_CONTAINS is false when the attribute does not exist (what
 * DynamoDB Local answers; grammar/semantics.md), so this is not `not contains`.
 */
function notContainsTest(value: unknown): ValueTest {
  const contains = containsTest(value);
  return (x) => x !== undefined && x !== null && !contains(x);
}

/** The order of an item's ExactNumber against a double; NaN (no order) for anything else. */
function exactOrder(x: unknown, value: number): number {
  return isExactNumber(x) ? compareNumbers(x, value) : Number.NaN;
}

/** Ordering of strings by UTF-8 bytes, or of numbers against an ExactNumber; no other value matches. */
function order(value: unknown, accept: (order: number) => boolean): ValueTest {
  if (typeof value === "string") return (x) => typeof x === "string" && accept(compareStrings(x, value));
  if (isExactNumber(value)) return (x) => isNumberValue(x) && accept(compareNumbers(x, value));
  return never;
}

function betweenTest(value: unknown): ValueTest {
  if (!Array.isArray(value) || value.length !== 2) return never;
  const [lower, upper] = value as unknown[];
  if (typeof lower === "number" && typeof upper === "number") return (x) => (typeof x === "number" ? x >= lower && x <= upper : exactOrder(x, lower) >= 0 && exactOrder(x, upper) <= 0);
  if (isNumberValue(lower) && isNumberValue(upper)) return (x) => isNumberValue(x) && compareNumbers(x, lower) >= 0 && compareNumbers(x, upper) <= 0;
  if (typeof lower === "string" && typeof upper === "string") {
    return (x) => typeof x === "string" && compareStrings(x, lower) >= 0 && compareStrings(x, upper) <= 0;
  }
  return never;
}

function equalsTest(value: unknown): ValueTest {
  // `===` is the equality we want: -0 equals 0, NaN equals nothing, and no coercion (true is not "true" or 1).
  if (isScalar(value) || typeof value === "boolean") return (x) => x === value;
  if (Array.isArray(value)) return (x) => Array.isArray(x) && sameSet(x, value);
  return never;
}

/** Set equality of two arrays of strings and numbers; an array holding anything else is not a set and equals nothing. */
function sameSet(x: readonly unknown[], y: readonly unknown[]): boolean {
  const a = present(x);
  const b = present(y);
  if (!a.every(isScalar) || !b.every(isScalar)) return false;
  return a.every((v) => b.indexOf(v) !== -1) && b.every((v) => a.indexOf(v) !== -1);
}

function containsTest(value: unknown): ValueTest {
  // indexOf, not includes: strict equality, so a NaN element is never found.
  if (typeof value === "string") return (x) => (typeof x === "string" ? x.includes(value) : Array.isArray(x) && present(x).indexOf(value) !== -1);
  if (isNumberValue(value)) return (x) => Array.isArray(x) && present(x).indexOf(value) !== -1;
  return never;
}

/** Arrays at least this long are checked for holes before they are searched. */
const LONG_ARRAY = 1 << 16;
/** V8 holds at most this many elements in a flat array (FixedArray's limit); a longer array is sparse. */
const MOST_DENSE = 2 ** 27;

/**
 * The elements an array has. A hole is not an element (the array methods
 * skip holes too), and an item from JavaScript can be a sparse array with a
 * huge length (`a[2 ** 32 - 2] = "x"`), where searching every index took
 * 57 s. A long array that is sparse (longer than any flat array can be, or
 * with a hole at its start, middle or end) is read through its own keys,
 * which visits only the elements present. Short or dense arrays (every array
 * from JSON) are searched as they are, with no copy.
 */
export function present(x: readonly unknown[]): readonly unknown[] {
  const n = x.length;
  if (n < LONG_ARRAY) return x;
  if (n <= MOST_DENSE && 0 in x && n - 1 in x && n >>> 1 in x) return x;
  const out: unknown[] = [];
  for (const k of Object.keys(x)) {
    // Own keys of an array are its indexes in order, then any other properties, which are not elements.
    const i = Number(k);
    if (!(Number.isInteger(i) && i >= 0 && i < n && String(i) === k)) break;
    out.push(x[i]);
  }
  return out;
}

/** Lists this long and longer are looked up in a Set; shorter ones are scanned, which is faster. */
const SET_FROM = 8;

function inTest(values: readonly unknown[]): ValueTest {
  if (!values.every(isScalar)) {
    const tests = values.map(equalsTest);
    return (x) => tests.some((t) => t(x));
  }
  // NaN is dropped because it equals nothing; a Set would find it.
  const list = values.filter((v) => v === v);
  if (list.length === 1) {
    const only = list[0];
    return (x) => x === only;
  }
  if (list.length < SET_FROM) return (x) => isScalar(x) && list.indexOf(x) !== -1;
  const set = new Set(list);
  return (x) => isScalar(x) && set.has(x);
}
