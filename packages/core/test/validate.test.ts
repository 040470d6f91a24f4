import { describe, expect, it } from "vitest";
import { FilterError, validateListFilter, validateQueryFilter, type ValidateOptions } from "@itemfilter/core";

const NO_SPAN = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
const LONE_HIGH = "a\uD83Db";
const LONE_LOW = "\uDE00";

/** The [code, path] of every diagnostic; anything but a FilterError fails the test. */
function problems(run: () => unknown): [string, string | undefined][] {
  try {
    run();
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    for (const d of error.diagnostics) expect(d.span).toEqual(NO_SPAN);
    return error.diagnostics.map((d) => [d.code, d.path]);
  }
  throw new Error("expected a FilterError");
}

function message(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof FilterError) return error.diagnostics.map((d) => d.message).join(" | ");
    throw error;
  }
  throw new Error("expected a FilterError");
}

describe("validateListFilter: accepted filters", () => {
  it.each([
    ["an empty array", [], []],
    ["one object becomes an array", { item: "a", operator: "equals", value: 1 }, [{ item: "a", operator: "equals", value: 1 }]],
    [
      "every operator",
      [
        { item: "a", operator: "equals", value: "x" },
        { item: "a", operator: "notEquals", value: 1 },
        { item: "a", operator: "lessThan", value: 1 },
        { item: "a", operator: "lessEqual", value: -0 },
        { item: "a", operator: "greaterThan", value: 1.5 },
        { item: "a", operator: "greaterEqual", value: 1e300 },
        { item: "a", operator: "contains", value: "" },
        { item: "a", operator: "notContains", value: "x" },
        { item: "a", operator: "beginsWith", value: "\u{1F600}" },
        { item: "a", operator: "in", value: "x" },
        { item: "a", operator: "in", value: ["x", "y"] },
        { item: "a", operator: "in", value: [1, -0] },
        { item: "a", operator: "between", value: [1, 1] },
        { item: "a", operator: "between", value: ["a", "b"] },
        { item: "a", operator: "null" },
        { item: "a", operator: "notNull" },
      ],
      null,
    ],
    ["odd attribute names", [{ item: "__proto__", operator: "notNull" }, { item: "a b.c", operator: "null" }], null],
  ])("%s", (_name, json, expected) => {
    const out = validateListFilter(json);
    expect(out).toEqual(expected ?? json);
    expect(out).not.toBe(json);
  });

  it("returns fresh objects and arrays", () => {
    const json = [{ item: "a", operator: "in", value: ["x"] }];
    const out = validateListFilter(json);
    expect(out[0]).not.toBe(json[0]);
    expect(out[0]!.value).not.toBe(json[0]!.value);
  });

  it("accepts the output of JSON.parse with a __proto__ attribute name", () => {
    expect(validateListFilter(JSON.parse('[{"item": "__proto__", "operator": "equals", "value": "x"}]'))).toEqual([
      { item: "__proto__", operator: "equals", value: "x" },
    ]);
  });
});

