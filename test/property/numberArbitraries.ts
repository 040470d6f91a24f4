import fc from "fast-check";
import { toNumberValue, type NumberValue } from "@itemfilter/core";

/*
 * Numbers as DynamoDB holds them, across its whole range: doubles within
 * 1e-130..1e126, decimals of 16 to 38 digits with exponents from -130 to 125,
 * the neighbours of 2^53, and decimals that round to the same double. Each is
 * a NumberValue (a double where one holds it, else an ExactNumber).
 */

const digits = (min: number, max: number): fc.Arbitrary<string> =>
  fc.tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min - 1, maxLength: max - 1 })).map(([d, rest]) => `${d}${rest.join("")}`);

/** A decimal's text: sign, 1 to 38 significant digits, and an exponent keeping it within DynamoDB's range. */
export const decimalTextArb: fc.Arbitrary<string> = fc
  .tuple(fc.boolean(), digits(16, 38), fc.integer({ min: -130, max: 125 }))
  .map(([neg, d, e]) => {
    // d.ddd × 10^e: within 1e-130 .. below 1e126 for e in -130..125.
    return `${neg ? "-" : ""}${d[0]}${d.length > 1 ? `.${d.slice(1)}` : ""}e${e}`;
  });

const TWO_53 = 9007199254740992n;

/** Integers near 2^53 (and their negatives), where doubles stop holding every integer. */
export const nearTwo53Arb: fc.Arbitrary<string> = fc
  .tuple(fc.boolean(), fc.integer({ min: -4, max: 4 }))
  .map(([neg, k]) => `${neg ? "-" : ""}${TWO_53 + BigInt(k)}`);

/** Decimals that one double stands for: the double's own shortest digits with more digits after them. */
export const sameDoubleArb: fc.Arbitrary<string> = fc
  .tuple(fc.double({ min: 1e-100, max: 1e100, noNaN: true }), fc.integer({ min: 1, max: 9 }))
  .map(([x, d]) => {
    const e = x.toExponential(); // d.ddde±n, at most 17 significant digits
    const [mantissa, exponent] = e.split("e");
    return `${mantissa!.includes(".") ? mantissa : `${mantissa}.`}00000000000000000000${d}e${exponent}`;
  });

/** A double DynamoDB can hold. */
export const dynamoDoubleArb: fc.Arbitrary<number> = fc.oneof(
  fc.double({ min: -1e125, max: 1e125, noNaN: true }).filter((x) => x === 0 || Math.abs(x) >= 1e-130),
  fc.integer(),
  fc.constantFrom(0, -0, 1, -1, 0.1, 1e21, 1e-7, 1e-130, 9.99999999999999e125, 2 ** 53),
);

/** A number of either form, across DynamoDB's range. */
export const dynamoNumberArb: fc.Arbitrary<NumberValue> = fc.oneof(
  { weight: 3, arbitrary: dynamoDoubleArb },
  { weight: 2, arbitrary: decimalTextArb.map(toNumberValue) },
  { weight: 1, arbitrary: nearTwo53Arb.map(toNumberValue) },
  { weight: 1, arbitrary: sameDoubleArb.map(toNumberValue) },
);
