import { describe, expect, it } from "vitest";
import { evaluate, explainMatch, inferSchema, matches, parseJson, setElements, stringifyJson, toNumberValue } from "@itemfilter/core";

/*
 * Issue 40's value model: a set (a JavaScript Set, or JSON's `{"$set": [...]}`)
 * is a set and an array is a list, whatever it holds (grammar/semantics.md, Values).
 */

const big = toNumberValue("9007199254740993");
const item = {
  list: ["beta", "x"],
  set: new Set(["beta", "x"]),
  json: { $set: ["x", "beta", "x"] },
  nums: new Set([2.5, big]),
  bins: new Set([{ $binary: "YQ==" }]),
  jsonBins: { $set: [{ $binary: "YQ==" }, { $binary: "YQ==" }] },
  notSet: { $set: "x" },
  twoMembers: { $set: ["x"], y: 1 },
};

describe("sets and lists in evaluate", () => {
  it.each([
    ['list[0] = "beta"', true],
    ['set[0] = "beta"', false],
    ["set[0] is null", true],
    ['json[0] = "x"', false],
    ["json.`$set` contains \"x\"", false],
    ['list contains "x" and set contains "x" and json contains "x"', true],
    ['set contains "y" or json contains "y" or set notContains "x"', false],
    ['set notContains "y" and json notContains "y"', true],
    ["nums contains 9007199254740993 and nums contains 2.5", true],
    ["nums contains 9007199254740992", false],
    ["list is list and set is set and json is set and nums is set and bins is set and jsonBins is set", true],
    ["list is set or set is list or json is map or bins is binary", false],
    ["notSet is map and twoMembers is map and notSet.`$set` = \"x\"", true],
    ["size(list) = 2 and size(set) = 2 and size(json) = 2 and size(jsonBins) = 1", true],
    ["bins[0] is binary or bins[0] is not null or size(bins[0]) = 1", false],
    ['set = "beta" or set in ("beta", "x") or set > "a" or set beginsWith "b"', false],
    ['set != "beta"', true],
  ])("%s is %s", (filter, expected) => {
    expect(evaluate(filter, item)).toBe(expected);
  });

  it("matches looks into sets of both forms as into lists", () => {
    for (const tags of [["a", "b"], new Set(["a", "b"]), { $set: ["a", "b"] }]) {
      expect([matches({ tags }, { item: "tags", operator: "contains", value: "b" }), matches({ tags }, { item: "tags", operator: "notContains", value: "c" })]).toEqual([true, true]);
    }
    expect(matches({ tags: { $set: ["a"], more: 1 } }, { item: "tags", operator: "contains", value: "a" })).toBe(false);
  });

  it("explainMatch says list or set", () => {
    expect(explainMatch('tags = "a"', { tags: ["a"] }).predicates[0]!.reason).toBe('tags is a list of "a", and the filter compares a string');
    expect(explainMatch('tags = "a"', { tags: { $set: ["a"] } }).predicates[0]!.reason).toBe('tags is a set of "a", and the filter compares a string');
    expect(explainMatch("tags is list", { tags: new Set(["a"]) }).predicates[0]!.reason).toBe("tags is a set, not a list");
  });
});

describe("a set as JSON", () => {
  it("inferSchema marks a set's attribute as one holding elements, as a list's", () => {
    expect(inferSchema([{ tags: new Set(["a"]), n: { $set: [1] }, l: ["a"] }]).attributes).toEqual({ tags: { type: "string", array: true }, n: { type: "number", array: true }, l: { type: "string", array: true } });
  });

  it("setElements reads both forms and nothing else", () => {
    expect([setElements(new Set([1, 2])), setElements({ $set: ["a"] }), setElements({ $set: [] })]).toEqual([[1, 2], ["a"], []]);
    expect([setElements(["a"]), setElements({ $set: "a" }), setElements({ $set: ["a"], b: 1 }), setElements(null), setElements("a")]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it("stringifyJson writes a Set as {\"$set\": [...]}, each element once, sorted: strings by UTF-8 bytes, numbers by value, binaries by bytes", () => {
    const value = {
      s: new Set(["b", "\u{1F600}", "\uFF61", "a", "B"]),
      n: new Set([10, -1, big, 2.5]),
      b: new Set([{ $binary: "/w==" }, { $binary: "AAE=" }, { $binary: "AA==" }]),
      nested: [{ t: new Set(["y", "x"]) }],
      list: ["b", "a"],
    };
    const text = '{"s":{"$set":["B","a","b","\uFF61","\u{1F600}"]},"n":{"$set":[-1,2.5,10,9007199254740993]},"b":{"$set":[{"$binary":"AA=="},{"$binary":"AAE="},{"$binary":"/w=="}]},"nested":[{"t":{"$set":["x","y"]}}],"list":["b","a"]}';
    expect(stringifyJson(value)).toBe(text);
    // Read back, each set is its JSON form, which evaluate reads as the same set.
    const back = parseJson(text) as Record<string, unknown>;
    expect(["s", "n", "b"].map((name) => evaluate(`${name} is set and size(${name}) = ${(value as unknown as Record<string, Set<unknown>>)[name]!.size}`, back))).toEqual([true, true, true]);
    expect(stringifyJson({ s: new Set(["b", "a"]) }, 1)).toBe('{\n "s": {\n  "$set": [\n   "a",\n   "b"\n  ]\n }\n}');
  });
});
