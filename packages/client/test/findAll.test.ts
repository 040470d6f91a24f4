import { matches, type ListFilter } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { createClient, type FetchLike, type FindOutcome, type FindProgress, type Item } from "../src/index.js";

const ITEMS: Item[] = [
  { id: "a", age: 10, plan: "free" },
  { id: "b", age: 30, plan: "pro" },
  { id: "c", age: 12, plan: "pro" },
  { id: "d", age: 50, plan: "team" },
  { id: "e", age: 15, plan: "team" },
  { id: "f", age: 70, plan: "pro" },
  { id: "g", plan: "free" },
];

/**
 * A listItems service in memory: pages of `pageSize` items evaluated, the
 * stopKey the index of the last one. It records every request and how many
 * were in flight at once.
 */
function service(pageSize = 2, failFirst = 0) {
  const sent: { filter: unknown; startKey: unknown }[] = [];
  let inFlight = 0;
  let most = 0;
  let failures = failFirst;
  const fetch: FetchLike = async (_url, init) => {
    inFlight++;
    most = Math.max(most, inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (init.signal.aborted) throw Object.assign(new Error("aborted"), { name: "AbortError" });
      if (failures > 0) {
        failures--;
        return { status: 503, headers: { get: () => null }, text: async () => '{"error":{"code":503,"message":"later"}}' };
      }
      const body = JSON.parse(init.body) as { filter?: ListFilter[]; startKey?: { primary: number } };
      sent.push({ filter: body.filter ?? null, startKey: body.startKey ?? null });
      const start = body.startKey === undefined ? 0 : body.startKey.primary + 1;
      const end = Math.min(ITEMS.length, start + pageSize);
      const items = ITEMS.slice(start, end).filter((i) => body.filter === undefined || matches(i, body.filter));
      const data = end < ITEMS.length ? { items, stopKey: { primary: end - 1 } } : { items };
      return { status: 200, headers: { get: () => null }, text: async () => JSON.stringify({ data }) };
    } finally {
      inFlight--;
    }
  };
  const client = createClient({ baseUrl: "http://127.0.0.1:9", applicationKey: "k", authenticationToken: "t", fetch, sleep: async () => {} });
  return { client, sent, most: () => most };
}

async function drain(walk: AsyncGenerator<Item, FindOutcome, undefined>): Promise<{ items: Item[]; outcome: FindOutcome }> {
  const items: Item[] = [];
  for (;;) {
    const next = await walk.next();
    if (next.done === true) return { items, outcome: next.value };
    items.push(next.value);
  }
}

const ids = (items: Item[]) => items.map((i) => i.id);

