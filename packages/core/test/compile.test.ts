import { describe, expect, it } from "vitest";
import type { FilterNode } from "../src/syntax/ast.js";
import { compileList, compileQuery, parse } from "../src/index.js";
import { NO_SPAN } from "../src/syntax/location.js";
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
        operator: "contains",
        operatorSpan: NO_SPAN,
        value: { type: "String", value: "x", span: NO_SPAN },
        span: NO_SPAN,
      },
    };
    expect(compileList(node)).toEqual([{ item: "__proto__", operator: "notContains", value: "x" }]);
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
