import { describe, expect, it } from "vitest";
import { FilterError, attributes, parse, type FilterNode } from "@itemfilter/core";

describe("attributes", () => {
  it.each([
    ["", []],
    ["a = 1", ["a"]],
    ['name beginsWith "ab" and score >= 3', ["name", "score"]],
    ["b = 1 or a = 2 or b = 3", ["b", "a"]],
    ["not (c < 1 and (b = 2 or a is null))", ["c", "b", "a"]],
    ["a = 1 and not a = 2 and a in (3, 4)", ["a"]],
    [">= 3", []],
    ['beginsWith "x"', []],
    ["key >= 1 and key <= 2", ["key"]],
    ["`__proto__` = 1 and constructor is null and toString = 2", ["__proto__", "constructor", "toString"]],
    ["`a b` = 1 and `a\\`b` = 2", ["a b", "a`b"]],
    ["\u{1F600}x = 1", null],
  ] as [string, string[] | null][])("%s -> %j", (source, expected) => {
    if (expected === null) {
      expect(() => attributes(source)).toThrow(FilterError);
      return;
    }
    expect(attributes(source)).toEqual(expected);
    expect(attributes(parse(source))).toEqual(expected);
  });

  it("returns stored names for schema aliases", () => {
    const schema = { attributes: { age: { aliases: ["years"] }, name: {} } };
    expect(attributes("years > 3 and name = 'x' and age < 9", { schema })).toEqual(["age", "name"]);
  });

  it("handles a hand-built tree deeper than the call stack", () => {
    const span = parse("a = 1").span;
    let node: FilterNode = parse("z = 1").body!;
    for (let i = 0; i < 200_000; i++) node = { type: "Not", operand: node, span };
    expect(attributes(node, { maxDepth: Infinity })).toEqual(["z"]);
    expect(() => attributes(node)).toThrow(expect.objectContaining({ code: "E_LIMIT", message: "E_LIMIT at tree.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand.operand: groups and negations nest more than 32 deep" }));
  });
});
