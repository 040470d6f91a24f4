import { createClient, type Client } from "@itemfilter/client";
import { evaluate, sortItems, type Schema } from "@itemfilter/core";
import { createEmulator } from "@itemfilter/emulator";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Ordered pages of a filter with dates relative to now, on the emulator:
 * the ordered cursor carries the first page's `now`, sealed, so pages read
 * on with another `now` (the option or the clock moved) are still the first
 * `now`'s answer; an altered `now` is E_CURSOR; a filter without dates writes
 * the ordered cursor it always did.
 */
const CREDS = { applicationKey: "k", authenticationToken: "t" };
const HOUR = 3_600_000;
const NOW = Date.parse("2026-11-28T09:14:00Z");
// Three tenants, an item every 3 hours over the 14 days before NOW: `now - 7d` keeps about half.
const items = Array.from({ length: 112 }, (_, i) => ({ tenant: `t${i % 3}`, createdAt: NOW - 14 * 24 * HOUR + i * 3 * HOUR + (i % 3), status: i % 4 === 0 ? "open" : "closed" }));
const keys = { primary: "tenant", secondary: "createdAt" };
const schema: Schema = { attributes: { tenant: { type: "string" }, createdAt: { type: "date", format: "epochMillis" }, status: { type: "string" } } };

function counted(): { client: Client; reads: { pages: number } } {
  const emulator = createEmulator({ tables: { events: { primaryKey: "tenant", secondaryKey: "createdAt", items } }, credentials: [CREDS], pageSize: 7 });
  const reads = { pages: 0 };
  const client = createClient({ baseUrl: "http://emulator.invalid", ...CREDS, fetch: (url, init) => (reads.pages++, emulator.fetch(url, init)) });
  return { client, reads };
}

const body = (cursor: string): Record<string, unknown> => JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Record<string, unknown>;
const expected = (filter: string, orderBy: string, now: number) => sortItems(items.filter((item) => evaluate(filter, item, { now, schema })), orderBy, keys);

afterEach(() => {
  vi.useRealTimers();
});

// Merged in order from the tenants' partitions, and sorted locally (a Scan's items ordered by status).
const CASES = [
  { filter: 'tenant in ("t0", "t1", "t2") and createdAt > now - 7d', orderBy: "createdAt desc" },
  { filter: "createdAt > now - 7d", orderBy: "status asc" },
];

describe("ordered findPage and dates relative to now", () => {
  it.each(CASES)("$filter by $orderBy: pages read on with another now are the first now's answer", async ({ filter, orderBy }) => {
    const { client } = counted();
    const base = { table: "events", filter, keys, orderBy, limit: 5, compileOptions: { schema } };
    const later = NOW + 2 * 24 * HOUR;
    expect(expected(filter, orderBy, later)).not.toEqual(expected(filter, orderBy, NOW));
    let page = await client.findPage({ ...base, now: NOW });
    expect(body(page.cursor!).n).toBe(NOW);
    const joined = [...page.items];
    vi.useFakeTimers({ now: later, toFake: ["Date"] });
    // Every other page moves the option too; the rest go by the (moved) clock.
    for (let n = 0; page.cursor !== undefined; n++) {
      page = await client.findPage({ ...base, ...(n % 2 === 0 ? { now: later } : {}), cursor: page.cursor });
      joined.push(...page.items);
    }
    expect(joined).toEqual(expected(filter, orderBy, NOW));
  });

  it("an altered now in the ordered cursor is E_CURSOR before anything is sent", async () => {
    const { client, reads } = counted();
    const base = { table: "events", filter: CASES[0]!.filter, keys, orderBy: "createdAt desc", limit: 5, compileOptions: { schema } };
    const { cursor } = await client.findPage({ ...base, now: NOW });
    const sent = reads.pages;
    for (const n of [NOW - 24 * HOUR, NOW + 1, 1.5, "x"]) {
      const altered = Buffer.from(JSON.stringify({ ...body(cursor!), n }), "utf8").toString("base64url");
      await expect(client.findPage({ ...base, now: NOW, cursor: altered })).rejects.toMatchObject({ code: "E_CURSOR" });
    }
    const dropped = Buffer.from(JSON.stringify({ ...body(cursor!), n: undefined }), "utf8").toString("base64url");
    await expect(client.findPage({ ...base, now: NOW, cursor: dropped })).rejects.toMatchObject({ code: "E_CURSOR" });
    expect(reads.pages).toBe(sent);
  });

  it("a filter without dates writes the ordered cursor it always did (no now in it)", async () => {
    const { client } = counted();
    const { cursor } = await client.findPage({ table: "events", filter: 'tenant in ("t0", "t1")', keys, orderBy: "createdAt desc", limit: 5, now: NOW });
    expect(Object.keys(body(cursor!)).sort()).toEqual(["d", "o", "p", "v"]);
  });
});
