import type { FetchLike } from "@itemfilter/client";
import { compileList, matches, type ListFilter, type QueryFilter } from "@itemfilter/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collect, compareKeys, events, people, startHarness, wire, type Harness } from "./fixtures.js";

let h: Harness;
beforeAll(async () => {
  // A small page size makes every check below cross several pages too.
  h = await startHarness({ pageSize: 40 });
});
afterAll(() => h?.close());

const PEOPLE = people();
const EVENTS = events();

const LIST_FILTERS: [string, ListFilter | ListFilter[]][] = [
  ["equals a number", [{ item: "score", operator: "equals", value: 17 }]],
  ["equals a string", [{ item: "name", operator: "equals", value: "ab" }]],
  ["equals a number-like string", [{ item: "score", operator: "equals", value: "3" }]],
  ["notEquals", [{ item: "status", operator: "notEquals", value: "active" }]],
  ["lessThan (a single object)", { item: "score", operator: "lessThan", value: 0 }],
  ["lessEqual", [{ item: "score", operator: "lessEqual", value: 10.5 }]],
  ["greaterThan", [{ item: "score", operator: "greaterThan", value: 60 }]],
  ["greaterEqual", [{ item: "age", operator: "greaterEqual", value: 40 }]],
  ["contains in a string", [{ item: "name", operator: "contains", value: "b" }]],
  ["contains in a set", [{ item: "tags", operator: "contains", value: "blue" }]],
  ["notContains", [{ item: "tags", operator: "notContains", value: "red" }]],
  ["beginsWith", [{ item: "name", operator: "beginsWith", value: "ab" }]],
  ["beginsWith an astral character", [{ item: "name", operator: "beginsWith", value: "\u{1F600}" }]],
  ["in a list", [{ item: "name", operator: "in", value: ["bob", "zoë", "nobody"] }]],
  ["in one value", [{ item: "status", operator: "in", value: "pending" }]],
  ["between numbers", [{ item: "score", operator: "between", value: [-5, 5] }]],
  ["between strings", [{ item: "name", operator: "between", value: ["b", "d"] }]],
  ["null (missing or null)", [{ item: "status", operator: "null" }]],
  ["notNull", [{ item: "age", operator: "notNull" }]],
  [
    "five filters",
    [
      { item: "score", operator: "greaterThan", value: -10 },
      { item: "name", operator: "notEquals", value: "bob" },
      { item: "tags", operator: "notContains", value: "green" },
      { item: "status", operator: "notNull" },
      { item: "id", operator: "beginsWith", value: "p0" },
    ],
  ],
];

describe("listItems over the wire gives exactly what core's matches gives", () => {
  it.each(LIST_FILTERS)("%s", async (_, filter) => {
    const expected = wire(PEOPLE.filter((item) => matches(item, filter)));
    expect(expected.length).toBeGreaterThan(0);
    expect(await collect(h.client().listAll({ table: "people", filter }))).toEqual(expected);
  });

  it.each([
    'name beginsWith "ab" and score >= 3',
    "status in (\"active\", \"pending\") and tags notContains 'red'",
    "score between 0 and 50 and age is not null",
    "name = 'bob' or name = 'carol'",
    "",
  ])("filter text %j, compiled by the client", async (text) => {
    const expected = wire(PEOPLE.filter((item) => matches(item, compileList(text))));
    expect(await collect(h.client().listAll({ table: "people", filter: text }))).toEqual(expected);
  });

  it("works the same with the platform's fetch", async () => {
    const filter = LIST_FILTERS[LIST_FILTERS.length - 1]![1];
    const client = h.client({ fetch: globalThis.fetch as unknown as FetchLike });
    expect(await collect(client.listAll({ table: "people", filter }))).toEqual(wire(PEOPLE.filter((item) => matches(item, filter))));
  });
});

const QUERY_FILTERS: [string, QueryFilter | undefined][] = [
  ["no filter", undefined],
  ["equals a number", { operator: "equals", value: 9 }],
  ["equals a string", { operator: "equals", value: "t-i8" }],
  ["lessThan", { operator: "lessThan", value: 12 }],
  ["lessEqual", { operator: "lessEqual", value: 12 }],
  ["greaterThan", { operator: "greaterThan", value: 40.5 }],
  ["greaterEqual", { operator: "greaterEqual", value: 40.5 }],
  ["between numbers", { operator: "between", value: [3, 30] }],
  ["between strings", { operator: "between", value: ["t-c", "t-q"] }],
  ["beginsWith", { operator: "beginsWith", value: "t-" }],
];

/** The matching events in query order: secondary key, then primary key; only items that have the key. */
function expectedQuery(filter: QueryFilter | undefined, device: string | undefined, forward: boolean) {
  const selected = EVENTS.filter(
    (e) => e.ts !== undefined && (device === undefined || e.device === device) && (filter === undefined || matches(e, filter, { secondaryKey: "ts" })),
  );
  selected.sort((a, b) => compareKeys(a.ts, b.ts) || compareKeys(a.device, b.device));
  if (!forward) selected.reverse();
  return wire(selected);
}

describe("queryItems over the wire gives exactly what core's matches gives, in secondary-key order", () => {
  it.each(QUERY_FILTERS)("%s, in one partition (index) and over the table (scan), both directions", async (_, filter) => {
    const client = h.client();
    for (const searchForward of [true, false]) {
      for (const device of ["d0", "d3", undefined]) {
        const key = device === undefined ? undefined : { primary: device };
        const got = await collect(client.queryAll({ table: "events", filter, key, searchForward }));
        expect(got).toEqual(expectedQuery(filter, device, searchForward));
      }
    }
    expect(expectedQuery(filter, undefined, true).length).toBeGreaterThan(0);
  });

  it("compiles query text with the secondary key's name", async () => {
    const got = await collect(h.client().queryAll({ table: "events", key: { primary: "d2" }, filter: "ts >= 10 and ts <= 50", compileOptions: { secondaryKey: "ts" } }));
    expect(got).toEqual(expectedQuery({ operator: "between", value: [10, 50] }, "d2", true));
  });
});
