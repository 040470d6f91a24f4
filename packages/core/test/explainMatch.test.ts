import { describe, expect, it } from "vitest";
import { explainMatch, FilterError, formatExplanation, parse } from "@itemfilter/core";

const reasons = (e: ReturnType<typeof explainMatch>) => e.predicates.map((p) => p.reason);

describe("explainMatch", () => {
  it.each([
    ["one ListFilter", { item: "age", operator: "greaterEqual", value: 30 }, { age: 23 }, "age >= 30", ["age >= 30"], ["age is 23, not >= 30"]],
    [
      "an array of ListFilters",
      [
        { item: "plan", operator: "equals", value: "pro" },
        { item: "email", operator: "notNull" },
      ],
      { plan: "pro" },
      'plan = "pro" and email is not null',
      ["email is not null"],
      ["email is missing"],
    ],
    ["an empty array", [], { a: 1 }, "", [], []],
  ] as const)("takes filter JSON: %s, and returns the text its spans point into", (_name, filter, item, source, covered, expected) => {
    const e = explainMatch(filter as never, item);
    expect(e.source).toBe(source);
    expect(reasons(e)).toEqual(expected);
    expect(e.predicates.map((p) => source.slice(p.span.start.offset, p.span.end.offset))).toEqual(covered);
  });

  it("takes a QueryFilter with options.secondaryKey, and names the key", () => {
    const e = explainMatch({ operator: "beginsWith", value: "2024-03" }, { orderedAt: "2024-04-01" }, { secondaryKey: "orderedAt" });
    expect(e).toMatchObject({ matched: false, source: 'key beginsWith "2024-03"' });
    expect(e.predicates[0]).toMatchObject({ attribute: "orderedAt", actual: "2024-04-01", reason: 'orderedAt is "2024-04-01", which does not begin with "2024-03"' });
  });

  it("takes a parsed tree, keeping its spans", () => {
    const text = '  age < 3 or  name = "x"';
    const e = explainMatch(parse(text), { age: 5 });
    expect(e.source).toBeUndefined();
    expect(e.predicates.map((p) => text.slice(p.span.start.offset, p.span.end.offset))).toEqual(["age < 3", 'name = "x"']);
  });

  it.each([
    ["a number", 3, TypeError, /explainMatch takes filter text, a parsed filter or filter JSON, not a number \(3\)/],
    ["null", null, TypeError, /not null/],
    ["a QueryFilter without secondaryKey", { operator: "equals", value: 1 }, TypeError, /needs options.secondaryKey/],
    ["invalid filter JSON", [{ item: "a", operator: "nope", value: 1 }], FilterError, /E_FILTER_JSON|operator/],
    ["text that does not parse", "a = ", FilterError, /E_SYNTAX/],
    // Issue 33 §4: a TypeError before, which the playground's row "why?" button did not catch.
    ["a condition without a subject and no secondaryKey", "contains 1", FilterError, "E_SYNTAX at 1:1: expected an attribute name before 'contains'"],
    ["a condition without a subject among others", "a = 1 and > 3", FilterError, "E_SYNTAX at 1:11: expected an attribute name before '>'"],
  ] as const)("refuses %s", (_name, filter, type, message) => {
    expect(() => explainMatch(filter as never, {})).toThrow(type);
    expect(() => explainMatch(filter as never, {})).toThrow(message);
  });

  it("refuses options that are not an object, and a secondaryKey that is not a string", () => {
    expect(() => explainMatch("a = 1", {}, 3 as never)).toThrow(TypeError);
    expect(() => explainMatch("a = 1", {}, { secondaryKey: 3 } as never)).toThrow(/secondaryKey must be a string/);
  });

  it("explains an item that is not a record: every attribute is missing", () => {
    expect(reasons(explainMatch('a = 1 or b != "x"', "just text"))).toEqual(["b is missing"]);
  });

  it("walks a tree far deeper than the call stack as E_LIMIT, never a RangeError", () => {
    const depth = 200_000;
    const text = "not (".repeat(depth) + "a = 1" + ")".repeat(depth);
    let caught: unknown;
    try {
      explainMatch(text, { a: 1 }, { maxDepth: Infinity, maxLength: Infinity });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    expect((caught as FilterError).code).toBe("E_LIMIT");
  });

  it("cuts long values and quotes odd names in its reasons", () => {
    const long = "x".repeat(100);
    const e = explainMatch('`first name` = "bob"', { "first name": long });
    expect(e.predicates[0]!.reason).toBe(`\`first name\` is "${"x".repeat(40)}…", not "bob"`);
    expect(e.predicates[0]!.actual).toBe(long);
  });

  it("shows a large list or set by its first elements and its size", () => {
    const tags = Array.from({ length: 12 }, (_, i) => `t${i}`);
    expect(reasons(explainMatch("tags = 1", { tags }))).toEqual(['tags is a list of "t0", "t1", "t2", "t3", "t4", … (12 values), and the filter compares a number']);
    expect(reasons(explainMatch("tags = 1", { tags: new Set(tags) }))).toEqual(['tags is a set of "t0", "t1", "t2", "t3", "t4", … (12 values), and the filter compares a number']);
    expect(reasons(explainMatch('tags contains "t1"', { tags: { $set: ["t1"] } }))).toEqual(['tags holds "t1"']);
  });
});

describe("formatExplanation", () => {
  it("draws carets under each deciding condition, its reason beside them", () => {
    const text = 'age >= 30 and plan = "pro"';
    expect(formatExplanation(text, explainMatch(text, { age: 23, plan: "free" })).split("\n")).toEqual([
      "no match: 2 conditions decided it",
      '1 | age >= 30 and plan = "pro"',
      "  | ^^^^^^^^^ age is 23, not >= 30",
      '  |               ^^^^^^^^^^^^ plan is "free", not "pro"',
    ]);
  });

  it("colours carets by whether the condition counted for a match", () => {
    const text = "not (a = 1)";
    const out = formatExplanation(text, explainMatch(text, { a: 2 }), { color: true });
    expect(out).toContain("\u001b[32m^^^^^\u001b[0m a is 2, not 1");
    expect(out.startsWith("\u001b[1m\u001b[32mmatch\u001b[0m")).toBe(true);
  });

  it("escapes control and bidi characters in the source and in reasons", () => {
    const text = 'a = "\\u001b[2J"';
    const out = formatExplanation(text, explainMatch(text, { a: "\u202eevil\u0007" }));
    // Line breaks separate the frame's lines; no other control or bidi character gets through.
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/u);
    expect(out).toContain("\\u202e");
  });

  it.each([
    ["a number source", 3, { matched: true, predicates: [] }, /takes the filter text/],
    ["a non-explanation", "a = 1", { matched: "yes" }, /takes an explanation from explainMatch/],
    ["a bad predicate", "a = 1", { matched: true, predicates: [{}] }, /predicates\[0\] is not a deciding condition/],
  ] as const)("refuses %s", (_name, source, explanation, message) => {
    expect(() => formatExplanation(source as never, explanation as never)).toThrow(message);
  });
});
