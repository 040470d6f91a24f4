import { prepareFilter } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { runListItems, type ListRun, type Page, type PageKey } from "../src/runListItems.js";
import { runQueryItems, type QueryRun } from "../src/runQueryItems.js";
import { buildTable } from "../src/Table.js";
import type { Item } from "../src/types.js";

// 3 partitions (a, b, c) of 4 items each, ts 1..4, plus one item per partition without ts.
const items: Item[] = [];
for (const p of ["c", "a", "b"]) {
  items.push({ id: p });
  for (let ts = 4; ts >= 1; ts--) items.push({ id: p, ts, odd: ts % 2 });
}
const table = buildTable("t", { primaryKey: "id", secondaryKey: "ts", items });
const odd = prepareFilter([{ item: "odd", operator: "equals", value: 1 }]);
const isOdd = (item: Item): boolean => item.odd === 1;
const label = (item: Item): string => `${item.id as string}${(item.ts as number | undefined) ?? "-"}`;

function list(overrides: Partial<ListRun>): { items: string[]; stopKey?: PageKey } {
  const page = runListItems({ table, predicate: null, limit: undefined, startKey: undefined, pageSize: 1000, ...overrides });
  return page.stopKey === undefined ? { items: page.items.map(label) } : { items: page.items.map(label), stopKey: page.stopKey };
}

function query(overrides: Partial<QueryRun>): { items: string[]; stopKey?: PageKey } {
  const page: Page = runQueryItems({
    table,
    filter: undefined,
    predicate: null,
    primary: undefined,
    limit: undefined,
    startKey: undefined,
    searchForward: true,
    pageSize: 1000,
    ...overrides,
  });
  return page.stopKey === undefined ? { items: page.items.map(label) } : { items: page.items.map(label), stopKey: page.stopKey };
}

describe("runListItems", () => {
  it.each<[string, Partial<ListRun>, { items: string[]; stopKey?: PageKey }]>([
    ["everything in primary-key order", {}, { items: ["a-", "a1", "a2", "a3", "a4", "b-", "b1", "b2", "b3", "b4", "c-", "c1", "c2", "c3", "c4"] }],
    ["pageSize items, then a stopKey", { pageSize: 3 }, { items: ["a-", "a1", "a2"], stopKey: { primary: "a", secondary: 2 } }],
    ["limit counts items evaluated, not returned", { limit: 4, predicate: isOdd }, { items: ["a1", "a3"], stopKey: { primary: "a", secondary: 3 } }],
    ["a page may be empty and still go on", { limit: 1, predicate: isOdd }, { items: [], stopKey: { primary: "a" } }],
    ["after a key with no secondary", { startKey: { primary: "b" }, limit: 2 }, { items: ["b1", "b2"], stopKey: { primary: "b", secondary: 2 } }],
    ["after a key whose item is gone", { startKey: { primary: "b", secondary: 2.5 }, limit: 2 }, { items: ["b3", "b4"], stopKey: { primary: "b", secondary: 4 } }],
    ["no stopKey when the last row was evaluated", { startKey: { primary: "c", secondary: 2 } }, { items: ["c3", "c4"] }],
    ["no stopKey when the page fills on the last row", { startKey: { primary: "c", secondary: 2 }, pageSize: 2 }, { items: ["c3", "c4"] }],
    ["nothing after the end", { startKey: { primary: "z" } }, { items: [] }],
  ])("%s", (_, overrides, expected) => {
    expect(list(overrides)).toEqual(expected);
  });

  it("pages through everything with no repeats and no gaps, for every pageSize and limit", () => {
    const all = list({ predicate: isOdd }).items;
    for (const pageSize of [1, 2, 5]) {
      for (const limit of [undefined, 1, 3]) {
        const seen: string[] = [];
        let startKey: PageKey | undefined;
        for (let pages = 0; pages < 100; pages++) {
          const page = list({ predicate: odd as (item: Item) => boolean, pageSize, limit, startKey });
          seen.push(...page.items);
          if (page.stopKey === undefined) break;
          startKey = page.stopKey;
        }
        expect(seen).toEqual(all);
      }
    }
  });
});

