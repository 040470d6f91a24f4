import fc from "fast-check";
import { quotePath, quoteString } from "@itemfilter/core";
import { combinedArbitrary } from "./dynamoArbitraries.js";

/**
 * Issue 34's nested attributes: JSON items of maps and lists nested several
 * levels (with arrays that are sets, as marshalItem writes an array of only
 * strings or only numbers, and booleans and nulls), and random filters over
 * paths into them (members, quoted members, indexes, and paths that lead
 * nowhere) in and/or/not. The property tests on DynamoDB Local and over the
 * emulator draw both from here.
 */

const STRINGS = ["", "a", "ab", "b", "é", "\u{1F600}", "Oslo", "0150"];
const NUMBERS = [0, 1, -1, 2, 2.5, 10];
/** Members: plain, quoted (a space), a keyword, and the key's own name (a member may share it). */
const MEMBERS = ["x", "y", "zip code", "in", "id"];

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** A value: a scalar, a map, a list (mixed, so marshalItem writes L) or a set (only strings or only numbers: SS, NS). */
const valueArbitrary: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true, maxDepth: 4 },
    { weight: 3, arbitrary: scalar },
    fc.dictionary(fc.constantFrom(...MEMBERS), tie("value"), { maxKeys: 3 }),
    fc.array(tie("value"), { minLength: 1, maxLength: 3 }).map((l) => [...l, { x: 1 }]),
    fc.uniqueArray(fc.constantFrom(...STRINGS), { minLength: 1, maxLength: 3 }),
    fc.uniqueArray(fc.constantFrom(...NUMBERS), { minLength: 1, maxLength: 3 }),
  ),
})).value;

export const PATH_ATTRIBUTES = ["a", "b"] as const;

/** Items with distinct ids `i0`, `i1`…; a and b each missing or holding any value. */
export const pathItemsArbitrary: fc.Arbitrary<Record<string, unknown>[]> = fc
  .array(fc.tuple(fc.option(valueArbitrary, { nil: undefined }), fc.option(valueArbitrary, { nil: undefined })), { minLength: 1, maxLength: 25 })
  .map((rows) =>
    rows.map(([a, b], i) => {
      const item: Record<string, unknown> = { id: `i${i}` };
      if (a !== undefined) item.a = a;
      if (b !== undefined) item.b = b;
      return item;
    }),
  );

const step: fc.Arbitrary<string | number> = fc.oneof(fc.constantFrom(...MEMBERS), fc.constantFrom(0, 1, 2, 3));
/** A path of one to four steps after a or b, as the filter writes it. */
const pathArbitrary: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...PATH_ATTRIBUTES), fc.array(step, { minLength: 1, maxLength: 4 }))
  .map(([name, steps]) => quotePath(name, steps));

const literal = fc.oneof(fc.constantFrom(...STRINGS).map(quoteString), fc.constantFrom(...NUMBERS).map(String));

export const pathConditionArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(pathArbitrary, fc.constantFrom("=", "!=", "<", "<=", ">", ">="), literal).map(([p, op, v]) => `${p} ${op} ${v}`),
  fc.tuple(pathArbitrary, fc.constantFrom("true", "false")).map(([p, v]) => `${p} = ${v}`),
  fc.tuple(pathArbitrary, fc.constantFrom("is null", "is not null", "is map", "is list", "is string", "is not number", "is boolean")).map(([p, t]) => `${p} ${t}`),
  fc.tuple(pathArbitrary, fc.constantFrom("contains", "beginsWith", "notContains"), fc.constantFrom(...STRINGS)).map(([p, op, v]) => `${p} ${op} ${quoteString(v)}`),
  fc.tuple(pathArbitrary, fc.uniqueArray(literal, { minLength: 1, maxLength: 3 })).map(([p, vs]) => `${p} in (${vs.join(", ")})`),
  fc.tuple(pathArbitrary, fc.constantFrom(">", "=", "<="), fc.constantFrom(0, 1, 2, 3)).map(([p, op, n]) => `size(${p}) ${op} ${n}`),
  fc.tuple(pathArbitrary, fc.constantFrom(...NUMBERS), fc.constantFrom(...NUMBERS)).map(([p, x, y]) => `${p} between ${Math.min(x, y)} and ${Math.max(x, y)}`),
  // Top-level conditions for company, the key's among them (a Query where it is an equality).
  fc.constantFrom("a is not null", "b is map", "id = \"i1\"", "id = \"i2\"", "id in (\"i0\", \"i3\")"),
);

export const pathFilterArbitrary: fc.Arbitrary<string> = combinedArbitrary(pathConditionArbitrary);
