import type { Item, PageKey } from "@itemfilter/client";
import { matches, type ListFilter } from "@itemfilter/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collect, people, startHarness, wire, type Harness } from "./fixtures.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ pageSize: 25 });
});
afterAll(() => h?.close());

const PEOPLE = people();

describe("paging over the wire", () => {
  it("walks at least three pages by hand, and their union is a direct scan", async () => {
    const client = h.client();
    const filter: ListFilter[] = [{ item: "score", operator: "greaterEqual", value: 0 }];
    const pages: { count: number; stopKey?: PageKey }[] = [];
    const seen: Item[] = [];
    let startKey: PageKey | undefined;
    do {
      const page = await client.listItems({ table: "people", filter, startKey });
      pages.push(page.stopKey === undefined ? { count: page.items.length } : { count: page.items.length, stopKey: page.stopKey });
      seen.push(...page.items);
      startKey = page.stopKey;
    } while (startKey !== undefined);
    const expected = wire(PEOPLE.filter((item) => matches(item, filter)));
    expect(seen).toEqual(expected);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // Every page but the last is full; stopKey is the primary key of the page's last item evaluated.
    expect(pages.slice(0, -1).every((p) => p.count === 25)).toBe(true);
    expect(pages[0]!.stopKey).toEqual({ primary: expected[24]!.id });
    expect(pages[pages.length - 1]!.stopKey).toBeUndefined();
  });

  it("limits the items evaluated per page, so pages can be short or empty, and still covers everything", async () => {
    const client = h.client();
    const filter: ListFilter[] = [{ item: "name", operator: "equals", value: "bob" }];
    const before = h.emulator.requestCount;
    const got = await collect(client.listAll({ table: "people", filter, limit: 40 }));
    expect(got).toEqual(wire(PEOPLE.filter((item) => matches(item, filter))));
    expect(h.emulator.requestCount - before).toBe(Math.ceil(PEOPLE.length / 40));
  });

  it("pages a partition descending with limit 1 and repeats nothing", async () => {
    const got = await collect(h.client().queryAll({ table: "events", key: { primary: "d1" }, limit: 1, searchForward: false }));
    const keys = got.map((e) => e.ts);
    expect(new Set(keys.map(String)).size).toBe(keys.length);
    expect(got.length).toBe(40);
  });

  it("serves 64 concurrent listAll calls, each with its own correct result", async () => {
    const client = h.client();
    const filters: ListFilter[][] = Array.from({ length: 64 }, (_, i) => [
      { item: "score", operator: "greaterThan", value: (i % 16) * 5 - 20 },
      ...(i % 2 === 0 ? [] : [{ item: "status", operator: "notEquals" as const, value: ["active", "pending"][i % 4 === 1 ? 0 : 1]! }]),
    ]);
    const before = h.emulator.requestCount;
    const results = await Promise.all(filters.map((filter) => collect(client.listAll({ table: "people", filter }))));
    results.forEach((items, i) => expect(items).toEqual(wire(PEOPLE.filter((item) => matches(item, filters[i]!)))));
    expect(h.emulator.requestCount - before).toBeGreaterThanOrEqual(64 * 3);
  });
});
