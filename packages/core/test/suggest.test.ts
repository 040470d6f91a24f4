import { describe, expect, it } from "vitest";
import { parse, suggest, type Schema, type SuggestOptions } from "@itemfilter/core";
import { parser } from "../src/syntax/parser.js";

const schema: Schema = {
  attributes: {
    name: { type: "string", aliases: ["nm"] },
    age: { type: "number" },
    "first name": {},
    ts: { type: "number" },
  },
};

const ALL_OPERATORS = ["=", "!=", "<", "<=", ">", ">=", "contains", "notContains", "beginsWith", "in", "between", "is null", "is not null"];
const NUMBER_OPERATORS = ["=", "!=", "<", "<=", ">", ">=", "in", "between", "is null", "is not null"];
const STRING_OPERATORS = ["=", "!=", "contains", "notContains", "beginsWith", "in", "between", "is null", "is not null"];
const QUERY_OPERATORS = ["=", "<", "<=", ">", ">=", "beginsWith", "between"];
const ATTRIBUTES = ["name", "nm", "age", "`first name`", "ts"];

/** `|` marks the cursor. */
function at(marked: string, options?: SuggestOptions) {
  const offset = marked.indexOf("|");
  return suggest(marked.replace("|", ""), offset, options);
}

describe("suggest", () => {
  it.each([
    // Start of input and after and/or/not/(.
    ["|", undefined, ["size(", "fold(", "not", "("]],
    ["|", { schema }, [...ATTRIBUTES, "size(", "fold(", "not", "("]],
    ["a = 1 and |", { schema }, [...ATTRIBUTES, "size(", "fold(", "not", "("]],
    ["a = 1 or not |", { schema }, [...ATTRIBUTES, "size(", "fold(", "not", "("]],
    ["(|", { schema }, [...ATTRIBUTES, "size(", "fold(", "not", "("]],
    // size(…): its attribute, then the operators and values a size takes (issue 34).
    ["size(|", { schema }, ATTRIBUTES],
    ["size(age) |", { schema }, ["=", "!=", "<", "<=", ">", ">=", "in", "between"]],
    ["size(name) = |", { schema }, ["0"]],
    ["size(name) in (|", { schema }, ["0"]],
    ["size |", undefined, [...ALL_OPERATORS, "("]],
    // After an attribute: operators, narrowed by its type.
    ["a |", undefined, ALL_OPERATORS],
    ["a |", { schema: { attributes: {}, allowUnknown: true } }, ALL_OPERATORS],
    ["age |", { schema }, NUMBER_OPERATORS],
    ["name |", { schema }, STRING_OPERATORS],
    ["nm |", { schema }, STRING_OPERATORS],
    ["`first name` |", { schema }, ALL_OPERATORS],
    ["a = 1 and age |", { schema }, NUMBER_OPERATORS],
    // Operator words while typing one, in table order.
    ["a n|", undefined, ["notEquals", "notContains", "null", "notNull"]],
    ["a i|", undefined, ["in", "is null", "is not null"]],
    ["a GRE|", undefined, ["greaterThan", "greaterEqual"]],
    ["age c|", { schema }, []],
    ["a is |", undefined, ["null", "not null", "string", "number", "boolean", "list", "map", "binary"]],
    ["a is n|", undefined, ["null", "not null", "number"]],
    ["a is not |", undefined, ["null", "string", "number", "boolean", "list", "map", "binary"]],
    // Values: placeholders that fit the operator and the attribute.
    ["a = |", undefined, ['""', "0", "true", "false", "null"]],
    ["a != |", undefined, ['""', "0", "true", "false", "null"]],
    ["age = |", { schema }, ["0", "null"]],
    ["name = |", { schema }, ['""', "null"]],
    ["a < |", undefined, ["0"]],
    ["a contains |", undefined, ['""']],
    ["a = nu|", undefined, ["null"]],
    ["a in |", undefined, ['""', "0", "true", "false", "(", "["]],
    ["age in (|", { schema }, ["0"]],
    ["a in (1|", undefined, []],
    ["a in (1 |", undefined, [",", ")"]],
    ["a in [1, |", undefined, ['""', "0", "true", "false"]],
    ["a between |", undefined, ['""', "0"]],
    ["a between 1 |", undefined, ["and"]],
    ["a between 1 and |", undefined, ["0"]],
    ["a between 'x' and |", undefined, ['""']],
    // After a complete condition: and, or, and ) inside a group.
    ["a = 1 |", undefined, ["and", "or"]],
    ["a is null |", undefined, ["and", "or"]],
    ["(a = 1 |", undefined, ["and", "or", ")"]],
    ["((a = 1) |", undefined, ["and", "or", ")"]],
    ["not (a = 1 or b in (1, 2) |", undefined, ["and", "or", ")"]],
    ["a = 1 o|", undefined, ["or"]],
    ["a = 1 AN|", undefined, ["and"]],
    // Prefix filtering of names, case-insensitive, bare or in backticks.
    ["na|", { schema }, ["name"]],
    ["N|", { schema }, ["name", "nm", "not"]],
    ["fi|", { schema }, ["`first name`"]],
    ["`fi|", { schema }, ["`first name`"]],
    ["a = 1 and no|", { schema }, ["not"]],
    ["zz|", { schema }, []],
    // Key queries: key and the secondary key's name, and only the operators queryItems takes.
    ["|", { mode: "query" }, ["key", ...QUERY_OPERATORS, "("]],
    ["|", { mode: "query", secondaryKey: "ts", schema }, ["key", "ts", "=", "<", "<=", ">", ">=", "between", "("]],
    ["key |", { mode: "query" }, QUERY_OPERATORS],
    ["ts |", { mode: "query", secondaryKey: "ts", schema }, ["=", "<", "<=", ">", ">=", "between"]],
    ["key >= 1 |", { mode: "query" }, ["and"]],
    ["key >= 1 and |", { mode: "query", secondaryKey: "created at" }, ["key", "`created at`", ...QUERY_OPERATORS, "("]],
    ["key is |", { mode: "query" }, []],
    ["key = |", { mode: "query" }, ['""', "0"]],
    // Nothing sensible to offer.
    ['a = "x|', undefined, []],
    ['a = "x|y" and b = 1', undefined, []],
    ["a = 'it\\'|s'", undefined, []],
    ["a = 1|", undefined, []],
    ["a = 1 #|", undefined, []],
    ["a = = |", undefined, []],
    ["a = 1) and |", undefined, []],
    ["(".repeat(33) + "|", undefined, []],
    ["not ".repeat(33) + "|", undefined, []],
  ] as [string, SuggestOptions | undefined, string[]][])("%j %j", (marked, options, labels) => {
    expect(at(marked, options).items.map((i) => i.label)).toEqual(labels);
  });

  it.each([
    ["na|", { from: 0, to: 2 }],
    ["na|me = 1", { from: 0, to: 4 }],
    ["a = 1 and nam|e", { from: 10, to: 14 }],
    ["`first na|me` = 1", { from: 0, to: 12 }],
    ["`first na|", { from: 0, to: 9 }],
    ["a |", { from: 2, to: 2 }],
    ['a = "x|', { from: 6, to: 6 }],
    ["|", { from: 0, to: 0 }],
  ])("%j replaces %j", (marked, range) => {
    const { from, to } = at(marked, { schema });
    expect({ from, to }).toEqual(range);
  });

  it("gives each kind and detail", () => {
    expect(at("age |", { schema }).items.slice(0, 2)).toEqual([
      { label: "=", kind: "operator", detail: "present, of the same type, and equal" },
      { label: "!=", kind: "operator", detail: "not equal (true when missing or of another type)" },
    ]);
    expect(at("|", { schema }).items).toEqual([
      { label: "name", kind: "attribute", detail: "string" },
      { label: "nm", kind: "attribute", detail: "alias of name" },
      { label: "age", kind: "attribute", detail: "number" },
      { label: "`first name`", kind: "attribute" },
      { label: "ts", kind: "attribute", detail: "number" },
      { label: "size(", kind: "keyword", detail: "size(a): a string's length, a list's, set's or map's elements; compare it with a number" },
      { label: "fold(", kind: "keyword", detail: "fold(a): a's text with letter case ignored (Unicode case folding); compare it with a string" },
      { label: "not", kind: "keyword", detail: "the condition does not hold" },
      { label: "(", kind: "punctuation" },
    ]);
    expect(at("a is not |").items.slice(1, 3)).toEqual([
      { label: "string", kind: "keyword", detail: "a string (DynamoDB's S)" },
      { label: "number", kind: "keyword", detail: "a number (N)" },
    ]);
    expect(at("a = |").items).toEqual([
      { label: '""', kind: "value", detail: "a string" },
      { label: "0", kind: "value", detail: "a number" },
      { label: "true", kind: "value", detail: "a boolean" },
      { label: "false", kind: "value", detail: "a boolean" },
      { label: "null", kind: "value", detail: "the attribute is missing" },
    ]);
    expect(at("a = 1 |").items).toEqual([
      { label: "and", kind: "keyword", detail: "both conditions hold" },
      { label: "or", kind: "keyword", detail: "either condition holds" },
    ]);
    expect(at("|", { mode: "query" }).items[0]).toEqual({ label: "key", kind: "attribute", detail: "the secondary key" });
  });

  it.each([
    [99, 1],
    [-5, 0],
    [1.7, 1],
    [Number.POSITIVE_INFINITY, 1],
    [Number.NEGATIVE_INFINITY, 0],
  ])("clamps offset %s to %s", (offset, clamped) => {
    expect(suggest("a", offset)).toEqual(suggest("a", clamped));
  });

  it("answers for any offset, and refuses arguments of the wrong type", () => {
    expect(suggest("a ", Number.NaN).items.length).toBeGreaterThan(0);
    expect(suggest("a ", -5)).toEqual(suggest("a ", 0));
    expect(suggest("x".repeat(20_000), 20_000)).toEqual({ from: 20_000, to: 20_000, items: [] });
    // Like every public function (issue 10): a wrong type is a TypeError that says what it takes.
    expect(() => suggest(undefined as unknown as string, 0)).toThrow(new TypeError("suggest takes the filter text as a string, not undefined"));
    expect(() => suggest("|", 0, { schema: { attributes: { x: null } } as unknown as Schema })).toThrow(TypeError);
  });

  it.each([
    ["deep groups", "(".repeat(16_000), []],
    ["deep negation", "not ".repeat(4_000), []],
    ["a long conjunction", "a = 1 and ".repeat(1_600), ["size(", "fold(", "not", "("]],
    ["a long group", "(" + "a = 1 and ".repeat(1_600) + "b = 2 ", ["and", "or", ")"]],
  ])("answers at the end of %s", (_, source, labels) => {
    expect(suggest(source, source.length).items.map((i) => i.label)).toEqual(labels);
  });

  // With the limits raised out of the way, depth costs one pass over the tokens: no heap or stack exhaustion.
  it.each([
    ["100,000 open groups", "(".repeat(100_000), ["size(", "fold(", "not", "("]],
    ["100,000 negations", "not ".repeat(100_000), ["size(", "fold(", "not", "("]],
    ["100,000 negated groups", "not (".repeat(100_000) + "a = 1 ", ["and", "or", ")"]],
    ["100,000 closed groups", "(".repeat(100_000) + "a = 1" + ")".repeat(100_000) + " ", ["and", "or"]],
    ["an in list of 100,000 values", "a in (" + "1, ".repeat(100_000), ['""', "0", "true", "false"]],
  ])("answers at the end of %s with maxDepth and maxLength raised", (_, source, labels) => {
    const raised = { maxDepth: 1e9, maxLength: 1e9 };
    expect(suggest(source, source.length, raised).items.map((i) => i.label)).toEqual(labels);
  });

  it("leaves the shared parser as parse needs it", () => {
    const before = parse('a = 1 and (b in (1, 2) or not c is null)');
    parser.input = [];
    for (const marked of ["a = 1 and |", "(a = |", "a between 1 and |", "x y z |"]) at(marked);
    expect(parser.input).toEqual([]);
    expect(parse('a = 1 and (b in (1, 2) or not c is null)')).toEqual(before);
  });
});