describe("runQueryItems", () => {
  const ge3 = { operator: "greaterEqual" as const, value: 3 };
  const pge3 = prepareFilter(ge3, { secondaryKey: "ts" }) as (item: Item) => boolean;

  it.each<[string, Partial<QueryRun>, { items: string[]; stopKey?: PageKey }]>([
    ["whole table in secondary-key order, then primary", {}, { items: ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3", "a4", "b4", "c4"] }],
    ["descending", { searchForward: false, pageSize: 4 }, { items: ["c4", "b4", "a4", "c3"], stopKey: { primary: "c", secondary: 3 } }],
    ["a whole partition (no filter): its item without ts first, as listItems orders it", { primary: "b" }, { items: ["b-", "b1", "b2", "b3", "b4"] }],
    ["a whole partition, descending: the item without ts last", { primary: "b", searchForward: false }, { items: ["b4", "b3", "b2", "b1", "b-"] }],
    ["a whole partition, paged onto the item without ts", { primary: "b", searchForward: false, startKey: { primary: "b", secondary: 2 }, pageSize: 1 }, { items: ["b1"], stopKey: { primary: "b", secondary: 1 } }],
    ["a whole partition ends after its item without ts, descending", { primary: "b", searchForward: false, startKey: { primary: "b", secondary: 1 } }, { items: ["b-"] }],
    ["a whole partition resumes after its item without ts", { primary: "b", startKey: { primary: "b" }, limit: 2 }, { items: ["b1", "b2"], stopKey: { primary: "b", secondary: 2 } }],
    ["a whole partition's limit counts the item without ts", { primary: "c", limit: 1 }, { items: ["c-"], stopKey: { primary: "c" } }],
    ["one partition narrowed by the index", { primary: "b", filter: ge3, predicate: pge3 }, { items: ["b3", "b4"] }],
    ["one partition, descending, paged", { primary: "b", searchForward: false, pageSize: 3 }, { items: ["b4", "b3", "b2"], stopKey: { primary: "b", secondary: 2 } }],
    ["resumes descending after the key", { primary: "b", searchForward: false, startKey: { primary: "b", secondary: 2 } }, { items: ["b1", "b-"] }],
    ["resumes forward inside the range", { primary: "b", filter: ge3, predicate: pge3, startKey: { primary: "b", secondary: 3 } }, { items: ["b4"] }],
    ["limit inside the range", { primary: "a", filter: ge3, predicate: pge3, limit: 1 }, { items: ["a3"], stopKey: { primary: "a", secondary: 3 } }],
    ["scan resumes across partitions", { startKey: { primary: "b", secondary: 3 }, limit: 3 }, { items: ["c3", "a4", "b4"], stopKey: { primary: "b", secondary: 4 } }],
    ["scan with a filter", { filter: ge3, predicate: pge3, limit: 8 }, { items: ["a3", "b3"], stopKey: { primary: "b", secondary: 3 } }],
    ["an unknown partition is empty", { primary: "zz" }, { items: [] }],
  ])("%s", (_, overrides, expected) => {
    expect(query(overrides)).toEqual(expected);
  });

  it("reads a whole partition of a table without a secondary key: the one item with that primary key", () => {
    const single = buildTable("s", { primaryKey: "id", items: [{ id: "b", n: 1 }, { id: "a" }, { id: 2 }] });
    const page = runQueryItems({ table: single, filter: undefined, predicate: null, primary: "b", limit: undefined, startKey: undefined, searchForward: false, pageSize: 1000 });
    expect(page).toEqual({ items: [{ id: "b", n: 1 }] });
    expect(runQueryItems({ table: single, filter: undefined, predicate: null, primary: 2, limit: undefined, startKey: { primary: 2 }, searchForward: true, pageSize: 1000 })).toEqual({ items: [] });
  });

  it("pages a whole partition both ways with no repeats and no gaps", () => {
    for (const searchForward of [true, false]) {
      const seen: string[] = [];
      let startKey: PageKey | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = query({ primary: "c", searchForward, pageSize: 1, startKey });
        seen.push(...page.items);
        if (page.stopKey === undefined) break;
        startKey = page.stopKey;
      }
      expect(seen).toEqual(searchForward ? ["c-", "c1", "c2", "c3", "c4"] : ["c4", "c3", "c2", "c1", "c-"]);
    }
  });
});
