import { afterEach, describe, expect, it, vi } from "vitest";
import {
  compileList,
  evaluate,
  explainMatch,
  FilterError,
  format,
  formatExplanation,
  formatPlan,
  inferSchema,
  parse,
  plan,
  suggest,
  resolvedDates,
  tokenize,
  type FilterNode,
  type LiteralNode,
  type PredicateNode,
} from "@itemfilter/core";

/*
 * Relative dates (issue 43 §2) in the core: how `now` and `today` parse, stay
 * names where a name goes, format as written, resolve against the options,
 * and show in plans and explanations. Values for each unit, zone and format
 * are golden cases (test/golden/dates.json).
 */

const NOW = "2026-11-28T09:14:00.000Z";
const NOW_MS = Date.parse(NOW);

const valueOf = (source: string): LiteralNode | LiteralNode[] | undefined => (parse(source).body as PredicateNode).value;

afterEach(() => {
  vi.useRealTimers();
});

describe("parsing", () => {
  it.each([
    ["a > now", { type: "Date", anchor: "now" }],
    ["a > NOW", { type: "Date", anchor: "now" }],
    ["a > Today", { type: "Date", anchor: "today" }],
    ["a > now - 7d", { type: "Date", anchor: "now", offset: { sign: "-", amount: 7, unit: "d" } }],
    ["a > now-7d", { type: "Date", anchor: "now", offset: { sign: "-", amount: 7, unit: "d" } }],
    ["a < today + 1w", { type: "Date", anchor: "today", offset: { sign: "+", amount: 1, unit: "w" } }],
    ["a >= today - 12mo", { type: "Date", anchor: "today", offset: { sign: "-", amount: 12, unit: "mo" } }],
    ["a < now +\t30s", { type: "Date", anchor: "now", offset: { sign: "+", amount: 30, unit: "s" } }],
  ])("%s", (source, expected) => {
    const { span: _span, ...node } = valueOf(source) as LiteralNode;
    expect(node).toEqual(expected);
  });

  it("spans the whole date, offset included", () => {
    const v = valueOf("a > now - 7d") as LiteralNode;
    expect([v.span.start.offset, v.span.end.offset]).toEqual([4, 12]);
  });

  it.each([
    ["a between now - 7d and now", ["now - 7d", "now"]],
    ["a between today and today + 1d", ["today", "today + 1d"]],
    ["a in (now, today - 1d)", ["now", "today - 1d"]],
    ["a in [today]", ["today"]],
  ])("%s takes dates as values", (source, texts) => {
    const values = valueOf(source) as LiteralNode[];
    expect(values.map((v) => source.slice(v.span.start.offset, v.span.end.offset))).toEqual(texts);
    expect(values.every((v) => v.type === "Date")).toBe(true);
  });

  it.each([
    ["now > 3", "now"],
    ["today = 1", "today"],
    ["now.at > 3", "now"],
    ["size(now) > 3", "now"],
  ])("%s: on the left, the word is the attribute", (source, name) => {
    expect((parse(source).body as PredicateNode).attribute?.name).toBe(name);
  });

  it("a quoted `now` on the right is still not a value", () => {
    expect(() => parse("a = `now`")).toThrow(FilterError);
  });

  it("a name that only starts with the word stays a name (a value there is the usual error)", () => {
    expect(() => parse("a = nowhere")).toThrow(/quote it: "nowhere"/);
  });

  it("an attribute named now compared with the date now", () => {
    const body = parse("now > now - 1d").body as PredicateNode;
    expect(body.attribute?.name).toBe("now");
    expect((body.value as LiteralNode).type).toBe("Date");
  });
});

describe("format keeps the dates as written, in canonical spacing", () => {
  it.each([
    ["a>now-7d", "a > now - 7d"],
    ["a < TODAY+1mo", "a < today + 1mo"],
    ["a between now-1h and now", "a between now - 1h and now"],
    ["now = today", "now = today"],
  ])("%s", (source, canonical) => {
    expect(format(source)).toBe(canonical);
    expect(format(canonical)).toBe(canonical);
  });
});

