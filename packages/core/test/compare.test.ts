import { describe, expect, it } from "vitest";
import { compareScalars, compareStrings } from "../src/values/compare.js";

const sign = (n: number | null) => (n === null ? null : Math.sign(n));

describe("compareStrings orders by UTF-8 bytes (code points)", () => {
  it.each([
    ["a", "b", -1],
    ["b", "a", 1],
    ["a", "a", 0],
    ["", "a", -1],
    ["ab", "a", 1],
    ["Z", "a", -1],
    ["\uff61", "\u{1f600}", -1], // JavaScript's < on UTF-16 units says the opposite
    ["\u{1f600}", "\uff61", 1],
    ["\ue000", "\u{10000}", -1],
    ["\u{1f600}", "\u{1f601}", -1],
    ["\u{1f600}x", "\u{1f600}", 1],
    ["é", "z", 1],
  ])("%j vs %j is %d", (a, b, expected) => {
    expect(sign(compareStrings(a, b))).toBe(expected);
  });

  it("disagrees with < exactly where UTF-16 and UTF-8 orders differ", () => {
    expect("\uff61" < "\u{1f600}").toBe(false);
    expect(compareStrings("\uff61", "\u{1f600}") < 0).toBe(true);
  });
});

describe("compareScalars", () => {
  it.each([
    [1, 2, -1],
    [2, 1, 1],
    [-0, 0, 0],
    ["1", "2", -1],
    [1, "1", null],
    ["1", 1, null],
  ] as [string | number, string | number, number | null][])("%j vs %j is %s", (a, b, expected) => {
    expect(sign(compareScalars(a, b))).toBe(expected);
  });
});
