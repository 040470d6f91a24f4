import { describe, expect, it } from "vitest";
import { formatPlan, plan, type Plan } from "../src/index.js";

const keys = { primary: "id", secondary: "ts" };

describe("formatPlan", () => {
  it.each([
    [
      'age < 18 or plan = "pro"',
      undefined,
      [
        "2 requests (2 full scans), results united without duplicates; all exact on the server",
        "1. listItems: full scan",
        '   server: [{"item":"age","operator":"lessThan","value":18}]',
        "   local:  nothing",
        "2. listItems: full scan",
        '   server: [{"item":"plan","operator":"equals","value":"pro"}]',
        "   local:  nothing",
      ],
    ],
    [
      "not (age < 18)",
      undefined,
      ["1 request (full scan); its items are checked locally", "1. listItems: full scan, every item returned", "   server: no filter", "   local:  not age < 18"],
    ],
    [
      'id = "u001" and ts > 5',
      keys,
      [
        "1 request (partition query); exact on the server",
        '1. queryItems: one partition (id = "u001")',
        '   server: key {"primary":"u001"}, filter {"operator":"greaterThan","value":5}',
        "   local:  nothing",
      ],
    ],
    [
      'id in ("a", 2) and ts is not null and not (x < 1) or c = 1',
      keys,
      [
        "3 requests (2 partition queries, 1 full scan), results united without duplicates; 2 of them checked locally",
        '1. queryItems: one partition (id = "a")',
        '   server: key {"primary":"a"}, no filter',
        "   local:  ts is not null and not x < 1",
        "2. queryItems: one partition (id = 2)",
        '   server: key {"primary":2}, no filter',
        "   local:  ts is not null and not x < 1",
        "3. listItems: full scan",
        '   server: [{"item":"c","operator":"equals","value":1}]',
        "   local:  nothing",
      ],
    ],
    ["", undefined, ["1 request (full scan); exact on the server", "1. listItems: full scan, every item returned", "   server: no filter", "   local:  nothing"]],
  ])("%s", (source, tableKeys, lines) => {
    const p = plan(source, tableKeys === undefined ? {} : { keys: tableKeys });
    expect(formatPlan(p, tableKeys === undefined ? undefined : { keys: tableKeys })).toBe(lines.join("\n"));
  });

  it("shows the key JSON alone without keys, and a query of every partition", () => {
    const p: Plan = {
      filter: "ts > 1",
      requests: [
        { operation: "queryItems", key: { primary: "u" }, filter: { operator: "greaterThan", value: 1 }, residual: null },
        { operation: "queryItems", filter: { operator: "greaterThan", value: 1 }, residual: "a = 1" },
      ],
      combine: "union",
    };
    expect(formatPlan(p)).toBe(
      [
        "2 requests (1 partition query, 1 scan of every partition), results united without duplicates; 1 of them checked locally",
        "1. queryItems: one partition",
        '   server: key {"primary":"u"}, filter {"operator":"greaterThan","value":1}',
        "   local:  nothing",
        "2. queryItems: every partition (items with the secondary key)",
        '   server: filter {"operator":"greaterThan","value":1}',
        "   local:  a = 1",
      ].join("\n"),
    );
  });

  it("says when a plan has no requests", () => {
    expect(formatPlan({ filter: "", requests: [], combine: "union" })).toBe("no requests: the filter matches no item");
  });

  it("escapes control and bidi characters, so a plan cannot drive the terminal", () => {
    const text = formatPlan(plan('a = "\u202e\u001b[2J" or not (b beginsWith "\u2066")'));
    expect(text).not.toMatch(/[\u001b\u202e\u2066]/);
    expect(text).toContain('local:  a = "\\u202e\\u001b[2J" or not b beginsWith "\\u2066"');
  });

  it("colours operation names and hints only when asked", () => {
    const p = plan("not (a < 1)");
    expect(formatPlan(p, { color: true })).toContain("\u001b[1mlistItems\u001b[0m");
    expect(formatPlan(p)).not.toContain("\u001b");
  });

  it.each([
    ["not a plan", "a = 1", undefined, 'formatPlan takes a Plan (what plan() returns), not the string "a = 1"'],
    ["null", null, undefined, "formatPlan takes a Plan (what plan() returns), not null"],
    ["options that are not an object", { filter: "", requests: [], combine: "union" }, "x", 'formatPlan takes options as an object ({ keys?, color? }), not the string "x"'],
  ])("%s is a TypeError", (_name, value, options, message) => {
    expect(() => formatPlan(value as Plan, options as never)).toThrow(new TypeError(message));
  });
});
