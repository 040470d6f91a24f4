import { describe, expect, it } from "vitest";
import { FilterError, matches, prepareFilter, type ListFilter, type QueryFilter } from "@itemfilter/core";
import { codeOf } from "./codeOf.js";

const GRIN = "\u{1F600}"; // 😀, a surrogate pair in UTF-16
const HALFWIDTH = "\uFF61"; // ｡, one UTF-16 unit, but before U+1F600 in UTF-8 order
const MISSING = Symbol("missing");


/** An item whose attribute `a` is `value`, or that has no `a` at all. */
const itemWith = (value: unknown): Record<string, unknown> => (value === MISSING ? { other: 1 } : { a: value });

type Row = [string, ListFilter, unknown, boolean];
const f = (operator: ListFilter["operator"], value?: ListFilter["value"]): ListFilter =>
  value === undefined ? { item: "a", operator } : { item: "a", operator, value };

const rows: Row[] = [
  // equals: present, same type, equal; no coercion
  ["equals same string", f("equals", "x"), "x", true],
  ["equals other string", f("equals", "x"), "y", false],
  ["equals is case-sensitive", f("equals", "x"), "X", false],
  ["equals missing", f("equals", "x"), MISSING, false],
  ["equals null", f("equals", "x"), null, false],
  ["equals number", f("equals", 1), 1, true],
  ["equals number vs string", f("equals", 1), "1", false],
  ["equals string vs number", f("equals", "1"), 1, false],
  ["equals 0 vs -0", f("equals", 0), -0, true],
  ["equals -0 vs 0", f("equals", -0), 0, true],
  ["equals 0.1 + 0.2 is not 0.3", f("equals", 0.3), 0.1 + 0.2, false],
  ["equals scalar vs array holding it", f("equals", 1), [1], false],
  ["equals string vs array holding it", f("equals", "x"), ["x"], false],
  ["equals boolean attribute", f("equals", "true"), true, false],
  ["equals object attribute", f("equals", "x"), { a: "x" }, false],
  ["equals non-BMP", f("equals", GRIN), GRIN, true],
  ["equals non-BMP vs its high surrogate", f("equals", GRIN), GRIN[0], false],
  ["equals empty string", f("equals", ""), "", true],
  // notEquals is exactly not equals
  ["notEquals same", f("notEquals", "x"), "x", false],
  ["notEquals other", f("notEquals", "x"), "y", true],
  ["notEquals missing", f("notEquals", "x"), MISSING, true],
  ["notEquals null", f("notEquals", "x"), null, true],
  ["notEquals other type", f("notEquals", 1), "1", true],
  ["notEquals -0", f("notEquals", 0), -0, false],
  ["notEquals array", f("notEquals", 1), [1], true],
  ["notEquals boolean", f("notEquals", 1), true, true],
  // ordering: numbers only in ListFilter JSON
  ["lessThan below", f("lessThan", 3), 2, true],
  ["lessThan equal", f("lessThan", 3), 3, false],
  ["lessThan above", f("lessThan", 3), 4, false],
  ["lessThan negative", f("lessThan", 0), -1, true],
  ["lessThan -0 vs 0", f("lessThan", 0), -0, false],
  ["lessThan numeric string", f("lessThan", 3), "2", false],
  ["lessThan missing", f("lessThan", 3), MISSING, false],
  ["lessThan null", f("lessThan", 3), null, false],
  ["lessThan array", f("lessThan", 3), [2], false],
  ["lessThan boolean", f("lessThan", 3), false, false],
  ["lessEqual equal", f("lessEqual", 3), 3, true],
  ["lessEqual above", f("lessEqual", 3), 3.5, false],
  ["lessEqual -0 vs 0", f("lessEqual", 0), -0, true],
  ["lessEqual string", f("lessEqual", 3), "3", false],
  ["greaterThan above", f("greaterThan", 3), 4, true],
  ["greaterThan equal", f("greaterThan", 3), 3, false],
  ["greaterThan missing", f("greaterThan", -1), MISSING, false],
  ["greaterThan array", f("greaterThan", 0), [5], false],
  ["greaterEqual equal", f("greaterEqual", 3), 3, true],
  ["greaterEqual below", f("greaterEqual", 3), 2.999, false],
  ["greaterEqual string", f("greaterEqual", 0), "5", false],
  ["greaterEqual null", f("greaterEqual", 0), null, false],
  // between: inclusive, same type as both bounds
  ["between lower bound", f("between", [1, 3]), 1, true],
  ["between inside", f("between", [1, 3]), 2.5, true],
  ["between upper bound", f("between", [1, 3]), 3, true],
  ["between below", f("between", [1, 3]), 0, false],
  ["between above", f("between", [1, 3]), 4, false],
  ["between numeric string", f("between", [1, 3]), "2", false],
  ["between missing", f("between", [1, 3]), MISSING, false],
  ["between array", f("between", [1, 3]), [2], false],
  ["between equal bounds", f("between", [2, 2]), 2, true],
  ["between strings inside", f("between", ["a", "c"]), "b", true],
  ["between strings at upper", f("between", ["a", "c"]), "c", true],
  ["between strings past upper", f("between", ["a", "c"]), "ca", false],
  ["between strings vs number", f("between", ["1", "3"]), 2, false],
  ["between strings is case-sensitive", f("between", ["a", "c"]), "B", false],
  // UTF-8 byte order: U+FF61 < U+FFFF < U+1F600, while UTF-16 puts U+1F600 (0xD83D...) before U+FF61
  ["between UTF-8 order, BMP inside", f("between", [HALFWIDTH, GRIN]), "\uFFFF", true],
  ["between UTF-8 order, upper bound", f("between", [HALFWIDTH, GRIN]), GRIN, true],
  ["between UTF-8 order, non-BMP inside", f("between", [HALFWIDTH, GRIN]), "\u{10000}", true],
  ["between UTF-8 order, below", f("between", [HALFWIDTH, GRIN]), "\uD7FF", false],
  ["between UTF-8 order, above", f("between", [HALFWIDTH, GRIN]), "\u{1F601}", false],
  // null / notNull: missing is absent or JSON null
  ["null missing", f("null"), MISSING, true],
  ["null null", f("null"), null, true],
  ["null undefined", f("null"), undefined, true],
  ["null empty string", f("null"), "", false],
  ["null zero", f("null"), 0, false],
  ["null false", f("null"), false, false],
  ["null empty array", f("null"), [], false],
  ["null object", f("null"), {}, false],
  ["notNull missing", f("notNull"), MISSING, false],
  ["notNull null", f("notNull"), null, false],
  ["notNull empty string", f("notNull"), "", true],
  ["notNull boolean", f("notNull"), false, true],
  ["notNull empty array", f("notNull"), [], true],
  // contains: substring of a string, element of an array, never a number
  ["contains substring", f("contains", "b"), "abc", true],
  ["contains whole", f("contains", "abc"), "abc", true],
  ["contains absent substring", f("contains", "d"), "abc", false],
  ["contains is case-sensitive", f("contains", "B"), "abc", false],
  ["contains empty in string", f("contains", ""), "abc", true],
  ["contains empty in empty", f("contains", ""), "", true],
  ["contains element", f("contains", "b"), ["a", "b"], true],
  ["contains not a substring of an element", f("contains", "b"), ["abc"], false],
  ["contains numeric string vs number element", f("contains", "1"), [1], false],
  ["contains numeric string vs string element", f("contains", "1"), ["1"], true],
  ["contains empty in empty array", f("contains", ""), [], false],
  ["contains empty element", f("contains", ""), [""], true],
  ["contains number attribute", f("contains", "1"), 12, false],
  ["contains missing", f("contains", "a"), MISSING, false],
  ["contains null", f("contains", "a"), null, false],
  ["contains boolean", f("contains", "true"), true, false],
  ["contains non-BMP", f("contains", GRIN), `a${GRIN}b`, true],
  ["contains non-BMP element", f("contains", GRIN), ["x", GRIN], true],
  ["notContains substring", f("notContains", "b"), "abc", false],
  ["notContains absent", f("notContains", "d"), "abc", true],
  ["notContains element", f("notContains", "b"), ["b"], false],
  ["notContains number", f("notContains", "1"), 1, true],
  // DynamoDB's NOT_CONTAINS is false where the attribute does not exist (DynamoDB Local's answer).
  ["notContains missing", f("notContains", "a"), MISSING, false],
  ["notContains null", f("notContains", "a"), null, false],
  ["notContains boolean", f("notContains", "a"), true, true],
  // beginsWith: a string with that prefix
  ["beginsWith prefix", f("beginsWith", "ab"), "abc", true],
  ["beginsWith whole", f("beginsWith", "ab"), "ab", true],
  ["beginsWith longer than value", f("beginsWith", "ab"), "a", false],
  ["beginsWith inside", f("beginsWith", "ab"), "xab", false],
  ["beginsWith case", f("beginsWith", "ab"), "Abc", false],
  ["beginsWith empty", f("beginsWith", ""), "", true],
  ["beginsWith empty vs number", f("beginsWith", ""), 1, false],
  ["beginsWith numeric prefix vs number", f("beginsWith", "1"), 12, false],
  ["beginsWith array", f("beginsWith", "ab"), ["abc"], false],
  ["beginsWith missing", f("beginsWith", "ab"), MISSING, false],
  ["beginsWith non-BMP", f("beginsWith", GRIN), `${GRIN}x`, true],
  // in: equal to any of the values
  ["in first", f("in", ["a", "c"]), "a", true],
  ["in second", f("in", [2, 1]), 1, true],
  ["in wrong type", f("in", [2, 1]), "1", false],
  ["in absent", f("in", ["a", "c"]), "b", false],
  ["in missing", f("in", ["a", "c"]), MISSING, false],
  ["in null", f("in", ["a", "c"]), null, false],
  ["in array attribute", f("in", ["a", "c"]), ["a"], false],
  ["in -0", f("in", [0]), -0, true],
  ["in scalar value", f("in", "a"), "a", true],
  ["in scalar value, other", f("in", "a"), "b", false],
  ["in long list, found", f("in", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), 10, true],
  ["in long list, other type", f("in", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), "10", false],
  ["in long list, array", f("in", ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]), ["a"], false],
  ["in long list, -0", f("in", [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]), -0, true],
  ["in non-BMP", f("in", [GRIN, "x"]), GRIN, true],
];

