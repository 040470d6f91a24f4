import { describe, expect, it } from "vitest";
import { compileList } from "../src/compile/compileList.js";
import { FilterError } from "../src/messages/errors.js";

/**
 * compileList checks every condition, then lowers them (compile/compileList.ts
 * does both in one walk): any problem the checks find is reported, all of
 * them, before any refusal of lowering, and of the refusals only the first
 * is. Each row has both kinds in either order; [code, start, end] of each
 * diagnostic.
 */
const ROWS: [string, [string, number, number][]][] = [
  ['(a = 1 or b = 2) and c >= "x"', [["E_VALUE_TYPE", 26, 29]]],
  ['c >= "x" and (a = 1 or b = 2)', [["E_VALUE_TYPE", 5, 8]]],
  ['a in (1, "x") and b >= "y"', [["E_VALUE_TYPE", 23, 26]]],
  ['a in (1, "x") and (b = 1 or c = 2)', [["E_IN_MIXED_TYPES", 9, 12]]],
  ['(b = 1 or c = 2) and a in (1, "x")', [["E_OR_UNSUPPORTED", 10, 15]]],
  ['a = true and b >= "x"', [["E_VALUE_TYPE", 18, 21]]],
  ["a = true and (b = 1 or c = 2)", [["E_VALUE_TYPE", 4, 8]]],
  ["not (a < 1) and b.c = 2", [["E_VALUE_TYPE", 16, 19]]],
  ['> 3 and a in (1, "x")', [["E_SYNTAX", 0, 1]]],
  ['a in (1, "x") and > 3', [["E_SYNTAX", 18, 19]]],
  ["a = 1 and not (b = 2 and c = 3) and d between 5 and 1", [["E_BETWEEN_BOUNDS", 46, 53]]],
  ['not (a contains "x") and b = 1', [["E_NOT_UNSUPPORTED", 0, 20]]],
  ['a >= "x" and b in (1, "y") and c <= "z"', [["E_VALUE_TYPE", 5, 8], ["E_VALUE_TYPE", 36, 39]]],
];

describe("compileList's order of problems and refusals", () => {
  it.each(ROWS)("%s", (text, expected) => {
    let thrown: unknown;
    try {
      compileList(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FilterError);
    expect((thrown as FilterError).diagnostics.map((d) => [d.code, d.span.start.offset, d.span.end.offset])).toEqual(expected);
  });

  it("lowers every kind of operand of the top-level and, in order", () => {
    expect(compileList('a = 1 and b in [2] and c in (3) and not (d in ("p", "q")) and (e = 1 or e = 2 or e = 1) and f is null and g between "a" and "b"')).toEqual([
      { item: "a", operator: "equals", value: 1 },
      { item: "b", operator: "in", value: [2] },
      { item: "c", operator: "in", value: 3 },
      { item: "d", operator: "notEquals", value: "p" },
      { item: "d", operator: "notEquals", value: "q" },
      { item: "e", operator: "in", value: [1, 2] },
      { item: "f", operator: "null" },
      { item: "g", operator: "between", value: ["a", "b"] },
    ]);
  });
});
