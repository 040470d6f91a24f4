import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareNumbers, toNumberValue } from "@itemfilter/core";
import { compareDecimals, decimalOf } from "../src/values/decimal.js";
import { dynamoNumberArb } from "../../../test/property/numberArbitraries.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

/** The reference: both numbers read as decimals from their text, compared digit by digit. */
const reference = (a: unknown, b: unknown): number => Math.sign(compareDecimals(decimalOf(String(a))!, decimalOf(String(b))!)) || 0;
const sign = (n: number): number => Math.sign(n) || 0;

describe("compareNumbers", () => {
  it("orders any two DynamoDB numbers as their decimals do", () => {
    fc.assert(
      fc.property(dynamoNumberArb, dynamoNumberArb, (a, b) => {
        expect(sign(compareNumbers(a, b))).toBe(reference(a, b));
      }),
      { numRuns: propertyRuns(2000), seed: 32 },
    );
  });

  it("orders an exact number against the doubles around it", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-120, max: 1e120, noNaN: true }), fc.integer({ min: 1, max: 9 }), fc.boolean(), (x, d, negative) => {
        const [m, e] = x.toExponential().split("e");
        // More digits after the double's own: still rounds to x, just above it (or, negated, just below -x).
        const text = `${negative ? "-" : ""}${m!.includes(".") ? m : `${m}.`}00000000000000000000${d}e${e}`;
        const v = toNumberValue(text);
        for (const y of [x, -x, x * (1 + Number.EPSILON), x * (1 - Number.EPSILON), -x * (1 + Number.EPSILON), 0]) expect(sign(compareNumbers(v, y))).toBe(reference(v, y));
      }),
      { numRuns: propertyRuns(500), seed: 33 },
    );
  });
});
