import fc from "fast-check";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { quoteString, TYPE_NAMES } from "@itemfilter/core";
import { unmarshalItem } from "@itemfilter/dynamodb/run";
import { combinedArbitrary } from "./dynamoArbitraries.js";

/**
 * Items of every type DynamoDB holds (strings with astral characters, long
 * ones, numbers, BOOL, NULL, string and number sets, binary, lists and maps
 * nested a few levels) and filters of size(…), type tests and ranges of
 * strings, in and/or/not: issue 34's property tests on DynamoDB Local and
 * over the emulator draw both from here. `json` is the item as unmarshalItem
 * reads it, which is what evaluate is given.
 */

const STRINGS = ["", "a", "ab", "abc", "b", "é", "\u{1F600}", "x\u{1F600}y", "\uFF61", "中文", "2024-06-01", "2024-06-01T10:00:00Z", "2024-07-01", "z".repeat(300)];
const NUMBERS = [0, 1, -1, 2, 2.5, 3, 10, 1e20];
/** Bounds of ranges, which items hold often, so that a bound is often met exactly (where `>` and `>=` differ). */
const BOUNDS = ["", "a", "ab", "b", "2024-06-01", "2024-07-01"];

const scalar: fc.Arbitrary<AttributeValue> = fc.oneof(
  fc.constantFrom(...STRINGS).map((S) => ({ S }) as AttributeValue),
  fc.constantFrom(...BOUNDS).map((S) => ({ S }) as AttributeValue),
  fc.constantFrom(...NUMBERS).map((n) => ({ N: String(n) }) as AttributeValue),
);

const leaf: fc.Arbitrary<AttributeValue> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.boolean().map((BOOL) => ({ BOOL }) as AttributeValue) },
  { weight: 1, arbitrary: fc.constant({ NULL: true } as AttributeValue) },
  { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...STRINGS), { minLength: 1, maxLength: 3 }).map((SS) => ({ SS }) as AttributeValue) },
  { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...NUMBERS), { minLength: 1, maxLength: 3 }).map((ns) => ({ NS: ns.map(String) }) as AttributeValue) },
  { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 6 }).map((B) => ({ B }) as AttributeValue) },
);

/** A value: a leaf, or a list or map of values, a few levels deep. */
export const valueArbitrary: fc.Arbitrary<AttributeValue> = fc.letrec<{ value: AttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 5, arbitrary: leaf },
    fc.array(tie("value"), { maxLength: 4 }).map((L) => ({ L }) as AttributeValue),
    fc.dictionary(fc.constantFrom("x", "y", "z"), tie("value"), { maxKeys: 3 }).map((M) => ({ M }) as AttributeValue),
  ),
})).value;

export const ATTRIBUTES = ["a", "b", "c"] as const;

export interface TypedItem {
  /** As written to DynamoDB, with `id` as the key. */
  raw: Record<string, AttributeValue>;
  /** As evaluate reads it (unmarshalItem's). */
  json: Record<string, unknown>;
}

/** Items with distinct ids; each of a, b and c missing or holding any value. */
export const itemsArbitrary: fc.Arbitrary<TypedItem[]> = fc
  .array(fc.tuple(fc.option(valueArbitrary, { nil: undefined }), fc.option(valueArbitrary, { nil: undefined }), fc.option(valueArbitrary, { nil: undefined })), { maxLength: 30 })
  .map((rows) =>
    rows.map((cells, i) => {
      const raw: Record<string, AttributeValue> = { id: { S: `i${i}` } };
      cells.forEach((v, k) => {
        if (v !== undefined) raw[ATTRIBUTES[k]!] = v;
      });
      return { raw, json: unmarshalItem(raw) };
    }),
  );

const subject = fc.constantFrom(...ATTRIBUTES);
const size = fc.constantFrom(0, 1, 2, 3, 4, 5, 300);

/** One condition: size(…), a type test, a range of strings, or a plain comparison for company. */
const range: fc.Arbitrary<string> = fc
  .tuple(subject, fc.constantFrom(">=", ">"), fc.constantFrom(...BOUNDS), fc.constantFrom("<=", "<"), fc.constantFrom(...BOUNDS))
  .map(([s, lo, x, hi, y]) => `${s} ${lo} ${quoteString(x)} and ${s} ${hi} ${quoteString(y)}`);

export const conditionArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(subject, fc.constantFrom("=", "!=", "<", "<=", ">", ">="), size).map(([s, op, n]) => `size(${s}) ${op} ${n}`),
  fc.tuple(subject, size, size).map(([s, x, y]) => `size(${s}) between ${Math.min(x, y)} and ${Math.max(x, y)}`),
  fc.tuple(subject, fc.uniqueArray(size, { minLength: 1, maxLength: 3 })).map(([s, ns]) => `size(${s}) in (${ns.join(", ")})`),
  fc.tuple(subject, fc.constantFrom("is", "is not"), fc.constantFrom(...TYPE_NAMES)).map(([s, is, t]) => `${s} ${is} ${t}`),
  fc.tuple(subject, fc.constantFrom("<", "<=", ">", ">="), fc.constantFrom(...STRINGS)).map(([s, op, v]) => `${s} ${op} ${quoteString(v)}`),
  // Three times as likely as each other form: a bound met exactly is where `>` and `>=` differ.
  range,
  range,
  range,
  fc.tuple(subject, fc.constantFrom("is null", "is not null")).map(([s, op]) => `${s} ${op}`),
  fc.tuple(subject, fc.oneof(fc.constantFrom(...STRINGS).map(quoteString), fc.constantFrom(...NUMBERS).map(String), fc.constantFrom("true", "false"))).map(([s, v]) => `${s} = ${v}`),
);

export const sizeTypeFilterArbitrary: fc.Arbitrary<string> = combinedArbitrary(conditionArbitrary);