describe("trees built by hand", () => {
  const tree = (value: unknown): unknown => ({
    type: "Predicate",
    attribute: { type: "Attribute", name: "t" },
    operator: "greaterThan",
    value,
  });

  it("a Date node compiles as the text does", () => {
    const date = { type: "Date", anchor: "now", offset: { sign: "-", amount: 7, unit: "d" } };
    expect(compileList(tree(date) as FilterNode, { now: NOW, schema: { attributes: { t: { type: "date", format: "epochMillis" } } } })).toEqual([
      { item: "t", operator: "greaterThan", value: NOW_MS - 7 * 86_400_000 },
    ]);
    expect(format(tree(date) as FilterNode)).toBe("t > now - 7d");
  });

  it.each([
    [{ type: "Date", anchor: "yesterday" }, "anchor"],
    [{ type: "Date", anchor: "now", offset: { sign: "*", amount: 1, unit: "d" } }, "offset"],
    [{ type: "Date", anchor: "now", offset: { sign: "-", amount: 1.5, unit: "d" } }, "offset"],
    [{ type: "Date", anchor: "now", offset: { sign: "-", amount: 1, unit: "days" } }, "offset"],
  ])("%j is E_FILTER_JSON at its %s", (date, member) => {
    let caught: unknown;
    try {
      compileList(tree(date) as FilterNode, { now: NOW });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    expect((caught as FilterError).code).toBe("E_FILTER_JSON");
    expect((caught as FilterError).diagnostics[0]!.path).toBe(`tree.value.${member}`);
  });
});

describe("the now and timeZone options", () => {
  const schema = { attributes: { t: { type: "date" as const, format: "epochMillis" as const } } };

  it.each([[NOW], [new Date(NOW)], [NOW_MS], ["2026-11-28T10:14:00+01:00"]])("now %j", (now) => {
    expect(compileList("t > now", { now, schema })).toEqual([{ item: "t", operator: "greaterThan", value: NOW_MS }]);
  });

  it("without now, the time of the call", () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ["Date"] });
    expect(compileList("t > now - 1s", { schema })).toEqual([{ item: "t", operator: "greaterThan", value: NOW_MS - 1000 }]);
    vi.setSystemTime(NOW_MS + 5000);
    expect(compileList("t > now - 1s", { schema })).toEqual([{ item: "t", operator: "greaterThan", value: NOW_MS + 4000 }]);
  });

  it.each([["yesterday"], ["2026-11-28T09:14:00"], [Number.NaN], [{}], ["99999-01-01T00:00:00Z"]])("now %j is a TypeError that says what it takes", (now) => {
    expect(() => compileList("t > now", { now: now as string, schema })).toThrow(/options\.now takes a Date, epoch milliseconds or an ISO 8601 string/);
  });

  it.each([["Mars/Olympus"], [""], [7]])("timeZone %j is a TypeError", (timeZone) => {
    expect(() => compileList("t > today", { now: NOW, timeZone: timeZone as string, schema })).toThrow(/options\.timeZone takes an IANA time zone name/);
  });

  it("a filter without dates never reads them", () => {
    expect(compileList("t > 1", { now: "not a date" as string, timeZone: "Mars/Olympus", schema })).toEqual([{ item: "t", operator: "greaterThan", value: 1 }]);
  });

  it("parse resolves only when given now, as it binds params only when given them", () => {
    expect((valueOf("t > now - 1d") as LiteralNode).type).toBe("Date");
    const resolved = (parse("t > now - 1d", { now: NOW, schema }).body as PredicateNode).value as LiteralNode;
    expect(resolved).toMatchObject({ type: "Number", value: NOW_MS - 86_400_000, date: { type: "Date", anchor: "now" } });
  });

  it("format of a resolved tree writes the values (a plan's residual is exact text)", () => {
    expect(format(parse("t > now - 1d", { now: NOW }))).toBe('t > "2026-11-27T09:14:00.000Z"');
  });
});

