import { describe, expect, it } from "vitest";
import {
  attributes,
  attributeWarnings,
  compareScalars,
  compareStrings,
  compileList,
  compileQuery,
  decompile,
  evaluate,
  format,
  inferSchema,
  LineIndex,
  matches,
  parse,
  prepareFilter,
  quoteName,
  quoteString,
  suggest,
  validateListFilter,
  validateQueryFilter,
} from "../src/index.js";
import { describeValue } from "../src/values/checkArgument.js";

/** Every public function checks its arguments: a wrong type is a TypeError that says what the function takes. */
describe("argument checks", () => {
  const filter = [{ item: "a", operator: "equals" as const, value: 1 }];
  it.each([
    ["parse(1)", () => parse(1 as never), "parse takes filter text (a string), not a number (1)"],
    ["compileList('a = 1', 5)", () => compileList("a = 1", 5 as never), "options must be an object (limits such as maxLength, and schema), not a number (5)"],
    ["compileList with maxDepth '3'", () => compileList("a = 1", { maxDepth: "3" as never }), 'limits: options.maxDepth must be a number from 0 (Infinity for no limit), not the string "3"'],
    ["compileList with maxLength -1", () => compileList("a = 1", { maxLength: -1 }), "limits: options.maxLength must be a number from 0 (Infinity for no limit), not a number (-1)"],
    ["compileQuery with maxInValues NaN", () => compileQuery("key = 1", { maxInValues: Number.NaN }), "limits: options.maxInValues must be a number from 0 (Infinity for no limit), not a number (NaN)"],
    ["compileList with schema 'x'", () => compileList("a = 1", { schema: "x" as never }), 'a schema is { attributes: { name: { type?, aliases? } }, allowUnknown? }, not the string "x"'],
    ["compileList with schema {}", () => compileList("a = 1", { schema: {} as never }), "a schema is { attributes: { name: { type?, aliases? } }, allowUnknown? }: schema.attributes must be an object of attribute names, not undefined"],
    ["a schema type 'int'", () => compileList("a = 1", { schema: { attributes: { a: { type: "int" as never } } } }), 'a schema is { attributes: { name: { type?, aliases? } }, allowUnknown? }: the type of "a" is "string", "number", "boolean" or absent, not the string "int"'],
    ["schema aliases 'b'", () => compileList("a = 1", { schema: { attributes: { a: { aliases: "b" as never } } } }), 'a schema is { attributes: { name: { type?, aliases? } }, allowUnknown? }: the aliases of "a" are an array of strings, not the string "b"'],
    ["evaluate with secondaryKey 3", () => evaluate(">= 1", {}, { secondaryKey: 3 as never }), "evaluate: options.secondaryKey must be a string, not a number (3)"],
    ["matches with options 'sk'", () => matches({}, filter, "sk" as never), 'matches takes options as an object (secondaryKey, maxInValues), not the string "sk"'],
    ["prepareFilter with maxInValues '1'", () => prepareFilter(filter, { maxInValues: "1" as never }), 'prepareFilter: options.maxInValues must be a number from 0 (Infinity for no limit), not the string "1"'],
    ["decompile with mode 'List'", () => decompile(filter, { mode: "List" as never }), 'decompile: options.mode is "list" or "query", not the string "List"'],
    ["decompile with path 1", () => decompile(filter, { path: 1 as never }), "decompile: options.path must be a string, not a number (1)"],
    ["quoteString(1)", () => quoteString(1 as never), "quoteString takes a string, not a number (1)"],
    ["quoteName(null)", () => quoteName(null as never), "quoteName takes an attribute name (a string), not null"],
    ["compareStrings('a', 1)", () => compareStrings("a", 1 as never), "compareStrings takes two strings, not a number (1)"],
    ["compareScalars([], 1)", () => compareScalars([] as never, 1), "compareScalars takes strings and numbers, not an array (length 0)"],
    ["new LineIndex(5)", () => new LineIndex(5 as never), "LineIndex takes the source text (a string), not a number (5)"],
    ["LineIndex.position(-1)", () => new LineIndex("ab").position(-1), "LineIndex.position takes an offset, a whole number from 0 to the source's length (2), not a number (-1)"],
    ["inferSchema('ab')", () => inferSchema("ab" as never), 'inferSchema takes an array (or another iterable) of items, not the string "ab"'],
    ["suggest(123, 0)", () => suggest(123 as never, 0), "suggest takes the filter text as a string, not a number (123)"],
    ["suggest('a', '1')", () => suggest("a", "1" as never), 'suggest takes the cursor offset as a number, not the string "1"'],
    ["suggest('a', 1, 'list')", () => suggest("a", 1, "list" as never), 'suggest takes options as an object (schema, secondaryKey, mode and limits), not the string "list"'],
    ["validateListFilter with path 5", () => validateListFilter(filter, { path: 5 as never }), "validateListFilter: options.path must be a string, not a number (5)"],
    ["validateListFilter with maxFilters 'x'", () => validateListFilter(filter, { maxFilters: "x" as never }), 'validateListFilter: options.maxFilters must be a number from 0 (Infinity for no limit), not the string "x"'],
    ["validateQueryFilter with options []", () => validateQueryFilter({ operator: "equals", value: 1 }, [] as never), "validateQueryFilter takes options as an object (path, maxInValues, maxFilters, schema and secondaryKey), not an array (length 0)"],
    ["attributeWarnings without a schema", () => attributeWarnings("a = 1", undefined as never), "a schema is { attributes: { name: { type?, aliases? } }, allowUnknown? }, not undefined"],
  ])("%s", (_, run, message) => {
    expect(run).toThrow(new TypeError(message));
  });

  it("still takes null or undefined for options, and Infinity for a limit", () => {
    expect(compileList("a = 1", null as never)).toEqual([{ item: "a", operator: "equals", value: 1 }]);
    expect(compileList("a = 1", undefined)).toEqual([{ item: "a", operator: "equals", value: 1 }]);
    expect(compileList("a = 1", { maxLength: Infinity })).toEqual([{ item: "a", operator: "equals", value: 1 }]);
    expect(format("a=1", {})).toBe("a = 1");
    expect(attributes("a = 1", null as never)).toEqual(["a"]);
  });

  it.each([
    [null, "null"],
    [undefined, "undefined"],
    ["short", 'the string "short"'],
    ["x".repeat(21), "a string"],
    [1.5, "a number (1.5)"],
    [10n, "a bigint (10n)"],
    [false, "a boolean (false)"],
    [Symbol("s"), "a symbol"],
    [() => 1, "a function"],
    [[1, 2], "an array (length 2)"],
    [new Map(), "an object"],
  ])("describes %s as %s", (value, text) => {
    expect(describeValue(value)).toBe(text);
  });
});
