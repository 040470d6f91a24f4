import { describe, expect, it } from "vitest";
import { withoutSpans } from "../../../test/property/astArbitraries.js";
import { attributeWarnings, compileList, parseJson, evaluate, explainMatch, FilterError, format, parse, plan, type FilterNode } from "@itemfilter/core";

/** issue 34: size(path) and path is TYPE in every stage of core. */


function failure(run: () => unknown): FilterError {
  try {
    run();
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error("expected a FilterError");
}

const ITEM = {
  s: "héllo",
  emoji: "\u{1F600}",
  cjk: "中文",
  empty: "",
  n: 12345,
  t: true,
  z: null,
  l: ["a", 1, { x: 1 }],
  set: ["a", "b"],
  m: { x: 1, y: "2" },
  none: {},
  bin: { $binary: "AQIDBAU=" },
};

describe("size(path): DynamoDB's size(), as DynamoDB Local answers it", () => {
  it.each([
    ["s", 5],
    ["emoji", 2],
    ["cjk", 2],
    ["empty", 0],
    ["l", 3],
    ["set", 2],
    ["m", 2],
    ["none", 0],
    ["bin", 5],
  ])("size(%s) is %i", (name, size) => {
    expect(evaluate(`size(${name}) = ${size}`, ITEM)).toBe(true);
    expect(evaluate(`size(${name}) != ${size}`, ITEM)).toBe(false);
    expect(evaluate(`size(${name}) between ${size} and ${size + 1}`, ITEM)).toBe(true);
    expect(evaluate(`size(${name}) in (${size + 1}, ${size})`, ITEM)).toBe(true);
  });

  it.each(["n", "t", "z", "missing"])("%s has no size: only != holds", (name) => {
    expect(["=", "!=", "<", "<=", ">", ">="].map((op) => evaluate(`size(${name}) ${op} 0`, ITEM))).toEqual([false, true, false, false, false, false]);
    expect(evaluate(`size(${name}) between 0 and 9`, ITEM)).toBe(false);
  });

  it("leaves size a name where no '(' follows it, in any case", () => {
    expect(evaluate("size = 3", { size: 3 })).toBe(true);
    expect(evaluate("SIZE(a) = 1", { a: "x" })).toBe(true);
    expect(evaluate("size(size) = 1", { size: "x" })).toBe(true);
  });
});

describe("path is TYPE", () => {
  it.each([
    ["string", ["s", "emoji", "cjk", "empty"]],
    ["number", ["n"]],
    ["boolean", ["t"]],
    ["list", ["l", "set"]],
    ["map", ["m", "none"]],
    ["binary", ["bin"]],
  ])("is %s", (type, names) => {
    const all = [...Object.keys(ITEM), "missing"];
    expect(all.filter((name) => evaluate(`${name} is ${type}`, ITEM))).toEqual(names);
    // `is not T` is exactly `not (is T)`: true where the attribute is missing or NULL.
    for (const name of all) expect(evaluate(`${name} is not ${type}`, ITEM)).toBe(!evaluate(`${name} is ${type}`, ITEM));
    expect(evaluate(`missing is not ${type}`, ITEM)).toBe(true);
    expect(evaluate(`z is not ${type}`, ITEM)).toBe(true);
  });

  it("reads a number beyond a double (an ExactNumber) as a number, which has no size", () => {
    const item = parseJson('{"big": 12345678901234567891}') as Record<string, unknown>;
    expect(["big is number", "big is map", "size(big) = 0", "size(big) != 0"].map((f) => evaluate(f, item))).toEqual([true, false, false, true]);
  });

  it("keeps 'is null' as missing or NULL, which no type test is", () => {
    expect(["z", "missing", "s"].map((n) => evaluate(`${n} is null`, ITEM))).toEqual([true, true, false]);
  });

  it("leaves type names usable as attribute names", () => {
    expect(evaluate('string = "x" and list is string', { string: "x", list: "y" })).toBe(true);
  });
});

describe("format and the tree round trip", () => {
  it.each([
    ["size(name) > 3", "size(name) > 3"],
    ["SIZE( `a b` )  BETWEEN 1 AND 5", "size(`a b`) between 1 and 5"],
    ["size(a) in [1]", "size(a) in [1]"],
    ["a IS NOT Map", "a is not map"],
    ["not (a is string) or size(b) != 0", "not a is string or size(b) != 0"],
    ['createdAt >= "2024-06-01" and createdAt < "2024-07-01"', 'createdAt >= "2024-06-01" and createdAt < "2024-07-01"'],
  ])("%s", (text, canonical) => {
    expect(format(text)).toBe(canonical);
    expect(format(canonical)).toBe(canonical);
    const tree = parse(text).body!;
    expect(withoutSpans(parse(format(tree)).body)).toEqual(withoutSpans(tree));
  });

  it("checks a hand-built tree's size and type name", () => {
    const attribute = { type: "Attribute", name: "a" } as const;
    const tree = (extra: Record<string, unknown>): FilterNode => ({ type: "Predicate", attribute, ...extra }) as unknown as FilterNode;
    expect(format(tree({ operator: "greaterThan", size: true, value: { type: "Number", value: 3 } }))).toBe("size(a) > 3");
    expect(format(tree({ operator: "notType", value: { type: "String", value: "list" } }))).toBe("a is not list");
    expect(failure(() => format(tree({ operator: "contains", size: true, value: { type: "String", value: "x" } }))).diagnostics[0]).toMatchObject({ code: "E_FILTER_JSON", params: { kind: "sizeOperator", operator: "contains" }, path: "tree.operator" });
    expect(failure(() => format(tree({ operator: "equals", size: 1, value: { type: "Number", value: 3 } }))).diagnostics[0]).toMatchObject({ code: "E_FILTER_JSON", params: { kind: "size", given: "number", value: 1 }, path: "tree.size" });
    expect(failure(() => format(tree({ operator: "type", value: { type: "String", value: "array" } }))).diagnostics[0]).toMatchObject({ code: "E_FILTER_JSON", params: { kind: "typeName" }, path: "tree.value" });
  });
});

describe("the stages that read conditions", () => {
  it("explainMatch says what the size or the type is", () => {
    const reasons = (f: string, item: unknown): string[] => explainMatch(f, item).predicates.map((p) => p.reason);
    expect(reasons("size(s) >= 6", ITEM)).toEqual(["size(s) is 5, not >= 6"]);
    expect(reasons("size(n) = 5", ITEM)).toEqual(["n is a number, which has no size"]);
    expect(reasons("m is list", ITEM)).toEqual(["m is a map, not a list"]);
    expect(explainMatch("size(s) = 5", ITEM).predicates[0]).toMatchObject({ size: true, operator: "equals", attribute: "s", actual: "héllo", holds: true });
  });

  it("a schema checks the attribute's name, not its type, and renames aliases", () => {
    const schema = { attributes: { age: { type: "number" as const, aliases: ["years"] }, tags: { array: true } } };
    expect(plan("size(years) > 1 and years is number", { schema }).filter).toBe("size(age) > 1 and age is number");
    expect(failure(() => plan("size(agee) > 1", { schema })).diagnostics[0]).toMatchObject({ code: "E_UNKNOWN_ATTRIBUTE", params: { name: "agee" } });
    expect(attributeWarnings("size(tags) = 3", schema)).toEqual([]);
    expect(attributeWarnings("tags = \"x\"", schema).map((w) => w.code)).toEqual(["W_ARRAY_ATTRIBUTE"]);
  });

  it("compileList refuses both at the condition, with the way on", () => {
    const d = failure(() => compileList("a = 1 and size(b) > 2 and c is map")).diagnostics;
    expect(d.map((x) => [x.params!.kind, x.span.start.offset, x.span.end.offset])).toEqual([
      ["sizeService", 10, 21],
      ["typeService", 26, 34],
    ]);
  });
});