describe("validateListFilter: rejected filters, with code and path", () => {
  it.each([
    ["a string", "a = 1", [["E_FILTER_JSON", "filter"]]],
    ["null", null, [["E_FILTER_JSON", "filter"]]],
    ["a number", 3, [["E_FILTER_JSON", "filter"]]],
    ["undefined", undefined, [["E_FILTER_JSON", "filter"]]],
    ["entries that are not objects", [null, 1, "x", [], true], [0, 1, 2, 3, 4].map((i) => ["E_FILTER_JSON", `filter[${i}]`])],
    ["nested arrays", [[[[[[]]]]]], [["E_FILTER_JSON", "filter[0]"]]],
    ["missing item", [{ operator: "null" }], [["E_FILTER_JSON", "filter[0].item"]]],
    ["empty item", [{ item: "", operator: "null" }], [["E_FILTER_JSON", "filter[0].item"]]],
    ["numeric item", [{ item: 1, operator: "null" }], [["E_FILTER_JSON", "filter[0].item"]]],
    ["item with a lone surrogate", [{ item: LONE_HIGH, operator: "null" }], [["E_VALUE_TYPE", "filter[0].item"]]],
    ["missing operator", [{ item: "a" }], [["E_FILTER_JSON", "filter[0].operator"]]],
    ["operator not a string", [{ item: "a", operator: ["equals"], value: 1 }], [["E_FILTER_JSON", "filter[0].operator"]]],
    ["unknown operator", [{ item: "a", operator: "startsWith", value: "x" }], [["E_FILTER_JSON", "filter[0].operator"]]],
    ["operator in the wrong case", [{ item: "a", operator: "Equals", value: 1 }], [["E_FILTER_JSON", "filter[0].operator"]]],
    ["a language word is not an operator name", [{ item: "a", operator: "=", value: 1 }], [["E_FILTER_JSON", "filter[0].operator"]]],
    ["unknown member", [{ item: "a", operator: "null", extra: 1 }], [["E_FILTER_JSON", "filter[0].extra"]]],
    ["unknown member needing quotes", [{ item: "a", operator: "null", "a b": 1 }], [["E_FILTER_JSON", 'filter[0]["a b"]']]],
    ["__proto__ member from JSON", JSON.parse('[{"item": "a", "operator": "null", "__proto__": {}}]'), [["E_FILTER_JSON", "filter[0].__proto__"]]],
    ["value on null", [{ item: "a", operator: "null", value: null }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["missing value", [{ item: "a", operator: "equals" }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["null value", [{ item: "a", operator: "equals", value: null }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["boolean value", [{ item: "a", operator: "equals", value: true }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["array for equals", [{ item: "a", operator: "equals", value: [1] }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["string for lessThan", [{ item: "a", operator: "lessThan", value: "3" }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["number for contains", [{ item: "a", operator: "contains", value: 3 }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["number for beginsWith", [{ item: "a", operator: "beginsWith", value: 3 }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["empty in", [{ item: "a", operator: "in", value: [] }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["object in an in list", [{ item: "a", operator: "in", value: [1, {}] }], [["E_VALUE_TYPE", "filter[0].value[1]"]]],
    ["too many in values", [{ item: "a", operator: "in", value: Array.from({ length: 101 }, () => 1) }], [["E_LIMIT", "filter[0].value"]]],
    ["in of strings and numbers", [{ item: "a", operator: "in", value: ["x", 1] }], [["E_IN_MIXED_TYPES", "filter[0].value"]]],
    ["in of two types in a later filter", [{ item: "a", operator: "equals", value: 1 }, { item: "b", operator: "in", value: [1, "1"] }], [["E_IN_MIXED_TYPES", "filter[1].value"]]],
    ["one in object of two types", { item: "a", operator: "in", value: [1, "x", 2] }, [["E_IN_MIXED_TYPES", "filter.value"]]],
    ["between with one bound", [{ item: "a", operator: "between", value: [1] }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["between with a null bound", [{ item: "a", operator: "between", value: [1, null] }], [["E_VALUE_TYPE", "filter[0].value[1]"]]],
    ["between of mixed types", [{ item: "a", operator: "between", value: [1, "2"] }], [["E_BETWEEN_BOUNDS", "filter[0].value[1]"]]],
    ["between reversed", [{ item: "a", operator: "between", value: [2, 1] }], [["E_BETWEEN_BOUNDS", "filter[0].value"]]],
    ["value with a lone surrogate", [{ item: "a", operator: "equals", value: LONE_LOW }], [["E_VALUE_TYPE", "filter[0].value"]]],
    ["in value with a lone surrogate", [{ item: "a", operator: "in", value: ["ok", LONE_HIGH] }], [["E_VALUE_TYPE", "filter[0].value[1]"]]],
    ["between bound with a lone surrogate", [{ item: "a", operator: "between", value: ["a" + LONE_LOW, "b"] }], [["E_VALUE_TYPE", "filter[0].value[0]"]]],
    ["a single object's paths have no index", { item: "a", operator: "lessThan", value: "x" }, [["E_VALUE_TYPE", "filter.value"]]],
    [
      "all problems together, in order",
      [{ item: "a", operator: "equals", value: 1 }, { operator: "lessThan", value: "x", extra: 1 }, { item: "b", operator: "nope" }],
      [
        ["E_FILTER_JSON", "filter[1].item"],
        ["E_VALUE_TYPE", "filter[1].value"],
        ["E_FILTER_JSON", "filter[1].extra"],
        ["E_FILTER_JSON", "filter[2].operator"],
      ],
    ],
  ])("%s", (_name, json, expected) => {
    expect(problems(() => validateListFilter(json))).toEqual(expected);
  });

  it.each([
    [[{ item: "a", operator: "startsWith", value: "x" }], 'unknown operator "startsWith"; did you mean "beginsWith"?'],
    [[{ item: "a", operator: "Equals", value: 1 }], 'unknown operator "Equals"; did you mean "equals"?'],
    [[{ item: "a", operator: "gte", value: 1 }], 'unknown operator "gte"; did you mean "greaterEqual"?'],
    [[{ item: "a", operator: "lessthen", value: 1 }], 'unknown operator "lessthen"; did you mean "lessThan"?'],
    [[{ item: "a", operator: ">=", value: 1 }], 'unknown operator ">="; did you mean "greaterEqual"?'],
    [[{ item: "a", operator: "!=", value: 1 }], 'unknown operator "!="; did you mean "notEquals"?'],
    [[{ item: "a", operator: "is null" }], 'unknown operator "is null"; did you mean "null"?'],
    [[{ item: "a", operator: "zzz" }], `unknown operator "zzz"; the operators are 'equals', 'notEquals', 'lessThan', 'lessEqual', 'greaterThan', 'greaterEqual', 'contains', 'notContains', 'beginsWith', 'in', 'between', 'null' or 'notNull'`],
    [[{ item: "a", operator: "null", values: 1 }], `unknown member "values"; a ListFilter has only 'item', 'operator' and 'value'; did you mean "value"?`],
    [[{ Item: "a", operator: "null" }], `missing "item": the name of the attribute this filter tests | unknown member "Item"; a ListFilter has only 'item', 'operator' and 'value'; did you mean "item"?`],
    [[{ item: LONE_HIGH, operator: "null" }], '"item" is not valid Unicode text: it has a lone surrogate'],
    ["x", 'expected a ListFilter object (with "item", "operator" and "value") or an array of them, not a string ("x")'],
  ])("message for %j", (json, expected) => {
    expect(message(() => validateListFilter(json))).toBe(expected);
  });

  it("says why an in of two types is refused and what to do instead", () => {
    expect(() => validateListFilter([{ item: "a", operator: "in", value: ["x", 1] }])).toThrow(
      "E_IN_MIXED_TYPES at filter[0].value: a list cannot mix strings and numbers; use values of one type",
    );
  });

  it("caps the report at 50 diagnostics", () => {
    const json = Array.from({ length: 5000 }, () => ({ bad: 1 }));
    const found = problems(() => validateListFilter(json));
    expect(found).toHaveLength(50);
    expect(found[0]).toEqual(["E_FILTER_JSON", "filter[0].item"]);
  });

  it("rejects more than 10,000 filters without looking at them", () => {
    const json = new Array(10_001).fill({ item: "a", operator: "null" });
    expect(problems(() => validateListFilter(json))).toEqual([["E_LIMIT", "filter"]]);
    expect(validateListFilter(json.slice(1))).toHaveLength(10_000);
  });

  it("rejects a huge in list by its length", () => {
    const json = [{ item: "a", operator: "in", value: new Array(1_000_000).fill("x") }];
    expect(problems(() => validateListFilter(json))).toEqual([["E_LIMIT", "filter[0].value"]]);
  });

  it.each([
    [{ path: "body.filter" }, [["E_VALUE_TYPE", "body.filter[0].value[1]"]]],
    [{ maxInValues: 1 }, [["E_LIMIT", "filter[0].value"]]],
  ] as [ValidateOptions, unknown][])("options %j", (options, expected) => {
    const json = [{ item: "a", operator: "in", value: [1, true] }];
    expect(problems(() => validateListFilter(json, options))).toEqual(expected);
  });

  it("option maxFilters", () => {
    expect(problems(() => validateListFilter([{ item: "a", operator: "null" }, { item: "b", operator: "null" }], { maxFilters: 1 }))).toEqual([
      ["E_LIMIT", "filter"],
    ]);
  });

  it("leaves Object.prototype alone", () => {
    validateListFilter(JSON.parse('[{"item": "__proto__", "operator": "notNull"}]'));
    problems(() => validateListFilter(JSON.parse('[{"item": "a", "operator": "null", "__proto__": {"polluted": 1}}]')));
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});

describe("validateQueryFilter", () => {
  it.each([
    [{ operator: "equals", value: "x" }],
    [{ operator: "equals", value: 3 }],
    [{ operator: "lessThan", value: 3 }],
    [{ operator: "lessEqual", value: 3 }],
    [{ operator: "greaterThan", value: 3 }],
    [{ operator: "greaterEqual", value: 3 }],
    [{ operator: "beginsWith", value: "ab" }],
    [{ operator: "between", value: [1, 2] }],
    [{ operator: "between", value: ["a", "b"] }],
  ])("accepts %j", (json) => {
    expect(validateQueryFilter(json)).toEqual(json);
  });

  it.each([
    ["an array", [{ operator: "equals", value: 1 }], [["E_FILTER_JSON", "filter"]]],
    ["null", null, [["E_FILTER_JSON", "filter"]]],
    ["item present", { item: "k", operator: "equals", value: 1 }, [["E_QUERY_ATTRIBUTE", "filter.item"]]],
    ...["notEquals", "contains", "notContains", "in"].map((op) => [`list-only ${op}`, { operator: op, value: "x" }, [["E_QUERY_OPERATOR", "filter.operator"]]]),
    ["list-only null", { operator: "null" }, [["E_QUERY_OPERATOR", "filter.operator"]]],
    ["list-only notNull", { operator: "notNull" }, [["E_QUERY_OPERATOR", "filter.operator"]]],
    ["unknown operator", { operator: "startsWith", value: "a" }, [["E_FILTER_JSON", "filter.operator"]]],
    ["missing value", { operator: "equals" }, [["E_VALUE_TYPE", "filter.value"]]],
    ["string for greaterThan", { operator: "greaterThan", value: "3" }, [["E_VALUE_TYPE", "filter.value"]]],
    ["reversed between", { operator: "between", value: ["b", "a"] }, [["E_BETWEEN_BOUNDS", "filter.value"]]],
    ["lone surrogate", { operator: "beginsWith", value: LONE_LOW }, [["E_VALUE_TYPE", "filter.value"]]],
    ["unknown member", { operator: "equals", value: 1, key: "k" }, [["E_FILTER_JSON", "filter.key"]]],
    [
      "all problems together",
      { item: "k", operator: "in", value: [1], extra: true },
      [
        ["E_QUERY_ATTRIBUTE", "filter.item"],
        ["E_QUERY_OPERATOR", "filter.operator"],
        ["E_FILTER_JSON", "filter.extra"],
      ],
    ],
  ] as [string, unknown, [string, string][]][])("rejects %s", (_name, json, expected) => {
    expect(problems(() => validateQueryFilter(json))).toEqual(expected);
  });

  it.each([
    [{ operator: "notEquals", value: 1 }, "a key query cannot use 'notEquals'; it can use 'equals', 'lessThan', 'lessEqual', 'greaterThan', 'greaterEqual', 'beginsWith' or 'between'"],
    [{ operator: "startswith", value: "a" }, 'unknown operator "startswith"; did you mean "beginsWith"?'],
    [[], 'expected a QueryFilter object (with "operator" and "value"), not an array'],
  ])("message for %j", (json, expected) => {
    expect(message(() => validateQueryFilter(json))).toBe(expected);
  });

  it("uses options.path", () => {
    expect(problems(() => validateQueryFilter({ operator: "equals" }, { path: "query" }))).toEqual([["E_VALUE_TYPE", "query.value"]]);
  });
});

describe("validation never throws anything but FilterError", () => {
  let deep: unknown = [];
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const values: unknown[] = [
    deep,
    { item: "a", operator: "in", value: deep },
    { item: "a", operator: "between", value: [deep, deep] },
    { item: deep, operator: deep, value: deep },
    Object.create(null),
    [Object.create(null)],
    { item: "a", operator: "equals", value: Symbol("s") },
    { item: "a", operator: "equals", value: 10n },
    { item: "a", operator: "equals", value: () => 1 },
    { item: "a", operator: "equals", value: Number.NaN },
    { item: "a", operator: "equals", value: Infinity },
    { item: "x".repeat(1_000_000), operator: "y".repeat(1_000_000) },
    { ["k".repeat(100_000)]: 1 },
  ];
  it.each(values.map((v, i) => [i, v]))("value %i", (_i, value) => {
    for (const run of [() => validateListFilter(value), () => validateQueryFilter(value)]) {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(FilterError);
        expect((error as FilterError).message.length).toBeLessThan(400);
      }
    }
  });
});

describe("validateListFilter and validateQueryFilter with a schema: as the compilers check text", () => {
  const schema = { attributes: { age: { type: "number", aliases: ["years"] }, name: { type: "string" }, tags: {} } } as const;

  it("refuses a name the schema does not list, with the names it is close to", () => {
    expect(problems(() => validateListFilter({ item: "passwordHash", operator: "notNull" }, { schema }))).toEqual([["E_UNKNOWN_ATTRIBUTE", "filter.item"]]);
    expect(message(() => validateListFilter([{ item: "agee", operator: "equals", value: 3 }], { schema }))).toBe("unknown attribute 'agee'; did you mean 'age'?");
  });

  it("gives the same diagnostics (codes and messages) as compileList gives for the same text", async () => {
    const { compileList } = await import("@itemfilter/core");
    const cases: [string, unknown][] = [
      ["agee = 3", { item: "agee", operator: "equals", value: 3 }],
      ['years = "3"', { item: "years", operator: "equals", value: "3" }],
      ["name > 3", { item: "name", operator: "greaterThan", value: 3 }],
      ['age beginsWith "1"', { item: "age", operator: "beginsWith", value: "1" }],
      ['age in ("1", "2")', { item: "age", operator: "in", value: ["1", "2"] }],
      ["tags = 3 and nope = 1", [{ item: "tags", operator: "equals", value: 3 }, { item: "nope", operator: "equals", value: 1 }]],
    ];
    for (const [text, json] of cases) {
      const fromText = (() => {
        try {
          compileList(text, { schema });
        } catch (error) {
          return (error as FilterError).diagnostics.map((d) => [d.code, d.message]);
        }
        return [];
      })();
      const fromJson = (() => {
        try {
          validateListFilter(json, { schema });
        } catch (error) {
          return (error as FilterError).diagnostics.map((d) => [d.code, d.message]);
        }
        return [];
      })();
      expect(fromJson.length).toBeGreaterThan(0);
      expect(fromJson).toEqual(fromText);
    }
  });

  it("points at the JSON path of each part: item, operator, value, one value of a list", () => {
    expect(
      problems(() =>
        validateListFilter(
          [
            { item: "age", operator: "between", value: ["1", "9"] },
            { item: "name", operator: "lessThan", value: 3 },
            { item: "nope", operator: "null" },
            { item: "years", operator: "equals", value: "x" },
          ],
          { schema, path: "body.filter" },
        ),
      ),
    ).toEqual([
      ["E_ATTRIBUTE_TYPE", "body.filter[0].value[0]"],
      ["E_ATTRIBUTE_TYPE", "body.filter[0].value[1]"],
      ["E_ATTRIBUTE_TYPE", "body.filter[1].value"],
      ["E_UNKNOWN_ATTRIBUTE", "body.filter[2].item"],
      ["E_ATTRIBUTE_TYPE", "body.filter[3].value"],
    ]);
  });

  it("returns aliases as stored names, untyped attributes with any value, and nothing else changed", () => {
    expect(validateListFilter([{ item: "years", operator: "greaterEqual", value: 30 }, { item: "tags", operator: "contains", value: "x" }], { schema })).toEqual([
      { item: "age", operator: "greaterEqual", value: 30 },
      { item: "tags", operator: "contains", value: "x" },
    ]);
    expect(validateListFilter({ item: "other", operator: "notNull" }, { schema: { ...schema, allowUnknown: true } })).toEqual([{ item: "other", operator: "notNull" }]);
  });

  it("checks a QueryFilter against the secondary key the options name, as compileQuery does", () => {
    expect(problems(() => validateQueryFilter({ operator: "beginsWith", value: "1" }, { schema, secondaryKey: "age" }))).toEqual([["E_ATTRIBUTE_TYPE", "filter.operator"]]);
    expect(problems(() => validateQueryFilter({ operator: "equals", value: 1 }, { schema, secondaryKey: "sk" }))).toEqual([["E_UNKNOWN_ATTRIBUTE", "filter.item"]]);
    expect(validateQueryFilter({ operator: "between", value: [1, 5] }, { schema, secondaryKey: "age" })).toEqual({ operator: "between", value: [1, 5] });
    // Without the key's name there is nothing to look up, as for `key = 1` compiled with a schema alone.
    expect(validateQueryFilter({ operator: "beginsWith", value: "1" }, { schema })).toEqual({ operator: "beginsWith", value: "1" });
  });

  it("refuses a malformed schema or secondaryKey as a TypeError, before any filter is looked at", () => {
    expect(() => validateListFilter([], { schema: { attributes: { a: { type: "datetime" } } } as never })).toThrow(TypeError);
    expect(() => validateQueryFilter({ operator: "equals", value: 1 }, { secondaryKey: 3 as never })).toThrow(TypeError);
  });
});

describe("validateQueryFilter refuses an empty key value, as DynamoDB does", () => {
  it.each([
    [{ operator: "equals", value: "" }, "filter.value"],
    [{ operator: "beginsWith", value: "" }, "filter.value"],
    [{ operator: "between", value: ["", "z"] }, "filter.value[0]"],
  ])("%j at %s", (json, path) => {
    let caught: unknown;
    try {
      validateQueryFilter(json);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    const d = (caught as FilterError).diagnostics[0]!;
    expect({ code: d.code, path: d.path, message: d.message }).toEqual({ code: "E_VALUE_TYPE", path, message: 'a key value cannot be the empty string ""' });
  });

  it("takes the same values in a list filter, where \"\" is an ordinary value", () => {
    expect(validateListFilter([{ item: "a", operator: "equals", value: "" }])).toEqual([{ item: "a", operator: "equals", value: "" }]);
  });
});