describe("matches: one ListFilter per operator", () => {
  it.each(rows)("%s", (_name, filter, value, expected) => {
    const item = itemWith(value);
    expect(matches(item, [filter])).toBe(expected);
    expect(matches(item, filter)).toBe(expected);
    expect(prepareFilter([filter])(item)).toBe(expected);
  });
});

describe("matches: ListFilter arrays are combined with AND", () => {
  const filters: ListFilter[] = [
    { item: "name", operator: "beginsWith", value: "ab" },
    { item: "score", operator: "greaterEqual", value: 3 },
  ];
  it.each([
    [{ name: "abc", score: 3 }, true],
    [{ name: "abc", score: 2 }, false],
    [{ name: "xbc", score: 3 }, false],
    [{ name: "abc" }, false],
    [{}, false],
  ])("%j -> %s", (item, expected) => {
    expect(matches(item, filters)).toBe(expected);
  });

  it("an empty array matches every item", () => {
    expect(matches({}, [])).toBe(true);
    expect(matches(null, [])).toBe(true);
  });
});

describe("matches: items that have no attributes", () => {
  it.each([
    [null, [f("null")], true],
    [null, [f("equals", 1)], false],
    [null, [f("notEquals", 1), f("null")], true],
    [null, [f("notEquals", 1), f("notNull")], false],
    [42, [f("null")], true],
    ["a", [f("contains", "a")], false],
    [["x"], [{ item: "0", operator: "equals", value: "x" }], false],
    [["x"], [{ item: "length", operator: "notNull" }], false],
    [undefined, [f("notContains", "x")], false],
    [true, [f("equals", 1)], false],
  ] as [unknown, ListFilter[], boolean][])("%j with %j -> %s", (item, filter, expected) => {
    expect(matches(item, filter)).toBe(expected);
    expect(prepareFilter(filter)(item)).toBe(expected);
  });
});

