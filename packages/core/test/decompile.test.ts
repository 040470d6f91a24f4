import { describe, expect, it } from "vitest";
import { FilterError, compileList, compileQuery, decompile, toNumberValue, type ListFilter, type QueryFilter } from "@itemfilter/core";

describe("decompile", () => {
  it.each([
    [[], ""],
    [[{ item: "a", operator: "equals", value: 1 }], "a = 1"],
    [[{ item: "a", operator: "equals", value: "x" }], 'a = "x"'],
    [[{ item: "a", operator: "notEquals", value: "x" }], 'a != "x"'],
    [[{ item: "a", operator: "lessThan", value: 1.5 }], "a < 1.5"],
    [[{ item: "a", operator: "lessEqual", value: -0 }], "a <= -0"],
    [[{ item: "a", operator: "greaterThan", value: 1e21 }], "a > 1e+21"],
    [[{ item: "a", operator: "greaterEqual", value: 1e-130 }], "a >= 1e-130"],
    [[{ item: "a", operator: "equals", value: toNumberValue("1234567890123456789") }], "a = 1234567890123456789"],
    [[{ item: "a", operator: "contains", value: "x" }], 'a contains "x"'],
    [[{ item: "a", operator: "notContains", value: "x" }], 'a notContains "x"'],
    [[{ item: "a", operator: "beginsWith", value: "x" }], 'a beginsWith "x"'],
    [[{ item: "a", operator: "in", value: "x" }], 'a in ("x")'],
    [[{ item: "a", operator: "in", value: 3 }], "a in (3)"],
    [[{ item: "a", operator: "in", value: ["x"] }], 'a in ["x"]'],
    [[{ item: "a", operator: "in", value: ["x", "y"] }], 'a in ("x", "y")'],
    [[{ item: "a", operator: "in", value: [2, 1, 2] }], "a in (2, 1, 2)"],
    [[{ item: "a", operator: "between", value: [1, 2] }], "a between 1 and 2"],
    [[{ item: "a", operator: "between", value: ["a", "a"] }], 'a between "a" and "a"'],
    [[{ item: "a", operator: "null" }], "a is null"],
    [[{ item: "a", operator: "notNull" }], "a is not null"],
    // Names that need backticks, keywords and names that are only data.
    [[{ item: "first name", operator: "equals", value: "Ada" }], '`first name` = "Ada"'],
    [[{ item: "and", operator: "null" }], "`and` is null"],
    [[{ item: "In", operator: "null" }], "`In` is null"],
    [[{ item: "__proto__", operator: "equals", value: 1 }], "__proto__ = 1"],
    [[{ item: "constructor", operator: "notNull" }], "constructor is not null"],
    [[{ item: "a`b\\c", operator: "notNull" }], "`a\\`b\\\\c` is not null"],
    [[{ item: "1st", operator: "notNull" }], "`1st` is not null"],
    [[{ item: "key", operator: "notNull" }], "key is not null"],
    // Strings are escaped; non-BMP text is kept.
    [[{ item: "a", operator: "equals", value: 'say "hi"\n' }], 'a = "say \\"hi\\"\\n"'],
    [[{ item: "a", operator: "equals", value: "\u{1F600}\u0000" }], 'a = "\u{1F600}\\u0000"'],
    // Arrays are joined with and.
    [
      [
        { item: "name", operator: "beginsWith", value: "ab" },
        { item: "score", operator: "greaterEqual", value: 3 },
        { item: "tags", operator: "in", value: ["x"] },
      ],
      'name beginsWith "ab" and score >= 3 and tags in ["x"]',
    ],
    [
      [
        { item: "a", operator: "equals", value: 1 },
        { item: "a", operator: "equals", value: 1 },
      ],
      "a = 1 and a = 1",
    ],
  ] as [ListFilter[], string][])("%j -> %s", (filter, expected) => {
    expect(decompile(filter)).toBe(expected);
    expect(compileList(decompile(filter))).toStrictEqual(filter);
  });

  it.each([
    [{ item: "a", operator: "equals", value: 1 }, "a = 1"],
    [{ item: "a", operator: "in", value: ["x"] }, 'a in ["x"]'],
    [{ item: "a b", operator: "null" }, "`a b` is null"],
  ] as [ListFilter, string][])("a single ListFilter %j reads as a one-element array", (filter, expected) => {
    expect(decompile(filter)).toBe(expected);
    expect(compileList(decompile(filter))).toStrictEqual([filter]);
  });

  it.each([
    [{ operator: "equals", value: "x" }, 'key = "x"'],
    [{ operator: "equals", value: -0 }, "key = -0"],
    [{ operator: "lessThan", value: 3 }, "key < 3"],
    [{ operator: "lessEqual", value: 3 }, "key <= 3"],
    [{ operator: "greaterThan", value: 3 }, "key > 3"],
    [{ operator: "greaterEqual", value: 3 }, "key >= 3"],
    [{ operator: "beginsWith", value: "2024-" }, 'key beginsWith "2024-"'],
    [{ operator: "between", value: [10, 20] }, "key between 10 and 20"],
    [{ operator: "between", value: ["\uFF61", "\u{1F600}"] }, 'key between "\uFF61" and "\u{1F600}"'],
  ] as [QueryFilter, string][])("QueryFilter %j -> %s", (filter, expected) => {
    expect(decompile(filter)).toBe(expected);
    expect(compileQuery(decompile(filter))).toStrictEqual(filter);
    expect(compileQuery(decompile(filter), { secondaryKey: "ts" })).toStrictEqual(filter);
  });

  it("reads an object by mode when told", () => {
    expect(decompile({ operator: "greaterEqual", value: 3 }, { mode: "query" })).toBe("key >= 3");
    expect(() => decompile({ operator: "greaterEqual", value: 3 } as unknown as ListFilter, { mode: "list" })).toThrow(
      expect.objectContaining({ code: "E_FILTER_JSON" }),
    );
  });

  it.each([
    [[{ item: "a", operator: "like", value: "x" }], "E_FILTER_JSON", "filter[0].operator"],
    [[{ item: "a", operator: "lessThan", value: "x" }], "E_VALUE_TYPE", "filter[0].value"],
    [[{ item: "a", operator: "between", value: [2, 1] }], "E_BETWEEN_BOUNDS", "filter[0].value"],
    [[{ item: "a", operator: "between", value: [1, "1"] }], "E_BETWEEN_BOUNDS", "filter[0].value[1]"],
    [[{ item: "a", operator: "in", value: [] }], "E_VALUE_TYPE", "filter[0].value"],
    [[{ item: "a", operator: "in", value: ["x", 1] }], "E_IN_MIXED_TYPES", "filter[0].value"],
    [[{ item: "a", operator: "null", value: 1 }], "E_VALUE_TYPE", "filter[0].value"],
    [[{ item: "a", operator: "equals", value: Number.NaN }], "E_VALUE_TYPE", "filter[0].value"],
    [[{ item: "", operator: "notNull" }], "E_FILTER_JSON", "filter[0].item"],
    [[{ item: "a", operator: "equals", value: "\ud800" }], "E_VALUE_TYPE", "filter[0].value"],
    [[{ item: "\udc00", operator: "notNull" }], "E_VALUE_TYPE", "filter[0].item"],
    [[{ item: "a", operator: "notNull" }, "x"], "E_FILTER_JSON", "filter[1]"],
    [{ operator: "contains", value: "x" }, "E_QUERY_OPERATOR", "filter.operator"],
    [{ operator: "equals" }, "E_VALUE_TYPE", "filter.value"],
    [null, "E_FILTER_JSON", "filter"],
    ["a = 1", "E_FILTER_JSON", "filter"],
  ])("%j is a FilterError %s at %s", (filter, code, path) => {
    let error: unknown;
    try {
      decompile(filter as ListFilter[]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).code).toBe(code);
    expect((error as FilterError).diagnostics[0]!.path).toBe(path);
  });

  it("names the JSON path root as told", () => {
    expect(() => decompile([{ item: "a", operator: "nope" as "equals" }], { path: "body.filter" })).toThrow(/body\.filter\[0\]\.operator/);
  });

  it("round-trips a 100-value in list, which compiles under the default limits", () => {
    const value = Array.from({ length: 100 }, (_, i) => `v${i}`);
    const filter: ListFilter[] = [{ item: "a", operator: "in", value }];
    expect(compileList(decompile(filter))).toStrictEqual(filter);
  });
});
