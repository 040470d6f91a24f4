import { describe, expect, it } from "vitest";
import { closest } from "../src/messages/closest.js";
import { suggestOperator } from "../src/syntax/parserMessages.js";
import { parse } from "../src/schema/parse.js";
import { FilterError } from "../src/messages/errors.js";

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
    ["NaN", "NaN is not a number here; numbers are finite, as in JSON"],
    ["active", 'to compare with text, quote it: "active"'],
  ])("hints for the bare word %s", (word, hint) => {
    let caught: unknown;
    try {
      parse(`a = ${word}`);
    } catch (error) {
      caught = error;
    }
    expect((caught as FilterError).diagnostics[0]!.message).toBe(`expected a value after '=', found '${word}'; ${hint}`);
  });
});
