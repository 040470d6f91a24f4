import { describe, expect, it } from "vitest";
import { CANONICAL_OPERATOR, FilterError, OPERATORS, format, parse, quoteName, quoteString, type FilterNode, type Span } from "@itemfilter/core";

import { withoutSpans } from "../../../test/property/astArbitraries.js";

function roundTrips(source: string): void {
  const text = format(source);
  expect(withoutSpans(parse(text))).toStrictEqual(withoutSpans(parse(source)));
  expect(format(text)).toBe(text);
}

describe("format", () => {
  it.each([
    // Every operator, in every written form, to its one canonical form.
    ["a = 1", "a = 1"],
    ["a == 1", "a = 1"],
    ["a EQUALS 1", "a = 1"],
    ["a != 1", "a != 1"],
    ["a <> 1", "a != 1"],
    ["a notequals 1", "a != 1"],
    ["a < 1", "a < 1"],
    ["a lessThan 1", "a < 1"],
    ["a <= 1", "a <= 1"],
    ["a lessEqual 1", "a <= 1"],
    ["a > 1", "a > 1"],
    ["a greaterThan 1", "a > 1"],
    ["a >= 1", "a >= 1"],
    ["a GREATEREQUAL 1", "a >= 1"],
    ['a contains "x"', 'a contains "x"'],
    ['a NOTCONTAINS "x"', 'a notContains "x"'],
    ["a beginswith 'x'", 'a beginsWith "x"'],
    ['a in "x"', 'a in ("x")'],
    ['a in ("x")', 'a in ("x")'],
    ['a in ("x", 2, "x")', 'a in ("x", 2, "x")'],
    ['a in ["x"]', 'a in ["x"]'],
    ["a IN [1,2]", "a in [1, 2]"],
    ["a between 1 and 2", "a between 1 and 2"],
    ["a BETWEEN 'a' AND 'b'", 'a between "a" and "b"'],
    ["a is null", "a is null"],
    ["a null", "a is null"],
    ["a = null", "a is null"],
    ["a == NULL", "a is null"],
    ["a is not null", "a is not null"],
    ["a notNull", "a is not null"],
    ["a != null", "a is not null"],
    ["a <> null", "a is not null"],
    // Subject left out (key queries).
    [">= 3", ">= 3"],
    ['beginsWith "a"', 'beginsWith "a"'],
    ["is null", "is null"],
    ["key >= 1 && <= 2", "key >= 1 and <= 2"],
    // Keywords and precedence: parentheses only where needed.
    ["a = 1 && b = 2 || c = 3", "a = 1 and b = 2 or c = 3"],
    ["(a = 1 and b = 2) or c = 3", "a = 1 and b = 2 or c = 3"],
    ["a = 1 and (b = 2 or c = 3)", "a = 1 and (b = 2 or c = 3)"],
    ["(a = 1 or b = 2) and (c = 3 or d = 4)", "(a = 1 or b = 2) and (c = 3 or d = 4)"],
    ["((a = 1))", "a = 1"],
    ["(a = 1 and b = 2) and c = 3", "a = 1 and b = 2 and c = 3"],
    ["a = 1 or (b = 2 or c = 3)", "a = 1 or b = 2 or c = 3"],
    ["!a = 1", "not a = 1"],
    ["NOT NOT a = 1", "not not a = 1"],
    ["not (a = 1)", "not a = 1"],
    ["not (a = 1 and b = 2)", "not (a = 1 and b = 2)"],
    ["not (a = 1 or b = 2)", "not (a = 1 or b = 2)"],
    ["not a = 1 and b = 2", "not a = 1 and b = 2"],
    ["not (not a = 1 or b = 2) and c = 3", "not (not a = 1 or b = 2) and c = 3"],
    ["a between 1 and 2 and b = 3", "a between 1 and 2 and b = 3"],
    // White space is normalised; empty source is empty text.
    ["", ""],
    ["  \n\t ", ""],
    ["  a\n=\t1  ", "a = 1"],
    // Strings: double quotes, escapes re-written, non-ASCII kept.
    ["a = 'it''s'", null],
    ["a = 'it\\'s'", `a = "it's"`],
    ['a = "say \\"hi\\""', 'a = "say \\"hi\\""'],
    ['a = "back\\\\slash\\/"', 'a = "back\\\\slash/"'],
    ['a = "\\b\\f\\n\\r\\t"', 'a = "\\b\\f\\n\\r\\t"'],
    ['a = "\\u0000\\u001f\\u007f\\u0085"', 'a = "\\u0000\\u001f\\u007f\\u0085"'],
    ['a = "\\u00e9"', 'a = "é"'],
    ['a = "\\ud83d\\ude00"', 'a = "\u{1F600}"'],
    ['a = "\u{1F600}\u{10FFFF}"', 'a = "\u{1F600}\u{10FFFF}"'],
    ['a = "\u202e\ufeff\u2028"', 'a = "\u202e\ufeff\u2028"'],
    ['a = "`"', 'a = "`"'],
    // Numbers: shortest exact form, -0 kept.
    ["a = -0", "a = -0"],
    ["a = 0", "a = 0"],
    ["a = 1.50", "a = 1.5"],
    ["a = 1E3", "a = 1000"],
    ["a = 1e21", "a = 1e+21"],
    ["a = 1e-7", "a = 1e-7"],
    ["a = 1e-130", "a = 1e-130"],
    ["a = 9.9999999999999999999999999999999999999e125", "a = 9.9999999999999999999999999999999999999e+125"],
    ["a = 123456789012345680000", "a = 123456789012345680000"],
    // Exact beyond doubles: every digit kept, whole numbers of up to 38 digits written out.
    ["a = 9007199254740993", "a = 9007199254740993"],
    ["a = 12345678901234567890.120", "a = 12345678901234567890.12"],
    ["a = 1.2345678901234567890123e30", "a = 1234567890123456789012300000000"],
    ["a = -0.10000000000000000000000000000000000001", "a = -0.10000000000000000000000000000000000001"],
    ["a between -1.5 and -0", "a between -1.5 and -0"],
    // Names: bare when plain, backticks otherwise (keywords in any case, spaces, escapes).
    ["`first name` = 1", "`first name` = 1"],
    ["`and` = 1", "`and` = 1"],
    ["`AND` = 1", "`AND` = 1"],
    ["`notNull` = 1", "`notNull` = 1"],
    ["`Between` = 1", "`Between` = 1"],
    ["`plain` = 1", "plain = 1"],
    ["__proto__ = 1", "__proto__ = 1"],
    ["`1st` = 1", "`1st` = 1"],
    ["`a-b` = 1", "`a-b` = 1"],
    ["`a\\`b` = 1", "`a\\`b` = 1"],
    ["`a\\\\b` = 1", "`a\\\\b` = 1"],
    ["`a\"b` = 1", '`a"b` = 1'],
    ["`tab\\there` = 1", "`tab\\there` = 1"],
    ["`\\u0001` = 1", "`\\u0001` = 1"],
    ["名前 = 1", "名前 = 1"],
    ["café = 1", "café = 1"],
    ["`\u{1F600}` = 1", "`\u{1F600}` = 1"],
    ["`\u{1D49C}x` = 1", "\u{1D49C}x = 1"],
    ["android = 1 and order = 2", "android = 1 and order = 2"],
  ] as [string, string | null][])("%j -> %j", (source, expected) => {
    if (expected === null) {
      expect(() => format(source)).toThrow(FilterError);
      return;
    }
    expect(format(source)).toBe(expected);
    roundTrips(source);
  });

  it("writes each operator in the spelling CANONICAL_OPERATOR gives", () => {
    // The service's operators, and the type tests, which the service has not (written `is string`, `is not string`).
    expect(Object.keys(CANONICAL_OPERATOR).sort()).toEqual([...OPERATORS.map((op) => op.name), "type", "notType"].sort());
    expect(CANONICAL_OPERATOR).toEqual({
      equals: "=",
      notEquals: "!=",
      lessThan: "<",
      lessEqual: "<=",
      greaterThan: ">",
      greaterEqual: ">=",
      contains: "contains",
      notContains: "notContains",
      beginsWith: "beginsWith",
      in: "in",
      between: "between",
      null: "is null",
      notNull: "is not null",
      type: "is",
      notType: "is not",
    });
  });

  it("takes a document, a node, or text with options", () => {
    const doc = parse('name beginsWith "ab" and score >= 3');
    expect(format(doc)).toBe('name beginsWith "ab" and score >= 3');
    expect(format(doc.body!)).toBe('name beginsWith "ab" and score >= 3');
    const schema = { attributes: { age: { aliases: ["years"] } } };
    expect(format("years > 3", { schema })).toBe("age > 3");
    expect(() => format("yeers > 3", { schema })).toThrow(expect.objectContaining({ code: "E_UNKNOWN_ATTRIBUTE" }));
  });

  it("adds parentheses a hand-built tree needs, even where parse would have flattened it", () => {
    const span = parse("a = 1").span;
    const p = (name: string): FilterNode => ({ ...(parse(`${name} = 1`).body as FilterNode) });
    const and = (...operands: FilterNode[]): FilterNode => ({ type: "And", operands, span });
    const or = (...operands: FilterNode[]): FilterNode => ({ type: "Or", operands, span });
    expect(format(and(p("a"), and(p("b"), p("c"))))).toBe("a = 1 and (b = 1 and c = 1)");
    expect(format(or(or(p("a"), p("b")), p("c")))).toBe("(a = 1 or b = 1) or c = 1");
    expect(format(and(p("a")))).toBe("a = 1");
    expect(format({ type: "Not", operand: or(p("a")), span })).toBe("not a = 1");
    expect(() => format(and())).toThrow(expect.objectContaining({ code: "E_FILTER_JSON", message: "E_FILTER_JSON at tree.operands: an And node needs at least one operand" }));
  });

  it.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
  ])("refuses a hand-built %s literal with E_FILTER_JSON", (name, value) => {
    const node = parse("a = 1").body as FilterNode & { value: unknown };
    const bad = { ...node, value: { ...(node.value as object), value } } as FilterNode;
    expect(() => format(bad)).toThrow(
      expect.objectContaining({ code: "E_FILTER_JSON", message: `E_FILTER_JSON at tree.value.value: ${name} is not a number here; numbers are finite, as in JSON` }),
    );
  });

  it("formats the deepest tree default limits allow", () => {
    const source = "not (".repeat(16) + "a = 1" + ")".repeat(16);
    expect(format(source)).toBe("not ".repeat(16) + "a = 1");
    const nested = "(".repeat(31) + "a = 1 or b = 2" + ")".repeat(31) + " and c = 3";
    expect(format(nested)).toBe("(a = 1 or b = 2) and c = 3");
  });

  it("turns a stack overflow on a hand-built tree into E_LIMIT", () => {
    const span: Span = parse("a = 1").span;
    let node: FilterNode = parse("a = 1").body!;
    for (let i = 0; i < 200_000; i++) node = { type: "Not", operand: node, span };
    expect(() => format(node)).toThrow(expect.objectContaining({ code: "E_LIMIT" }));
  });

  it("turns a stack overflow on text parsed with raised limits into E_LIMIT", () => {
    const raised = { maxDepth: Infinity, maxLength: Infinity };
    let threw: unknown;
    try {
      format("not ".repeat(100_000) + "a = 1", raised);
    } catch (error) {
      threw = error;
    }
    expect(threw).toBeInstanceOf(FilterError);
    expect((threw as FilterError).code).toBe("E_LIMIT");
  });
});

