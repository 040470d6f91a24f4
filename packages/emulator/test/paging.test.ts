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
    ["one partition", { primary: "b" }, { items: ["b1", "b2", "b3", "b4"] }],
    ["one partition narrowed by the index", { primary: "b", filter: ge3, predicate: pge3 }, { items: ["b3", "b4"] }],
    ["one partition, descending, paged", { primary: "b", searchForward: false, pageSize: 3 }, { items: ["b4", "b3", "b2"], stopKey: { primary: "b", secondary: 2 } }],
    ["resumes descending after the key", { primary: "b", searchForward: false, startKey: { primary: "b", secondary: 2 } }, { items: ["b1"] }],
    ["resumes forward inside the range", { primary: "b", filter: ge3, predicate: pge3, startKey: { primary: "b", secondary: 3 } }, { items: ["b4"] }],
    ["limit inside the range", { primary: "a", filter: ge3, predicate: pge3, limit: 1 }, { items: ["a3"], stopKey: { primary: "a", secondary: 3 } }],
    ["scan resumes across partitions", { startKey: { primary: "b", secondary: 3 }, limit: 3 }, { items: ["c3", "a4", "b4"], stopKey: { primary: "b", secondary: 4 } }],
    ["scan with a filter", { filter: ge3, predicate: pge3, limit: 8 }, { items: ["a3", "b3"], stopKey: { primary: "b", secondary: 3 } }],
    ["an unknown partition is empty", { primary: "zz" }, { items: [] }],
  ])("%s", (_, overrides, expected) => {
    expect(query(overrides)).toEqual(expected);
  });

  it("pages a partition both ways with no repeats and no gaps", () => {
    for (const searchForward of [true, false]) {
      const seen: string[] = [];
      let startKey: { primary: string | number; secondary: string | number } | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = query({ primary: "c", searchForward, pageSize: 1, startKey });
        seen.push(...page.items);
        if (page.stopKey === undefined) break;
        startKey = page.stopKey as { primary: string; secondary: number };
      }
      expect(seen).toEqual(searchForward ? ["c1", "c2", "c3", "c4"] : ["c4", "c3", "c2", "c1"]);
    }
  });
});
