import type { Item, PageKey } from "@itemfilter/client";
import { matches, type ListFilter } from "@itemfilter/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, closeBackends, collect, inListOrder, openBackend, startHarness, wire, type Backend, type Harness } from "./fixtures.js";

afterAll(closeBackends);

describe.each(BACKENDS)("paging over the wire, on %s", (name) => {
  let b: Backend;
  let h: Harness;
  beforeAll(async () => {
    b = await openBackend(name);
    h = await startHarness({ pageSize: 25 }, b);
  }, 120_000);
  afterAll(() => h?.close());

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
    const expected = inListOrder(b, wire(b.people.filter((item) => matches(item, filter))));
    expect(inListOrder(b, seen)).toEqual(expected);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // Every page but the last is full; stopKey is the primary key of the page's last item evaluated.
    expect(pages.slice(0, -1).every((p) => p.count === 25)).toBe(true);
    expect(pages[0]!.stopKey).toEqual({ primary: seen[24]!.id });
    expect(pages[pages.length - 1]!.stopKey).toBeUndefined();
  });

  it("limits the items evaluated per page, so pages can be short or empty, and still covers everything", async () => {
    const client = h.client();
    const filter: ListFilter[] = [{ item: "name", operator: "equals", value: "bob" }];
    const before = h.emulator.requestCount;
    const got = await collect(client.listAll({ table: "people", filter, limit: 40 }));
    expect(inListOrder(b, got)).toEqual(inListOrder(b, wire(b.people.filter((item) => matches(item, filter)))));
    expect(h.emulator.requestCount - before).toBe(Math.ceil(b.people.length / 40));
  });

  it("pages a partition descending with limit 1 and repeats nothing", async () => {
    const got = await collect(h.client().queryAll({ table: "events", key: { primary: "d1" }, limit: 1, searchForward: false }));
    const keys = got.map((e) => e.ts);
    expect(new Set(keys.map(String)).size).toBe(keys.length);
    expect(got.length).toBe(40);
  });

  // 16 on DynamoDB Local, whose JVM answers each Scan in milliseconds rather than microseconds.
  const calls = name === "emulator" ? 64 : 16;
  it(`serves ${calls} concurrent listAll calls, each with its own correct result`, async () => {
    const client = h.client();
    const filters: ListFilter[][] = Array.from({ length: calls }, (_, i) => [
      { item: "score", operator: "greaterThan", value: (i % 16) * 5 - 20 },
      ...(i % 2 === 0 ? [] : [{ item: "status", operator: "notEquals" as const, value: ["active", "pending"][i % 4 === 1 ? 0 : 1]! }]),
    ]);
    const before = h.emulator.requestCount;
    const results = await Promise.all(filters.map((filter) => collect(client.listAll({ table: "people", filter }))));
    results.forEach((items, i) => expect(inListOrder(b, items)).toEqual(inListOrder(b, wire(b.people.filter((item) => matches(item, filters[i]!))))));
    expect(h.emulator.requestCount - before).toBeGreaterThanOrEqual(calls * 3);
  });
});
