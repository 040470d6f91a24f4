import { describe, expect, it } from "vitest";
import { closest } from "../src/syntax/closest.js";
import { suggestOperator, valueHint } from "../src/syntax/parserMessages.js";

describe("did you mean", () => {
  it.each([
    ["begins_with", "beginsWith"],
    ["startsWith", "beginsWith"],
    ["starts_with", "beginsWith"],
    ["gte", "greaterEqual"],
    ["lt", "lessThan"],
    ["like", "contains"],
    ["notequal", "notEquals"],
    ["containz", "contains"],
    ["betwen", "between"],
    ["exists", "is not null"],
    ["zebra", undefined],
  ])("%s suggests %s", (word, expected) => {
    expect(suggestOperator(word)).toBe(expected);
  });

  it("ranks by edit distance and allows less for short words", () => {
    expect(closest("agee", ["age", "page", "name"])).toEqual(["age", "page"]);
    expect(closest("ab", ["abc", "xyz"])).toEqual(["abc"]);
    expect(closest("a", ["bcd"])).toEqual([]);
  });

  it.each([
    ["true", 'there are no booleans; write "true" to compare with a string'],
    ["NaN", "NaN is not a number here; numbers are finite, as in JSON"],
    ["active", 'to compare with text, quote it: "active"'],
  ])("hints for the bare word %s", (word, hint) => {
    expect(valueHint(word)).toBe(hint);
  });
});
