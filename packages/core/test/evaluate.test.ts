import { describe, expect, it } from "vitest";
import { FilterError, compileList, evaluate, parse, prepareEvaluate, type FilterNode } from "@itemfilter/core";

const GRIN = "\u{1F600}";
const HALFWIDTH = "\uFF61";

describe("evaluate: plain boolean logic over the per-operator rules", () => {
  it.each([
    ["", {}, true],
    ["   ", null, true],
    ["a = 1", { a: 1 }, true],
    ["a = 1", { a: "1" }, false],
    ["a = 1 and b = 2", { a: 1, b: 2 }, true],
    ["a = 1 and b = 2", { a: 1, b: 3 }, false],
    ["a = 1 or b = 2", { a: 0, b: 2 }, true],
    ["a = 1 or b = 2", { a: 0, b: 0 }, false],
    ["a = 1 or a = 2 or a = 3", { a: 3 }, true],
    ["not a = 1", { a: 1 }, false],
    ["not a = 1", {}, true],
    ["not not a = 1", { a: 1 }, true],
    ["!(a = 1 && b = 2)", { a: 1, b: 3 }, true],
    ["a = 1 or b = 2 and c = 3", { a: 1 }, true],
    ["(a = 1 or b = 2) and c = 3", { a: 1 }, false],
    // what the compilers reject, evaluate still answers
    ["not (a < 3)", { a: 5 }, true],
    ["not (a < 3)", { a: 1 }, false],
    ["not (a < 3)", {}, true],
    ["not (a < 3)", { a: "1" }, true],
    ["not (a between 1 and 3)", { a: 2 }, false],
    ["not (a beginsWith \"x\")", { a: "xy" }, false],
    ["not (a beginsWith \"x\")", { a: 1 }, true],
    ["a = 1 or b < 2", { b: 1 }, true],
    ['a < "x"', { a: "w" }, true],
    ['a < "x"', { a: "x" }, false],
    ['a < "x"', { a: 1 }, false],
    ['a >= "b"', { a: "b" }, true],
    ['a > "B"', { a: "a" }, true],
    ['a <= "a"', { a: "ab" }, false],
    // strings order by UTF-8 bytes, not UTF-16 units
    [`a < "${GRIN}"`, { a: HALFWIDTH }, true],
    [`a > "${HALFWIDTH}"`, { a: GRIN }, true],
    [`a > "${GRIN}"`, { a: HALFWIDTH }, false],
    [`a between "${HALFWIDTH}" and "${GRIN}"`, { a: "\uFFFD" }, true],
    // value shapes the compiler rejects: no coercion, so they never match
    ["a beginsWith 3", { a: "3" }, false],
    ["a beginsWith 3", { a: 3 }, false],
    ["a contains 3", { a: "3" }, false],
    ["a contains 3", { a: [3] }, true],
    ["a contains 3", { a: ["3"] }, false],
    ['a between "a" and 3', { a: "b" }, false],
    ['a between "a" and 3', { a: 2 }, false],
    ["a between 3 and 1", { a: 2 }, false],
    ['a = "x" or a between 3 and 1', { a: "x" }, true],
    // in, with and without brackets
    ["a in (1, 2)", { a: 2 }, true],
    ["a in [1]", { a: 1 }, true],
    ["a in [1]", { a: [1] }, false],
    ["a in 1", { a: 1 }, true],
    ['not a in ("x", "y")', { a: "z" }, true],
    ['not a in ("x", "y")', {}, true],
    // null and notNull
    ["a is null", { a: null }, true],
    ["a is null", {}, true],
    ["a is not null", { a: "" }, true],
    ["a = null", {}, true],
    ["a != null", { a: 0 }, true],
    ["not a is null", { a: false }, true],
    // prototype-safe names
    ["toString is not null", {}, false],
    ["`__proto__` is null", {}, true],
    ["constructor = 1", { constructor: 1 }, true],
    // non-BMP text
    [`a contains "${GRIN}"`, { a: `x${GRIN}y` }, true],
    [`a beginsWith "${GRIN}"`, { a: `${GRIN}!` }, true],
    [`a = "${GRIN}"`, { a: GRIN }, true],
  ] as [string, unknown, boolean][])("%s on %j -> %s", (source, item, expected) => {
    expect(evaluate(source, item)).toBe(expected);
    expect(evaluate(parse(source), item)).toBe(expected);
    expect(prepareEvaluate(source)(item)).toBe(expected);
  });

  it("takes one node of a tree", () => {
    const doc = parse("a = 1 and b = 2");
    const and = doc.body as Extract<FilterNode, { type: "And" }>;
    expect(evaluate(and.operands[1]!, { b: 2 })).toBe(true);
  });
});