describe("findAll", () => {
  it("runs the plan's requests, unites them without duplicates, in plan order, with progress", async () => {
    const s = service();
    const progress: FindProgress[] = [];
    const { items, outcome } = await drain(s.client.findAll({ table: "t", filter: 'age < 18 or plan = "pro"', keys: { primary: "id" }, onProgress: (p) => progress.push(p) }));
    // Request 1 (age < 18): a, c, e; request 2 (plan = "pro"): b, c (again), f.
    expect(ids(items)).toEqual(["a", "c", "e", "b", "f"]);
    expect(outcome).toEqual({ truncated: false, limitReached: false, requests: 2, pages: 8, received: 6, matched: 5 });
    expect(progress).toEqual([
      { request: 1, requests: 2, pages: 1, received: 1, matched: 1 },
      { request: 1, requests: 2, pages: 2, received: 2, matched: 2 },
      { request: 1, requests: 2, pages: 3, received: 3, matched: 3 },
      { request: 1, requests: 2, pages: 4, received: 3, matched: 3 },
      { request: 2, requests: 2, pages: 5, received: 4, matched: 4 },
      { request: 2, requests: 2, pages: 6, received: 5, matched: 4 },
      { request: 2, requests: 2, pages: 7, received: 6, matched: 5 },
      { request: 2, requests: 2, pages: 8, received: 6, matched: 5 },
    ]);
  });

  it("tells duplicates apart by content when no keys are given", async () => {
    const { items } = await drain(service().client.findAll({ table: "t", filter: 'age < 18 or plan = "pro"' }));
    expect(ids(items)).toEqual(["a", "c", "e", "b", "f"]);
  });

  it("never merges two items that share the keys a caller names: they are told apart by content (issue 17)", async () => {
    // `plan` is no key of this table, yet named as the primary key: three items share "pro", two share "team".
    // (Not pinned by the filter: a plan reads the partitions of the keys it is given.)
    const { items } = await drain(service().client.findAll({ table: "t", filter: 'age < 18 or plan beginsWith "pro"', keys: { primary: "plan" } }));
    expect(ids(items)).toEqual(["a", "c", "e", "b", "f"]);
  });

  it("checks each request's residual locally", async () => {
    // `not age < 18` cannot be sent (a missing age matches it): one unfiltered scan, the filter as residual.
    const s = service();
    const plan = s.client.explain({ table: "t", filter: "not age < 18" });
    expect(plan.requests).toEqual([{ operation: "listItems", filter: [], residual: "not age < 18" }]);
    const { items } = await drain(s.client.findAll({ table: "t", filter: "not age < 18" }));
    expect(ids(items)).toEqual(["b", "d", "f", "g"]);
    expect(s.sent.every((r) => r.filter === null)).toBe(true);
  });

  it.each([1, 2, 4])("keeps at most %i requests in flight", async (concurrency) => {
    const s = service(1);
    const filter = 'age = 10 or plan = "team" or id beginsWith "b" or id contains "g" or age > 60';
    expect(s.client.explain({ table: "t", filter }).requests.length).toBe(5);
    const { items } = await drain(s.client.findAll({ table: "t", filter, concurrency }));
    expect(ids(items).sort()).toEqual(["a", "b", "d", "e", "f", "g"]);
    expect(s.most()).toBeLessThanOrEqual(concurrency);
    if (concurrency > 1) expect(s.most()).toBeGreaterThan(1);
  });

  it("stops at limit matching items and sends nothing more", async () => {
    const s = service();
    const { items, outcome } = await drain(s.client.findAll({ table: "t", filter: 'age < 18 or plan = "pro"', limit: 2, concurrency: 1 }));
    expect(ids(items)).toEqual(["a", "c"]);
    expect(outcome).toMatchObject({ limitReached: true, matched: 2 });
    const sentAtStop = s.sent.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.sent.length).toBe(sentAtStop);
  });

  it("stops every request when the caller leaves the loop early", async () => {
    const s = service(1);
    for await (const item of s.client.findAll({ table: "t", filter: 'age < 18 or plan = "pro"', concurrency: 2 })) {
      expect(item.id).toBe("a");
      break;
    }
    const sentAtBreak = s.sent.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.sent.length).toBeLessThanOrEqual(sentAtBreak + 2);
    const settled = s.sent.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.sent.length).toBe(settled);
  });

  it("stops at maxPages over all requests with onMaxPages: stop, and says truncated", async () => {
    const s = service();
    const { items, outcome } = await drain(s.client.findAll({ table: "t", filter: 'age < 18 or plan = "pro"', maxPages: 3, onMaxPages: "stop", concurrency: 1 }));
    expect(ids(items)).toEqual(["a", "c", "e"]);
    expect(outcome).toEqual({ truncated: true, limitReached: false, requests: 2, pages: 3, received: 3, matched: 3 });
    expect(s.sent.length).toBe(3);
  });

  it("throws E_MAX_PAGES at maxPages by default, after the items so far", async () => {
    const s = service();
    const items: Item[] = [];
    const run = async () => {
      for await (const item of s.client.findAll({ table: "t", filter: 'age < 18 or plan = "pro"', maxPages: 3, concurrency: 1 })) items.push(item);
    };
    await expect(run()).rejects.toMatchObject({ name: "ClientError", code: "E_MAX_PAGES", operation: "findAll", message: "findAll: stopped after 3 pages (maxPages) with more to come; raise maxPages or narrow the filter" });
    expect(ids(items)).toEqual(["a", "c", "e"]);
  });

  it("retries as every call does", async () => {
    const s = service(10, 2);
    const { items } = await drain(s.client.findAll({ table: "t", filter: "age > 40" }));
    expect(ids(items)).toEqual(["d", "f"]);
  });

  it("stops with AbortError when the signal fires", async () => {
    const s = service(1);
    const controller = new AbortController();
    const seen: Item[] = [];
    const run = async () => {
      for await (const item of s.client.findAll({ table: "t", filter: "age > 0", signal: controller.signal })) {
        seen.push(item);
        controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ name: "AbortError", code: "E_ABORTED" });
    expect(ids(seen)).toEqual(["a"]);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ table: "" }, "findAll: 'table' must be a non-empty string"],
    [{ filter: 3 }, "findAll: 'filter' must be filter text (or a parsed filter)"],
    [{ limit: 0 }, "findAll: 'limit' must be a whole number of at least 1"],
    [{ maxPages: 1.5 }, "findAll: 'maxPages' must be a whole number of at least 1"],
    [{ concurrency: 17 }, "findAll: 'concurrency' must be at most 16"],
    [{ onMaxPages: "ignore" }, "findAll: 'onMaxPages' must be \"throw\" or \"stop\""],
    [{ keys: { primary: "" } }, "findAll: keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table's keys and \"string\" or \"number\" for their types; primary must be a non-empty string, not the string \"\""],
  ])("refuses %j before sending anything", async (overrides, message) => {
    const s = service();
    await expect(s.client.findAll({ table: "t", filter: "age > 1", ...overrides } as never).next()).rejects.toMatchObject({ code: "E_ARGUMENT", message });
    expect(s.sent).toEqual([]);
  });

  it("passes core's FilterError for bad text, on the first next()", async () => {
    const s = service();
    await expect(s.client.findAll({ table: "t", filter: "age >" }).next()).rejects.toMatchObject({ name: "FilterError", code: "E_SYNTAX" });
    expect(() => s.client.explain({ table: "t", filter: "age >" })).toThrow(expect.objectContaining({ name: "FilterError" }));
  });
});