describe("evaluate, plan and explain", () => {
  it("evaluate compares with the resolved value", () => {
    const item = { t: "2026-11-25T00:00:00.000Z" };
    expect(evaluate("t > now - 7d", item, { now: NOW })).toBe(true);
    expect(evaluate("t > now - 1d", item, { now: NOW })).toBe(false);
    expect(evaluate("t > now - 7d", { t: Date.parse(item.t) }, { now: NOW, schema: { attributes: { t: { type: "date", format: "epochMillis" } } } })).toBe(true);
  });

  it("a plan holds the values and, in dates, both forms; formatPlan prints them", () => {
    const p = plan("t >= today - 1d and t < today", { now: NOW });
    expect(p.dates).toEqual([
      { text: "today - 1d", value: "2026-11-27T00:00:00.000Z" },
      { text: "today", value: "2026-11-28T00:00:00.000Z" },
    ]);
    expect(formatPlan(p).split("\n").slice(0, 3)).toEqual([
      "1 request (full scan); its items are checked locally",
      "where today - 1d = 2026-11-27T00:00:00.000Z",
      "where today = 2026-11-28T00:00:00.000Z",
    ]);
  });

  it("a plan without dates has no dates member", () => {
    expect(Object.hasOwn(plan("t > 1"), "dates")).toBe(false);
  });

  it("explainMatch carries the dates; formatExplanation prints both forms", () => {
    const e = explainMatch("t > now - 7d", { t: "2026-11-01T00:00:00.000Z" }, { now: NOW });
    expect(e.dates).toEqual([{ text: "now - 7d", value: "2026-11-21T09:14:00.000Z" }]);
    expect(formatExplanation("t > now - 7d", e)).toBe(
      [
        "no match: 1 condition decided it",
        "where now - 7d = 2026-11-21T09:14:00.000Z",
        "1 | t > now - 7d",
        '  | ^^^^^^^^^^^^ t is "2026-11-01T00:00:00.000Z", not > "2026-11-21T09:14:00.000Z"',
      ].join("\n"),
    );
  });

  it("resolvedDates lists each date once", () => {
    expect(resolvedDates(parse("a > now or b > now or c < today", { now: NOW }).body)).toEqual([
      { text: "now", value: NOW },
      { text: "today", value: "2026-11-28T00:00:00.000Z" },
    ]);
  });
});

describe("schemas", () => {
  it("inferSchema gives ISO instants and calendar dates type date", () => {
    const schema = inferSchema([
      { at: "2024-05-05T18:40:00Z", day: "2024-05-05", text: "2024-05-05", n: 1 },
      { at: "2024-05-06T18:40:00.123Z", day: "2024-05-06", text: "soon" },
    ]);
    expect(schema.attributes.at).toEqual({ type: "date", format: "iso" });
    expect(schema.attributes.day).toEqual({ type: "date", format: "isoDate" });
    expect(schema.attributes.text).toEqual({ type: "string" });
    expect(schema.attributes.n).toEqual({ type: "number" });
  });

  it("a date attribute checks its literals by its format", () => {
    const schema = { attributes: { s: { type: "date" as const, format: "epochSeconds" as const }, d: { type: "date" as const } } };
    expect(() => compileList('s > "2024"', { schema })).toThrow(/'s' is a number, but this value is a string/);
    expect(() => compileList("d = 3", { schema })).toThrow(/'d' is a string, but this value is a number/);
    expect(compileList('d = "2024-01-01T00:00:00.000Z" and s > 3', { schema })).toHaveLength(2);
  });

  it.each([
    [{ type: "date", format: "unix" }, /format of "t" is one of "iso", "isoDate", "epochSeconds", "epochMillis"/],
    [{ type: "number", format: "iso" }, /for type "date" only/],
    [{ type: "datetime" }, /"string", "number", "boolean", "date" or absent/],
  ])("schema %j is a TypeError", (spec, message) => {
    expect(() => compileList("t > 1", { schema: { attributes: { t: spec as never } } })).toThrow(message);
  });
});

describe("tokenize", () => {
  it.each([
    ["a > now - 7d", [["attribute", "a"], ["operator", ">"], ["keyword", "now - 7d"]]],
    ["now = today", [["attribute", "now"], ["operator", "="], ["keyword", "today"]]],
    ["a between now and today", [["attribute", "a"], ["operator", "between"], ["keyword", "now"], ["operator", "and"], ["keyword", "today"]]],
    ["a in (now, today)", [["attribute", "a"], ["operator", "in"], ["punctuation", "("], ["keyword", "now"], ["punctuation", ","], ["keyword", "today"], ["punctuation", ")"]]],
    ["(now = 1)", [["punctuation", "("], ["attribute", "now"], ["operator", "="], ["number", "1"], ["punctuation", ")"]]],
    ["a > now - 7days", [["attribute", "a"], ["operator", ">"], ["error", "now - 7days"]]],
  ])("%s", (source, expected) => {
    expect(tokenize(source).map((t) => [t.kind, t.text])).toEqual(expected);
  });
});

describe("completion after a date", () => {
  it.each([["a > now - 7d "], ["a > today "], ["a between now - 1d and now "], ["a in (today, now) "]])("%s goes on with and/or", (source) => {
    expect(suggest(source, source.length).items.map((i) => i.label)).toEqual(expect.arrayContaining(["and", "or"]));
  });

  it("a date as between's lower bound is followed by its and", () => {
    const source = "a between today ";
    expect(suggest(source, source.length).items.map((i) => i.label)).toContain("and");
  });
});