describe("quoteString and quoteName", () => {
  it.each([
    ["", '""'],
    ["plain", '"plain"'],
    ['"', '"\\""'],
    ["'", '"\'"'],
    ["\\", '"\\\\"'],
    ["\u0000\u0008\u0009\u000a\u000c\u000d\u001b", '"\\u0000\\b\\t\\n\\f\\r\\u001b"'],
    ["\u007f\u0080\u009f\u00a0", '"\\u007f\\u0080\\u009f\u00a0"'],
    ["\u{1F600}", '"\u{1F600}"'],
    ["\ud800", '"\\ud800"'],
    ["x\udc00y", '"x\\udc00y"'],
  ])("quoteString(%j) = %s", (value, expected) => {
    expect(quoteString(value)).toBe(expected);
  });

  it.each([
    ["name", "name"],
    ["_x1", "_x1"],
    ["first name", "`first name`"],
    ["in", "`in`"],
    ["NotContains", "`NotContains`"],
    ["key", "key"],
    ["", "``"],
    ["a`b", "`a\\`b`"],
    ["a\\b", "`a\\\\b`"],
    ["a\nb", "`a\\nb`"],
    ['a"b', '`a"b`'],
  ])("quoteName(%j) = %s", (name, expected) => {
    expect(quoteName(name)).toBe(expected);
  });
});
