import fc from "fast-check";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { quotePath, quoteString, TYPE_NAMES } from "@itemfilter/core";
import { combinedArbitrary } from "./dynamoArbitraries.js";

/**
 * Issue 40's value model on every runner: items of every type DynamoDB holds
 * (S, N with numbers no double holds, BOOL, NULL, B, SS, NS, BS, and L and M
 * nested a few levels), an attribute named `__proto__` among them, and
 * filters over paths into them (indexes into lists and into sets, members of
 * maps and of sets) with every kind of condition: equality and order, in,
 * between, contains, beginsWith, null, type tests and size. Drawn in raw
 * DynamoDB form, so what a runner reads is what DynamoDB holds.
 */

const STRINGS = ["", "a", "ab", "b", "beta", "é", "\u{1F600}", "x\u{1F600}y", "\uFF61"];
/** Numbers as DynamoDB's text: small ones, and ones no double holds (they read as ExactNumbers). */
const NUMBERS = ["0", "1", "-1", "2.5", "10", "9007199254740993", "12345678901234567890.12", "-1e-130"];
/** Binaries of one, two and three bytes, some sharing a prefix. */
const BYTES = [[0x61], [0x61, 0x62], [0], [0xff, 0, 1]].map((b) => new Uint8Array(b));

const scalar: fc.Arbitrary<AttributeValue> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STRINGS).map((S) => ({ S }) as AttributeValue) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS).map((N) => ({ N }) as AttributeValue) },
  { weight: 1, arbitrary: fc.boolean().map((BOOL) => ({ BOOL }) as AttributeValue) },
  { weight: 1, arbitrary: fc.constant({ NULL: true } as AttributeValue) },
  { weight: 1, arbitrary: fc.constantFrom(...BYTES).map((B) => ({ B }) as AttributeValue) },
);

const sets: fc.Arbitrary<AttributeValue> = fc.oneof(
  fc.uniqueArray(fc.constantFrom(...STRINGS), { minLength: 1, maxLength: 3 }).map((SS) => ({ SS }) as AttributeValue),
  fc.uniqueArray(fc.constantFrom(...NUMBERS), { minLength: 1, maxLength: 3 }).map((NS) => ({ NS }) as AttributeValue),
  fc.uniqueArray(fc.constantFrom(...BYTES), { minLength: 1, maxLength: 3 }).map((BS) => ({ BS }) as AttributeValue),
);

/** Map members: plain names, and `__proto__`, which must stay an ordinary member. */
const MEMBERS = ["x", "y", "__proto__"];

function withMembers(entries: readonly (readonly [string, AttributeValue])[]): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

export const valueArbitrary: fc.Arbitrary<AttributeValue> = fc.letrec<{ value: AttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true, maxDepth: 3 },
    { weight: 3, arbitrary: scalar },
    { weight: 3, arbitrary: sets },
    // Lists of only strings (what `load` writes for a JSON array) as well as mixed ones.
    fc.array(fc.constantFrom(...STRINGS), { minLength: 1, maxLength: 3 }).map((l) => ({ L: l.map((S) => ({ S })) }) as AttributeValue),
    fc.array(tie("value"), { maxLength: 3 }).map((L) => ({ L }) as AttributeValue),
    fc.uniqueArray(fc.tuple(fc.constantFrom(...MEMBERS), tie("value")), { maxLength: 3, selector: ([k]) => k }).map((m) => ({ M: withMembers(m) }) as AttributeValue),
  ),
})).value;

/** The attributes items have (each may be missing); `__proto__` is one of them. */
export const ATTRIBUTES = ["a", "b", "__proto__"] as const;

/** Raw items keyed by `id` (`i0`, `i1`…), each attribute missing or holding any value. */
export const rawItemsArbitrary: fc.Arbitrary<Record<string, AttributeValue>[]> = fc
  .array(fc.tuple(...ATTRIBUTES.map(() => fc.option(valueArbitrary, { nil: undefined }))), { minLength: 1, maxLength: 24 })
  .map((rows) => rows.map((cells, i) => withMembers([["id", { S: `i${i}` }], ...cells.flatMap((v, k) => (v === undefined ? [] : [[ATTRIBUTES[k]!, v] as const]))])));

const step: fc.Arbitrary<string | number> = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(0, 1) }, { weight: 1, arbitrary: fc.constantFrom(...MEMBERS) });
const steps = fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 3, arbitrary: fc.array(step, { minLength: 1, maxLength: 1 }) }, { weight: 1, arbitrary: fc.array(step, { minLength: 2, maxLength: 2 }) });
const path: fc.Arbitrary<string> = fc.tuple(fc.constantFrom(...ATTRIBUTES), steps).map(([name, at]) => quotePath(name, at));

const number = fc.constantFrom(...NUMBERS);
const literal: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...STRINGS).map(quoteString), number);
const sizeValue = fc.constantFrom(0, 1, 2, 3);

export const conditionArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(path, fc.constantFrom("=", "!="), fc.oneof(literal, fc.constantFrom("true", "false"))).map(([p, op, v]) => `${p} ${op} ${v}`),
  fc.tuple(path, fc.constantFrom("<", "<=", ">", ">="), literal).map(([p, op, v]) => `${p} ${op} ${v}`),
  // A number to look for in a set is `contains` in evaluate and compileDynamo, but the planner takes only text there.
  fc.tuple(path, fc.constantFrom("contains", "notContains"), fc.constantFrom(...STRINGS)).map(([p, op, v]) => `${p} ${op} ${quoteString(v)}`),
  fc.tuple(path, fc.constantFrom(...STRINGS)).map(([p, v]) => `${p} beginsWith ${quoteString(v)}`),
  fc.tuple(path, fc.uniqueArray(literal, { minLength: 1, maxLength: 3 })).map(([p, vs]) => `${p} in (${vs.join(", ")})`),
  fc.tuple(path, fc.constantFrom("-1", "0", "1"), fc.constantFrom("2.5", "10", "9007199254740993")).map(([p, lo, hi]) => `${p} between ${lo} and ${hi}`),
  fc.tuple(path, fc.constantFrom("is null", "is not null")).map(([p, op]) => `${p} ${op}`),
  fc.tuple(path, fc.constantFrom("is", "is not"), fc.constantFrom(...TYPE_NAMES)).map(([p, is, t]) => `${p} ${is} ${t}`),
  fc.tuple(path, fc.constantFrom("=", "!=", "<", ">="), sizeValue).map(([p, op, n]) => `size(${p}) ${op} ${n}`),
);

export const valueFilterArbitrary: fc.Arbitrary<string> = combinedArbitrary(conditionArbitrary, 2);
