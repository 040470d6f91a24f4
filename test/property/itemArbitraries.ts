import fc from "fast-check";
import { parseJson, stringifyJson, toNumberValue } from "@itemfilter/core";

/**
 * Items for property tests: records over a small pool of attribute names,
 * so filters and items meet often. Values cover every case the semantics
 * distinguish: missing (absent or null), strings (empty, non-BMP, ones whose
 * UTF-8 and UTF-16 orders differ), numbers (including -0), arrays of both,
 * and values of no filter type at all (booleans, objects).
 */

/** Strings the filter arbitraries use too, so equal values actually occur. */
export const STRING_POOL = ["", "a", "A", "ab", "abc", "b", "x", "xa", "1", "10", "\uFF61", "\uFFFF", "\u{1F600}", "a\u{1F600}", "\u{1F600}b", "\u{10000}"] as const;
/** Small numbers, and numbers only an ExactNumber holds beside the doubles nearest them (2^53 and 2^53 + 1). */
export const NUMBER_POOL = [0, -0, 1, 2, 3, -1, 1.5, 100, 9007199254740992, toNumberValue("9007199254740993"), toNumberValue("-12345678901234567890.12")] as const;

/** Mostly a few values, so that a filter's value and an item's value coincide often (1 against "1", 0 against -0). */
export const poolString = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("a", "1", "ab", "\u{1F600}") }, { weight: 2, arbitrary: fc.constantFrom(...STRING_POOL) });
export const poolNumber = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(0, -0, 1, 3) }, { weight: 2, arbitrary: fc.constantFrom(...NUMBER_POOL) });

const attributeValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: poolString },
  { weight: 4, arbitrary: poolNumber },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 4 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.array(fc.oneof(poolString, poolNumber), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom({}, { a: 1 }, [null], [[1]]) },
);

/** A record over `names`; each attribute may be absent. */
export function itemArbitrary(names: readonly string[]): fc.Arbitrary<unknown> {
  const record = fc.record(Object.fromEntries(names.map((n) => [n, attributeValue])), { requiredKeys: [] });
  // A few items are not records at all: they have no attributes.
  return fc.oneof({ weight: 20, arbitrary: record }, { weight: 1, arbitrary: fc.constantFrom(null, 3, "a", ["a"], true) });
}

/** Primary key values of the keyed tables findAll and findPage run on. No "": no item has an empty key (the emulator refuses one at load, as DynamoDB does). */
export const keyValue = fc.oneof(fc.constantFrom<string | number>("p1", "p2", "a", "\u{1F600}", "1"), fc.constantFrom(0, 1, 2, -1, 1.5));

/** Their sort key `ts`: both types, and null (no sort key). */
export const tsValue = fc.oneof(fc.constantFrom<unknown>(0, 1, 2, 3, 5, 10, 1.5, -2, "a", "ab", "b", "10", "\u{1F600}"), fc.constant(null));

/** Items as a client sees them: JSON there and back (so -0 is 0 on both sides of the comparison). */
export const wire = <T>(value: T): T => parseJson(stringifyJson(value)) as T;
