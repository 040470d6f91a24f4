import { describe, expect, it } from "vitest";
import { compileList, compileQuery, FilterError, renderMessage, renderTemplate, TOKEN_WORDS, TYPE_WORDS, type Diagnostic } from "../src/index.js";

const WORDS = { tokens: TOKEN_WORDS, types: TYPE_WORDS, or: "or", and: "and", end: "end of input" };

function first(run: () => unknown): Diagnostic {
  try {
    run();
  } catch (error) {
    if (error instanceof FilterError) return error.diagnostics[0]!;
    throw error;
  }
  throw new Error("expected a FilterError");
}

describe("renderTemplate", () => {
  it.each([
    ["{a}", { a: "x\u0007y" }, "x\\u0007y"],
    ["{a|literal} {b|literal}", { a: "s", b: 2 }, '"s" 2'],
    ["{a|found}|{b|found}", { a: null, b: ")" }, "end of input|')'"],
    ["{a|char} {b|char}", { a: "#", b: "\u0007" }, "'#' U+0007"],
    ["{a|tokens}", { a: ["and", "or", "end"] }, "'and', 'or' or end of input"],
    ["{a|operators}", { a: ["lessThan", "beginsWith"] }, "'<' or 'beginsWith'"],
    ["{a|or}/{a|and}/{a|plain}", { a: ["x", "y", "z"] }, "'x', 'y' or 'z'/'x', 'y' and 'z'/x, y, z"],
    ["{a|type}", { a: "scalar" }, "a string or a number"],
    ["a[ b {x}][ c {y}][ d {z}]", { x: 1, y: null, z: [] }, "a b 1"],
    ["{v|literal}", { v: "$tenant", redacted: ["v"] }, "$tenant"],
  ])("%s", (text, params, out) => {
    expect(renderTemplate(text, params, WORDS)).toBe(out);
  });

  it.each([
    [() => renderMessage("E_NOPE", {}), "renderMessage: no message template for the string \"E_NOPE\"; TEMPLATES lists them"],
    [() => renderMessage("E_SYNTAX", { kind: "nope" }), "renderMessage: no message template for the string \"E_SYNTAX nope\"; TEMPLATES lists them"],
    [() => renderMessage("E_EMPTY", null as never), "renderMessage takes params as an object, not null"],
    [() => renderTemplate("{a", {}, WORDS), "renderTemplate: this template opens '{' at 0 and never closes it"],
    [() => renderTemplate("{a|shout}", { a: 1 }, WORDS), 'renderTemplate: unknown format the string "shout"'],
  ])("refuses a mistake with a TypeError (%#)", (run, message) => {
    expect(run).toThrow(new TypeError(message));
  });
});

describe("messages name the operator as it was written", () => {
  const schema = { attributes: { name: { type: "string" as const }, age: { type: "number" as const } } };
  it.each([
    ['name < "b"', { schema }, "the service's '<' orders numbers only, and \"b\" is a string"],
    ['name lessthan "b"', { schema }, "the service's 'lessthan' orders numbers only, and \"b\" is a string"],
    ['age beginsWith "1"', { schema }, "'beginsWith' tests text, but 'age' is a number; compare it with '=', '<', '<=', '>', '>=' or 'between'"],
    ['age < "3"', {}, "the service's '<' orders numbers only, and \"3\" is a string"],
    ["= 3", {}, "expected an attribute name before '='"],
    ["== 3", {}, "expected an attribute name before '=='"],
    ["not (age <= 3)", {}, "'not' of '<=' cannot be checked exactly here; did you mean 'age > 3'? (that also drops items where 'age' is missing or not a number)"],
  ])("%s", (text, options, message) => {
    expect(first(() => compileList(text, options)).message).toBe(message);
  });

  it.each([
    ["key <> 3", "a key query cannot use '<>'; it can use '=', '<', '<=', '>', '>=', 'beginsWith' or 'between'"],
    ["key > 1 and key < 5", "a key query takes one condition on the key, or 'key >= a and key <= b' (which becomes between); use >= and <=, since between is inclusive"],
  ])("in a key query: %s", (text, message) => {
    expect(first(() => compileQuery(text)).message).toBe(message);
  });

  it("names a tree's operator as a filter writes it", () => {
    const tree = { type: "Predicate", attribute: { type: "Attribute", name: "age" }, operator: "lessThan", value: { type: "String", value: "3" } } as const;
    expect(first(() => compileList(tree as never)).params).toEqual({ kind: "stringOrdering", operator: "lessThan", written: "<", value: "3" });
  });
});

describe("a $name's value never shows, and the message is rendered from the redacted params", () => {
  it("between $lo and $hi", () => {
    const d = first(() => compileList("age between $lo and $hi", { params: { lo: 9, hi: "secret" } }));
    expect(d.params).toEqual({ kind: "types", operator: "between", written: "between", lower: "$lo", upper: "$hi", redacted: ["lower", "upper"] });
    expect(d.message).toBe("'between' bounds must be of one type, but $lo and $hi differ");
    expect(renderMessage(d.code, d.params!)).toBe(d.message);
  });
});
