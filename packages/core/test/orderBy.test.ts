import { describe, expect, it } from "vitest";
import { compareOrderValues, formatPlan, itemComparator, plan, readOrderBy, sortItems, toNumberValue } from "../src/index.js";

describe("readOrderBy", () => {
  it.each([
    ["createdAt", { name: "createdAt", direction: "asc", text: "createdAt asc" }],
    ["createdAt desc", { name: "createdAt", direction: "desc", text: "createdAt desc" }],
    ["  total   ASC ", { name: "total", direction: "asc", text: "total asc" }],
    ["address.city Desc", { name: "address", path: ["city"], direction: "desc", text: "address.city desc" }],
    ["`order date` desc", { name: "order date", direction: "desc", text: "`order date` desc" }],
    ["items[0].price", { name: "items", path: [0, "price"], direction: "asc", text: "items[0].price asc" }],
    ["desc", { name: "desc", direction: "asc", text: "desc asc" }],
  ])("reads %j", (text, expected) => {
    expect(readOrderBy(text)).toEqual(expected);
  });

  it.each([[""], ["a b"], ["a desc desc"], ["a."], ["and"], [3], [null], ["x".repeat(1001)]])("refuses %j with a TypeError that says what it takes", (text) => {
    expect(() => readOrderBy(text)).toThrow(TypeError);
    expect(() => readOrderBy(text)).toThrow(/takes "PATH", "PATH asc" or "PATH desc"/);
  });
});

describe("the order of values (grammar/semantics.md, Order)", () => {
  // Each row: values in ascending order, each strictly before the next.
  it.each([
    ["numbers by exact value", [-1, 0, 1.5, 9007199254740992, toNumberValue("9007199254740993"), 1e20]],
    ["strings by UTF-8 bytes, not UTF-16 units", ["", "A", "a", "ab", "\uFF61", "\u{1F600}"]],
    ["binary by unsigned bytes", [{ $binary: "" }, { $binary: "AA==" }, { $binary: "AAE=" }, { $binary: "fw==" }, { $binary: "gA==" }, { $binary: "/w==" }]],
    ["numbers, then strings, then binary", [1e30, "", "0", { $binary: "AA==" }]],
  ])("%s", (_, values) => {
    for (let i = 1; i < values.length; i++) {
      expect(compareOrderValues(values[i - 1], values[i])).toBeLessThan(0);
      expect(compareOrderValues(values[i], values[i - 1])).toBeGreaterThan(0);
    }
  });

  it.each([[undefined], [null], [true], [[1]], [{ a: 1 }], [["a", "b"]]])("%j is of the last kind, equal to the rest of it", (value) => {
    expect(compareOrderValues(value, "z")).toBeGreaterThan(0);
    expect(compareOrderValues(value, { $binary: "/w==" })).toBeGreaterThan(0);
    expect(compareOrderValues(value, undefined)).toBe(0);
  });

  it("-0 equals 0", () => {
    expect(compareOrderValues(-0, 0)).toBe(0);
  });
});

describe("sortItems", () => {
  const items = [{ id: "c", v: "b" }, { id: "a", v: 2 }, { id: "b" }, { id: "d", v: null }, { id: "e", v: { $binary: "AA==" } }, { id: "f", v: 2 }, { id: "g", v: true }, { id: "h", v: "a" }];
  it.each([
    ["v", ["a", "f", "h", "c", "e", "b", "d", "g"]],
    ["v desc", ["e", "c", "h", "a", "f", "b", "d", "g"]],
  ])("by %s: other kinds last in both directions, ties by the primary key ascending", (order, ids) => {
    expect(sortItems(items, order, { primary: "id" }).map((i) => i.id)).toEqual(ids);
  });

  it("breaks ties by the secondary key after the primary key, then by the whole item", () => {
    const rows = [{ p: 1, s: "b", v: 0, x: 2 }, { p: 1, s: "a", v: 0 }, { p: 0, s: "z", v: 0 }, { p: 1, s: "b", v: 0, x: 1 }];
    expect(sortItems(rows, "v desc", { primary: "p", secondary: "s" })).toEqual([rows[2], rows[1], rows[3], rows[0]]);
  });

  it("is a total order: zero only for the same item", () => {
    const compare = itemComparator(readOrderBy("v"), undefined);
    expect(compare({ v: 1, a: 1 }, { a: 1, v: 1 })).toBe(0);
    expect(compare({ v: 1, a: 1 }, { v: 1, a: 2 })).not.toBe(0);
  });

  it("reads own members only", () => {
    const rows: Record<string, unknown>[] = [{ id: 2 }, { id: 1, constructor: 5 }];
    expect(sortItems(rows, "constructor", { primary: "id" })).toEqual([rows[1], rows[0]]);
  });
});

describe("plan with orderBy", () => {
  const keys = { primary: "customer", secondary: "orderedAt" };
  it("refuses a bad orderBy as a bad option", () => {
    expect(() => plan("a = 1", { orderBy: "a sideways" })).toThrow(/^plan: options\.orderBy takes/);
  });

  it("formatPlan says per request whether it is read in order or sorted, and why", () => {
    expect(formatPlan(plan('customer = "u001" or status = "open"', { keys, orderBy: "orderedAt desc" })).split("\n")).toEqual([
      "2 requests (1 partition query, 1 full scan), results united without duplicates; all exact on the server",
      "order: orderedAt desc, requests merged in order (each read only as far as needed), sorted ones as one more stream",
      "1. queryItems: one partition",
      '   server: key {"primary":"u001"}, no filter, searchForward false',
      "   local:  nothing",
      "   order:  read in order: a partition comes in its secondary key orderedAt's order, read backwards (searchForward false)",
      "2. listItems: full scan",
      '   server: [{"item":"status","operator":"equals","value":"open"}]',
      "   local:  nothing",
      "   order:  sorted locally: listItems returns items in key order, not by orderedAt; a partition query (customer = value) would come in orderedAt order",
    ]);
  });
});
