import { describe, expect, it } from "vitest";
import type { FilterNode } from "../src/syntax/ast.js";
import { compileList, compileQuery, FilterError, parse, type Diagnostic } from "../src/index.js";
import { NO_SPAN } from "../src/messages/location.js";
import { codeOf } from "./codeOf.js";

// The compilers take text, a parsed document, or one node of it; text is covered by the golden cases.
describe("compiling trees", () => {
  const doc = parse('a = 1 and b in ("x", "y")');

  it("compiles a FilterDocument and a bare node alike", () => {
    const expected = [
      { item: "a", operator: "equals", value: 1 },
      { item: "b", operator: "in", value: ["x", "y"] },
    ];
    expect(compileList(doc)).toEqual(expected);
    expect(compileList(doc.body!)).toEqual(expected);
  });

  it("compiles a hand-built tree", () => {
    const node: FilterNode = {
      type: "Not",
      span: NO_SPAN,
      operand: {
        type: "Predicate",
        attribute: { type: "Attribute", name: "__proto__", span: NO_SPAN },
        operator: "equals",
        operatorSpan: NO_SPAN,
        value: { type: "String", value: "x", span: NO_SPAN },
        span: NO_SPAN,
      },
    };
    expect(compileList(node)).toEqual([{ item: "__proto__", operator: "notEquals", value: "x" }]);
  });

  it("applies a schema to a tree as to text", () => {
    const schema = { attributes: { age: { type: "number" as const, aliases: ["years"] } } };
    expect(compileList(parse("years >= 3"), { schema })).toEqual([{ item: "age", operator: "greaterEqual", value: 3 }]);
    expect(codeOf(() => compileList(parse("other = 1"), { schema }))).toBe("E_UNKNOWN_ATTRIBUTE");
  });

  it("checks value shapes on trees, which parse does not", () => {
    expect(codeOf(() => compileList(parse('a < "x"')))).toBe("E_VALUE_TYPE");
    expect(codeOf(() => compileQuery(parse("key between 2 and 1")))).toBe("E_BETWEEN_BOUNDS");
  });

  it("compiles an empty document to no filter, and rejects it as a key query", () => {
    expect(compileList(parse(""))).toEqual([]);
    expect(codeOf(() => compileQuery(parse("  ")))).toBe("E_EMPTY");
  });

  it("names the secondary key for key queries on trees", () => {
    expect(compileQuery(parse("ts >= 5 and ts <= 9"), { secondaryKey: "ts" })).toEqual({ operator: "between", value: [5, 9] });
    expect(codeOf(() => compileQuery(parse("ts >= 5")))).toBe("E_QUERY_ATTRIBUTE");
  });
});

describe("in lists of one type (the service refuses two)", () => {
  // [filter, code or null, span of the first diagnostic]
  it.each([
    ['a in (1, "x")', "E_IN_MIXED_TYPES", [9, 12]],
    ['a in ["x", "y", 3]', "E_IN_MIXED_TYPES", [16, 17]],
    ['a = 1 or a = "1"', "E_IN_MIXED_TYPES", [9, 16]],
    ['a = "x" or a in (1, 2)', "E_IN_MIXED_TYPES", [11, 22]],
    ['b = 1 and (a = 1 or a in ("x"))', "E_IN_MIXED_TYPES", [20, 30]],
    ['not (a != 1 and a != "x")', "E_IN_MIXED_TYPES", [16, 24]],
  ])("%s -> %s", (source, code, span) => {
    let caught: unknown;
    try {
      compileList(source);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    const first = (caught as FilterError).diagnostics[0]!;
    expect([(caught as FilterError).code, [first.span.start.offset, first.span.end.offset]]).toEqual([code, span]);
    expect(first.message).toBe("a list cannot mix strings and numbers; use values of one type");
    expect(first.hint).toBe("the service rejects such an 'in'; find (or plan) runs it as one request per type");
  });

  it.each([
    ['not (a in (1, "x"))', [{ item: "a", operator: "notEquals", value: 1 }, { item: "a", operator: "notEquals", value: "x" }]],
    ["a = 1 or a in (2, 3)", [{ item: "a", operator: "in", value: [1, 2, 3] }]],
    ['a = "1" or a = "x"', [{ item: "a", operator: "in", value: ["1", "x"] }]],
  ])("%s compiles: it sends no in of two types", (source, expected) => {
    expect(compileList(source)).toEqual(expected);
  });
});

describe("E_OR_UNSUPPORTED and E_NOT_UNSUPPORTED say what to do instead", () => {
  const diagnostic = (source: string): Diagnostic => {
    try {
      compileList(source);
    } catch (error) {
      return (error as FilterError).diagnostics[0]!;
    }
    throw new Error(`${source} compiled`);
  };
  const message = (source: string): string => diagnostic(source).message;

  it.each([
    ["a = 1 or b = 2", "b = 2 or a = 1"],
    ["a > 1 or a = 2", "a = 2 or a > 1"],
    ["a = 1 or b contains 'x'", "b contains 'x' or a = 1"],
  ])("%s and %s give one message", (one, other) => {
    expect(message(one)).toBe(message(other));
    // The person typing is told about the text; the developer, in the hint, about find.
    expect(message(one)).toBe("'or' can only join equality tests on one attribute here, as in a = 1 or a = 2");
    expect(diagnostic(one).hint).toContain("find (or plan)");
  });

  it("E_NOT_UNSUPPORTED points to find too, in the hint", () => {
    const d = diagnostic("not (age < 18)");
    expect(d.message).toBe("'not' of '<' cannot be checked exactly here; did you mean 'age >= 18'? (that also drops items where 'age' is missing or not a number)");
    expect(d.hint).toBe("one listItems request cannot negate this; find (or plan) runs it as written and checks it locally");
    expect(d.fixes?.map((f) => [f.replacement, f.span.start.offset, f.span.end.offset])).toEqual([["age >= 18", 0, 14]]);
  });
});

describe("messages that quote source text", () => {
  // FilterError escapes every message once, whichever module wrote it.
  it.each([
    ["list", "not (`a\\nb\u001b[2J` < 1)", "E_NOT_UNSUPPORTED", "a\\u000ab\\u001b[2J"],
    ["query", "`x\u202ey` >= 1", "E_QUERY_ATTRIBUTE", "x\\u202ey"],
  ])("%s %j: %s quotes the name escaped", (mode, source, code, shown) => {
    let caught: unknown;
    try {
      if (mode === "query") compileQuery(source, { secondaryKey: "ts" });
      else compileList(source);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    const e = caught as FilterError;
    expect(e.code).toBe(code);
    expect(e.diagnostics[0]!.message).toContain(shown);
    expect(e.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });
});
