import { describe, expect, it } from "vitest";
import type { FilterNode, LiteralNode } from "../src/syntax/ast.js";
import { compileList, compileQuery, FilterError, parse } from "../src/index.js";
import { codeOf } from "./codeOf.js";

/** The tree without spans, compact: enough to assert structure exactly. */
function shape(node: FilterNode | null): unknown {
  if (node === null) return null;
  switch (node.type) {
    case "And":
    case "Or":
      return { [node.type]: node.operands.map(shape) };
    case "Not":
      return { Not: shape(node.operand) };
    case "Predicate": {
      const v = node.value;
      const plain = (l: LiteralNode): unknown => (l.type === "Param" ? `$${l.name}` : l.type === "Date" ? l.anchor : l.value);
      const value = v === undefined ? undefined : Array.isArray(v) ? v.map(plain) : plain(v);
      return [node.attribute?.name ?? null, node.operator, value, ...(node.brackets ? ["[]"] : [])].filter((x) => x !== undefined);
    }
  }
}


describe("parse", () => {
  it.each([
    ["a = 1", ["a", "equals", 1]],
    ["a = 1 and b = 2 or c = 3", { Or: [{ And: [["a", "equals", 1], ["b", "equals", 2]] }, ["c", "equals", 3]] }],
    ["a = 1 or b = 2 and c = 3", { Or: [["a", "equals", 1], { And: [["b", "equals", 2], ["c", "equals", 3]] }] }],
    ["not a = 1 and b = 2", { And: [{ Not: ["a", "equals", 1] }, ["b", "equals", 2]] }],
    ["a = 1 and (b = 2 and c = 3)", { And: [["a", "equals", 1], ["b", "equals", 2], ["c", "equals", 3]] }],
    ["(a = 1 or b = 2) or (c = 3)", { Or: [["a", "equals", 1], ["b", "equals", 2], ["c", "equals", 3]] }],
    ["not not a = 1", { Not: { Not: ["a", "equals", 1] } }],
    ["a between 1 and 2 and b = 1", { And: [["a", "between", [1, 2]], ["b", "equals", 1]] }],
    ["a in [1]", ["a", "in", [1], "[]"]],
    ["a in (1)", ["a", "in", [1]]],
    ["a = null", ["a", "null"]],
    ["a != null", ["a", "notNull"]],
    [">= 3", [null, "greaterEqual", 3]],
    ["", null],
  ])("%j", (source, expected) => {
    expect(shape(parse(source).body)).toEqual(expected);
  });

  it("gives every node a span, with lines and columns", () => {
    const doc = parse("a = 1 and\n  `b c` in (\"x\", 2)");
    expect(doc.span).toEqual({ start: { offset: 0, line: 1, column: 1 }, end: { offset: 29, line: 2, column: 20 } });
    const and = doc.body!;
    if (and.type !== "And") throw new Error("expected And");
    const pred = and.operands[1]!;
    if (pred.type !== "Predicate") throw new Error("expected Predicate");
    expect(pred.span).toEqual({ start: { offset: 12, line: 2, column: 3 }, end: { offset: 29, line: 2, column: 20 } });
    expect(pred.attribute!.span.start).toEqual({ offset: 12, line: 2, column: 3 });
    expect(pred.operatorSpan).toEqual({ start: { offset: 18, line: 2, column: 9 }, end: { offset: 20, line: 2, column: 11 } });
    const values = pred.value as { span: { start: { offset: number } } }[];
    expect(values.map((v) => v.span.start.offset)).toEqual([22, 27]);
  });

  it("puts an error at the end of input at offset source.length", () => {
    const source = "a = 1 and\n";
    try {
      parse(source);
      expect.unreachable();
    } catch (error) {
      const d = (error as FilterError).diagnostics[0]!;
      expect(d.span.start).toEqual({ offset: source.length, line: 2, column: 1 });
    }
  });

  it("reports independent syntax errors together", () => {
    try {
      parse("a = and b == ) and c in (1,,2)");
      expect.unreachable();
    } catch (error) {
      const e = error as FilterError;
      expect(e.diagnostics.map((d) => [d.code, d.span.start.offset])).toEqual([
        ["E_SYNTAX", 4],
        ["E_SYNTAX", 13],
        ["E_SYNTAX", 27],
      ]);
    }
  });

  it("rejects a non-string source with a TypeError that says what it takes", () => {
    expect(() => parse(42 as unknown as string)).toThrow(new TypeError("parse takes filter text (a string), not a number (42)"));
  });
});

describe("names never touch prototypes", () => {
  it("compiles __proto__, constructor and prototype as ordinary names", () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const out = compileList('__proto__ = 1 and constructor = "x" and prototype notNull and `__proto__` in (1, 2) and toString beginsWith "a"');
    expect(out).toEqual([
      { item: "__proto__", operator: "equals", value: 1 },
      { item: "constructor", operator: "equals", value: "x" },
      { item: "prototype", operator: "notNull" },
      { item: "__proto__", operator: "in", value: [1, 2] },
      { item: "toString", operator: "beginsWith", value: "a" },
    ]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).item).toBeUndefined();
    expect(Object.getPrototypeOf(out[0])).toBe(Object.prototype);
  });

  it("resolves schema names without reading inherited members", () => {
    const schema = { attributes: { age: { type: "number" as const } } };
    expect(codeOf(() => compileList("toString = 1", { schema }))).toBe("E_UNKNOWN_ATTRIBUTE");
    expect(codeOf(() => compileList("hasOwnProperty = 1", { schema }))).toBe("E_UNKNOWN_ATTRIBUTE");
  });
});

describe("limits", () => {
  it.each([
    ["maxLength", () => compileList("a = 1 and ".repeat(2000) + "a = 1")],
    ["maxDepth (groups)", () => compileList("(".repeat(33) + "a = 1" + ")".repeat(33))],
    ["maxDepth (negations)", () => compileList("not ".repeat(33) + "a = 1")],
    ["maxPredicates", () => compileList(Array.from({ length: 257 }, (_, i) => `a${i} = 1`).join(" and "))],
    ["maxInValues", () => compileList(`a in (${Array.from({ length: 101 }, (_, i) => i).join(",")})`)],
  ])("default %s is E_LIMIT", (_name, run) => {
    expect(codeOf(run)).toBe("E_LIMIT");
  });

  it("rejects a huge source before scanning it", () => {
    const huge = "(".repeat(5_000_000);
    expect(codeOf(() => parse(huge))).toBe("E_LIMIT");
  });

  it.each([
    ["groups", (n: number) => "(".repeat(n) + "a = 1" + ")".repeat(n)],
    ["negations", (n: number) => "not ".repeat(n) + "a = 1"],
    ["unclosed groups", (n: number) => "(".repeat(n)],
  ])("turns %s deeper than the stack into E_LIMIT when limits are raised", (_name, make) => {
    const source = make(200_000);
    const options = { maxLength: Infinity, maxDepth: Infinity };
    expect(codeOf(() => compileList(source, options))).toBe("E_LIMIT");
    expect(codeOf(() => compileQuery(source, options))).toMatch(/^E_(LIMIT|QUERY_SHAPE|SYNTAX)$/);
  });

  it("compiles long flat conjunctions with raised limits", () => {
    const n = 20_000;
    const source = Array.from({ length: n }, (_, i) => `a${i} = ${i}`).join(" and ");
    const out = compileList(source, { maxLength: Infinity, maxPredicates: Infinity });
    expect(out.length).toBe(n);
    expect(out[n - 1]).toEqual({ item: `a${n - 1}`, operator: "equals", value: n - 1 });
  });
});