describe("matches: attribute names are only ever own members", () => {
  it.each([
    ["toString notNull on {}", {}, { item: "toString", operator: "notNull" }, false],
    ["toString null on {}", {}, { item: "toString", operator: "null" }, true],
    ["constructor notNull on {}", {}, { item: "constructor", operator: "notNull" }, false],
    ["hasOwnProperty notNull on {}", {}, { item: "hasOwnProperty", operator: "notNull" }, false],
    ["__proto__ notNull on {}", {}, { item: "__proto__", operator: "notNull" }, false],
    ["__proto__ as an own JSON member", JSON.parse('{"__proto__": "x"}'), { item: "__proto__", operator: "equals", value: "x" }, true],
    ["constructor as an own member", { constructor: "c" }, { item: "constructor", operator: "beginsWith", value: "c" }, true],
    ["inherited member", Object.create({ a: 1 }), { item: "a", operator: "equals", value: 1 }, false],
    ["null-prototype item", Object.assign(Object.create(null), { a: 1 }), { item: "a", operator: "equals", value: 1 }, true],
    ["length of a string attribute is not an attribute", { s: "abc" }, { item: "s.length", operator: "notNull" }, false],
  ] as [string, unknown, ListFilter, boolean][])("%s", (_name, item, filter, expected) => {
    expect(matches(item, [filter])).toBe(expected);
  });

  it("leaves Object.prototype alone", () => {
    matches(JSON.parse('{"__proto__": {"polluted": 1}}'), [{ item: "__proto__", operator: "notNull" }]);
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});

describe("matches: QueryFilter", () => {
  const options = { secondaryKey: "sk" };
  it.each([
    [{ operator: "between", value: [1, 5] }, { sk: 3 }, true],
    [{ operator: "between", value: [1, 5] }, { sk: 6 }, false],
    [{ operator: "between", value: [1, 5] }, { key: 3 }, false],
    [{ operator: "equals", value: "a" }, { sk: "a" }, true],
    [{ operator: "beginsWith", value: "ab" }, { sk: "abc" }, true],
    [{ operator: "beginsWith", value: "ab" }, { sk: ["abc"] }, false],
    [{ operator: "greaterEqual", value: 3 }, { sk: "4" }, false],
    [{ operator: "lessThan", value: 3 }, {}, false],
    [{ operator: "lessThan", value: 3 }, null, false],
  ] as [QueryFilter, unknown, boolean][])("%j on %j -> %s", (filter, item, expected) => {
    expect(matches(item, filter, options)).toBe(expected);
    expect(prepareFilter(filter, options)(item)).toBe(expected);
  });

  it("a QueryFilter needs options.secondaryKey", () => {
    expect(() => matches({ sk: 1 }, { operator: "equals", value: 1 })).toThrow(TypeError);
    expect(() => matches({ sk: 1 }, { operator: "equals", value: 1 })).toThrow(/needs options\.secondaryKey/);
  });

  it("a list-only operator is E_QUERY_OPERATOR", () => {
    expect(codeOf(() => matches({}, { operator: "notEquals", value: 1 }, options))).toBe("E_QUERY_OPERATOR");
  });

  it("a filter with 'item' is a ListFilter even with a secondary key", () => {
    expect(matches({ a: 1, sk: 2 }, { item: "a", operator: "equals", value: 1 }, options)).toBe(true);
  });
});

describe("matches: invalid filters fail once, loudly", () => {
  it.each([
    ["unknown operator", [{ item: "a", operator: "startsWith", value: "x" }], "E_FILTER_JSON"],
    ["string ordering", [{ item: "a", operator: "lessThan", value: "x" }], "E_VALUE_TYPE"],
    ["reversed between", [{ item: "a", operator: "between", value: [3, 1] }], "E_BETWEEN_BOUNDS"],
    ["not a filter", "a = 1", "E_FILTER_JSON"],
    ["null", null, "E_FILTER_JSON"],
    ["in with too many values", [{ item: "a", operator: "in", value: Array.from({ length: 101 }, (_, i) => i) }], "E_LIMIT"],
    ["in of two types, which the service refuses", [{ item: "a", operator: "in", value: ["a", 1] }], "E_IN_MIXED_TYPES"],
  ])("%s -> %s", (_name, filter, code) => {
    expect(codeOf(() => matches({ a: 1 }, filter as ListFilter[]))).toBe(code);
  });

  it("options.maxInValues raises the in limit", () => {
    const filter: ListFilter[] = [{ item: "a", operator: "in", value: Array.from({ length: 101 }, (_, i) => i) }];
    expect(matches({ a: 100 }, filter, { maxInValues: 200 })).toBe(true);
  });
});

describe("matches: the prepared filter is reused, and changes are noticed", () => {
  it("sees an added filter", () => {
    const filters: ListFilter[] = [{ item: "a", operator: "equals", value: 1 }];
    expect(matches({ a: 1, b: 2 }, filters)).toBe(true);
    filters.push({ item: "b", operator: "equals", value: 3 });
    expect(matches({ a: 1, b: 2 }, filters)).toBe(false);
  });

  it("sees a changed value, operator or item", () => {
    const filter: ListFilter = { item: "a", operator: "equals", value: 1 };
    const filters = [filter];
    expect(matches({ a: 1, b: 2 }, filters)).toBe(true);
    filter.value = 2;
    expect(matches({ a: 1, b: 2 }, filters)).toBe(false);
    filter.item = "b";
    expect(matches({ a: 1, b: 2 }, filters)).toBe(true);
    filter.operator = "notEquals";
    expect(matches({ a: 1, b: 2 }, filters)).toBe(false);
  });

  it("sees an edited in list", () => {
    const filters: ListFilter[] = [{ item: "a", operator: "in", value: ["x", "y"] }];
    expect(matches({ a: "z" }, filters)).toBe(false);
    (filters[0]!.value as string[])[1] = "z";
    expect(matches({ a: "z" }, filters)).toBe(true);
  });

  it("sees a filter that became invalid", () => {
    const filters: ListFilter[] = [{ item: "a", operator: "equals", value: 1 }];
    expect(matches({ a: 1 }, filters)).toBe(true);
    filters[0]!.operator = "lessThan";
    filters[0]!.value = "x";
    expect(() => matches({ a: 1 }, filters)).toThrow(FilterError);
  });

  it("prepares for each secondary key", () => {
    const filter: QueryFilter = { operator: "equals", value: 1 };
    expect(matches({ a: 1, b: 2 }, filter, { secondaryKey: "a" })).toBe(true);
    expect(matches({ a: 1, b: 2 }, filter, { secondaryKey: "b" })).toBe(false);
    filter.value = 2;
    expect(matches({ a: 1, b: 2 }, filter, { secondaryKey: "b" })).toBe(true);
  });

  it("sees an edited between in a QueryFilter", () => {
    const filter: QueryFilter = { operator: "between", value: [1, 2] };
    expect(matches({ sk: 3 }, filter, { secondaryKey: "sk" })).toBe(false);
    (filter.value as number[])[1] = 3;
    expect(matches({ sk: 3 }, filter, { secondaryKey: "sk" })).toBe(true);
  });
});