describe("evaluate: key queries", () => {
  it.each([
    [">= 3", { sk: 3 }, true],
    [">= 3", { sk: 2 }, false],
    ['beginsWith "ab"', { sk: "abc" }, true],
    ["key >= 3 and key <= 5", { sk: 4 }, true],
    ["KEY between 3 and 5", { sk: 6 }, false],
    ["sk = 1", { sk: 1 }, true],
    ["key = 1", { key: 1, sk: 2 }, false],
    ["key = 2", { key: 1, sk: 2 }, true],
    ["other = 1", { other: 1, sk: 2 }, true],
    [">= 3 or < 0", { sk: -1 }, true],
  ] as [string, unknown, boolean][])("%s on %j -> %s", (source, item, expected) => {
    expect(evaluate(source, item, { secondaryKey: "sk" })).toBe(expected);
  });

  it("without a secondary key, key is an ordinary name", () => {
    expect(evaluate("key = 1", { key: 1 })).toBe(true);
  });

  // Issue 33 §4: the text is a person's, so this is compileList's FilterError (it was a TypeError).
  it.each([
    [">= 3", 0, 2, "greaterEqual", ">="],
    ["contains 1", 0, 8, "contains", "contains"],
    ["a = 1 or > 3", 9, 10, "greaterThan", ">"],
    ["not (beginsWith 'x')", 5, 15, "beginsWith", "beginsWith"],
  ])("without options.secondaryKey, %s is the FilterError compileList gives", (source, start, end, operator, written) => {
    const error = thrown(() => evaluate(source, { a: 1 }));
    expect(error).toBeInstanceOf(FilterError);
    const d = (error as FilterError).diagnostics[0]!;
    expect({ code: d.code, message: d.message, params: d.params, span: [d.span.start.offset, d.span.end.offset] }).toEqual({
      code: "E_SYNTAX",
      message: `expected an attribute name before '${written}'`,
      params: { kind: "noAttribute", operator, written },
      span: [start, end],
    });
    expect(d.hint).toBe("evaluate reads a condition without an attribute as a key query's: pass options.secondaryKey, the attribute it tests");
    expect(withoutHint(d)).toEqual(withoutHint((thrown(() => compileList(source)) as FilterError).diagnostics[0]!));
  });
});

describe("evaluate: options and errors", () => {
  it("resolves schema aliases to stored names", () => {
    const schema = { attributes: { age: { type: "number" as const, aliases: ["years"] } } };
    expect(evaluate("years >= 18", { age: 20 }, { schema })).toBe(true);
    expect(evaluate("years >= 18", { years: 20 }, { schema })).toBe(false);
  });

  it.each([
    ["a =", "E_SYNTAX"],
    ["a = 1 or", "E_SYNTAX"],
    ["b = 1", "E_UNKNOWN_ATTRIBUTE"],
  ])("%s -> FilterError %s", (source, code) => {
    const options = { schema: { attributes: { a: {} } } };
    expect(() => evaluate(source, {}, options)).toThrow(FilterError);
    try {
      evaluate(source, {}, options);
    } catch (error) {
      expect((error as FilterError).code).toBe(code);
    }
  });

  it("never throws for items of any kind", () => {
    const items: unknown[] = [null, undefined, 0, "", [], [1], true, {}, Object.create(null), new Map([["a", 1]])];
    for (const item of items) {
      expect(evaluate("a = 1 or a is null or a contains \"x\" or a < 3", item)).toBe(true);
    }
  });

  it("rejects a hand-built tree with an unknown operator or node", () => {
    const span = parse("a = 1").span;
    const bad = { type: "Predicate", attribute: { type: "Attribute", name: "a", span }, operator: "like", operatorSpan: span, span };
    expect(() => evaluate(bad as unknown as FilterNode, {})).toThrow(/unknown operator "like"/);
    expect(() => evaluate({ type: "Xor", span } as unknown as FilterNode, {})).toThrow(TypeError);
  });
});

describe("prepareEvaluate: the filter made ready once", () => {
  it("answers item after item as evaluate does, and checks the filter only once, up front", () => {
    const passes = prepareEvaluate("age >= 18 and not (plan = \"free\")");
    expect([{ age: 20, plan: "pro" }, { age: 20, plan: "free" }, { age: 3 }, {}, null].map(passes)).toEqual([true, false, false, false, false]);
    expect(() => prepareEvaluate("age >")).toThrow(FilterError);
    expect(prepareEvaluate("")({})).toBe(true);
    expect(prepareEvaluate(">= 3", { secondaryKey: "sk" })({ sk: 4 })).toBe(true);
    expect(() => prepareEvaluate(">= 3")).toThrow(FilterError);
  });
});

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

function withoutHint(d: object): object {
  const { hint: _hint, ...rest } = d as { hint?: string };
  return rest;
}
