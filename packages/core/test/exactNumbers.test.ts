import { describe, expect, it } from "vitest";
import { compileList, compileQuery, decompile, evaluate, explainMatch, format, matches, parseJson, plan, stringifyJson, toNumberValue, type ListFilter } from "@itemfilter/core";

const n = toNumberValue;
/** Items as the client and the emulator read them: exact where a double cannot hold the digits. */
const items = parseJson(
  '[{"id":1,"v":9007199254740992},{"id":2,"v":9007199254740993},{"id":3,"v":9007199254740994},{"id":4,"v":12345678901234567890.12},{"id":5,"v":0.1},{"id":6,"v":0.1000000000000000000001},{"id":7,"v":"9007199254740993"},{"id":8,"tags":[9007199254740993,1]},{"id":9,"v":-1.5e-120}]',
) as Record<string, unknown>[];
const ids = (filter: string): number[] => items.filter((item) => evaluate(filter, item)).map((item) => item.id as number);

describe("exact numbers in evaluate", () => {
  it.each([
    ["v > 9007199254740992", [2, 3, 4]],
    ["v >= 9007199254740993", [2, 3, 4]],
    ["v = 9007199254740993", [2]],
    ["v != 9007199254740993", [1, 3, 4, 5, 6, 7, 8, 9]],
    ["v < 9007199254740993", [1, 5, 6, 9]],
    ["v <= 9007199254740992", [1, 5, 6, 9]],
    ["v between 9007199254740993 and 9007199254740994", [2, 3]],
    ["v between 0.1 and 0.1", [5]],
    ["v > 0.1", [1, 2, 3, 4, 6]],
    ["v = 0.1000000000000000000001", [6]],
    ["v in (9007199254740993, 12345678901234567890.12)", [2, 4]],
    ["v in (9007199254740993, 1, 2, 3, 4, 5, 6, 7, 8, 9)", [2]],
    ["v = 12345678901234567890.120", [4]],
    ["v < 0", [9]],
    ["v > -1.50000000000000000001e-120 and v < 0", [9]],
    ['v = "9007199254740993"', [7]],
    ["tags contains 9007199254740993", [8]],
    ["tags contains 9007199254740992", []],
  ])("%s selects %j", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it("never takes the string of an exact number's digits for the number", () => {
    expect(evaluate("v = 9007199254740993", { v: "9007199254740993" })).toBe(false);
    expect(evaluate('v = "9007199254740993"', { v: n("9007199254740993") })).toBe(false);
  });
});

describe("exact numbers compiled", () => {
  it("carries exact values into ListFilters, and stringifyJson writes every digit", () => {
    const filters = compileList("id = 1234567890123456789 and price between 0.1 and 12345678901234567890.12 and n in (9007199254740993, 1)");
    expect(stringifyJson(filters)).toBe(
      '[{"item":"id","operator":"equals","value":1234567890123456789},{"item":"price","operator":"between","value":[0.1,12345678901234567890.12]},{"item":"n","operator":"in","value":[9007199254740993,1]}]',
    );
    expect(stringifyJson(compileQuery("key >= 9007199254740993 and key <= 9007199254740995"))).toBe('{"operator":"between","value":[9007199254740993,9007199254740995]}');
  });

  it("matches exact ListFilters against exact items", () => {
    const filters = compileList("v > 9007199254740992 and v < 12345678901234567890.12");
    expect(items.filter((item) => matches(item, filters)).map((item) => item.id)).toEqual([2, 3]);
  });

  it("refuses bounds out of order by their digits", () => {
    expect(() => compileList("v between 9007199254740994 and 9007199254740993")).toThrow(/the lower bound 9007199254740994 is greater than the upper bound 9007199254740993/);
  });

  it("formats and decompiles with every digit, and refuses a double DynamoDB cannot hold", () => {
    expect(format("v in (9007199254740993,  0.10000000000000000000000001)")).toBe("v in (9007199254740993, 0.10000000000000000000000001)");
    expect(decompile([{ item: "v", operator: "lessThan", value: n("99999999999999999999999999999999999999") }])).toBe("v < 99999999999999999999999999999999999999");
    expect(() => decompile([{ item: "v", operator: "lessThan", value: 5e-324 }] as ListFilter[])).toThrow("5e-324 is too small: a number other than 0 is at least 1e-130 in magnitude");
    expect(() => decompile([{ item: "v", operator: "lessThan", value: 1e300 }] as ListFilter[])).toThrow("1e+300 is too large: a number is below 1e126 in magnitude");
  });
});

describe("exact numbers planned", () => {
  it("merges ranges by their digits, not by the doubles nearest them", () => {
    // As doubles both bounds are 9007199254740992, and the merge would keep the wrong one.
    const p = plan("v < 9007199254740993 or v < 9007199254740992 or v = 9007199254740994");
    expect(stringifyJson(p.requests.map((r) => r.operation === "listItems" && r.filter))).toBe(
      '[[{"item":"v","operator":"in","value":9007199254740994}],[{"item":"v","operator":"lessThan","value":9007199254740993}]]',
    );
  });

  it("keeps two exact values that one double would merge", () => {
    const p = plan("v = 9007199254740993 or v = 9007199254740992");
    expect(stringifyJson(p.requests.map((r) => r.operation === "listItems" && r.filter))).toBe('[[{"item":"v","operator":"in","value":[9007199254740993,9007199254740992]}]]');
  });

  it("queries a 19-digit key exactly", () => {
    const p = plan("pk = 1234567890123456789 and sk >= 9007199254740993 and sk <= 9007199254740995", { keys: { primary: "pk", secondary: "sk", types: { primary: "number", secondary: "number" } } });
    expect(stringifyJson(p.requests)).toContain('"key":{"primary":1234567890123456789},"filter":{"operator":"between","value":[9007199254740993,9007199254740995]}');
  });
});

describe("exact numbers explained", () => {
  it("says the digits", () => {
    const e = explainMatch("v > 9007199254740993", items[1]!);
    expect(e.matched).toBe(false);
    expect(e.predicates[0]!.reason).toBe("v is 9007199254740993, not > 9007199254740993");
  });
});

describe("the core README's numbers example", () => {
  it("answers as its comments say", async () => {
    const { isExactNumber } = await import("@itemfilter/core");
    const item = parseJson('{"id": 1234567890123456789, "price": 12345678901234567890.12, "n": 3}') as Record<string, unknown>;
    expect([isExactNumber(item.id), typeof item.n, String(item.price)]).toEqual([true, "number", "12345678901234567890.12"]);
    expect([evaluate("id = 1234567890123456789", item), evaluate("id > 1234567890123456788", item)]).toEqual([true, true]);
    expect(1234567890123456789 > 1234567890123456788).toBe(false);
    expect(stringifyJson(compileList("id = 1234567890123456789"))).toBe('[{"item":"id","operator":"equals","value":1234567890123456789}]');
    expect(stringifyJson({ n: toNumberValue("0.10000000000000000000001") })).toBe('{"n":0.10000000000000000000001}');
  });
});

describe("fields over exact numbers", () => {
  it("takes an ExactNumber whole: it has no fields of its own", async () => {
    const { checkFields, pickFields } = await import("@itemfilter/core");
    const item = parseJson('{"id":"a","n":12345678901234567890,"m":{"k":12345678901234567890}}') as Record<string, unknown>;
    expect(stringifyJson(pickFields(item, checkFields(["n", "m.k", "n.decimal", "id.length"])))).toBe('{"n":12345678901234567890,"m":{"k":12345678901234567890}}');
  });
});

describe("a parameter past DynamoDB's numbers", () => {
  const refusal = (run: () => unknown): unknown => {
    try {
      run();
    } catch (error) {
      const d = (error as { diagnostics?: { code: string; message: string; params: unknown; span: { start: { offset: number }; end: { offset: number } } }[] }).diagnostics?.[0];
      return d === undefined ? error : { code: d.code, message: d.message, params: d.params, span: [d.span.start.offset, d.span.end.offset] };
    }
    return "accepted";
  };

  it.each([
    ["compileList", () => compileList("total >= $min", { params: { min: 5e-324 } })],
    ["plan", () => plan("total >= $min", { params: { min: 5e-324 } })],
    ["evaluate", () => evaluate("total >= $min", { total: 1 }, { params: { min: 5e-324 } })],
  ])("is E_NUMBER at the parameter, named and never shown, in %s", (_, run) => {
    expect(refusal(run)).toEqual({ code: "E_NUMBER", message: "$min is too small: a number other than 0 is at least 1e-130 in magnitude", params: { kind: "small", number: "$min" }, span: [9, 13] });
  });

  it("refuses an element of a list too, and binds a double within the range as it is", () => {
    expect(refusal(() => compileList("id in $ids", { params: { ids: ["a", 1e300] } }))).toMatchObject({ code: "E_NUMBER", params: { kind: "large", number: "$ids" }, span: [6, 10] });
    expect(compileList("id = $id", { params: { id: 1e125 } })).toEqual([{ item: "id", operator: "equals", value: 1e125 }]);
    expect(stringifyJson(compileList("id = $id", { params: { id: toNumberValue("1234567890123456789") } }))).toBe('[{"item":"id","operator":"equals","value":1234567890123456789}]');
  });
});
