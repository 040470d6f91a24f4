import { createClient, type Client } from "@itemfilter/client";
import { sortItems } from "@itemfilter/core";
import { createEmulator, type Emulator } from "@itemfilter/emulator";
import { describe, expect, it } from "vitest";

/**
 * What an ordered page reads, counted in service pages and items: each
 * partition read in order stops when the page is full, a merge of k
 * partitions reads about a page of each, and page n of findPage reads from
 * where page n − 1 stopped, not pages 1 to n − 1 again.
 */
const CREDS = { applicationKey: "k", authenticationToken: "t" };
const PARTITIONS = 10;
const PER_PARTITION = 200;
const items = Array.from({ length: PARTITIONS * PER_PARTITION }, (_, i) => ({ tenant: `t${i % PARTITIONS}`, createdAt: 100_000 + i, status: i % 3 === 0 ? "open" : "closed" }));
const keys = { primary: "tenant", secondary: "createdAt" };
const all = `tenant in (${Array.from({ length: PARTITIONS }, (_, p) => `"t${p}"`).join(", ")})`;

function counted(): { client: Client; reads: { pages: number; items: number } } {
  const emulator: Emulator = createEmulator({ tables: { events: { primaryKey: "tenant", secondaryKey: "createdAt", items } }, credentials: [CREDS], pageSize: 25 });
  const reads = { pages: 0, items: 0 };
  const client = createClient({
    baseUrl: "http://emulator.invalid",
    ...CREDS,
    fetch: async (url, init) => {
      const response = await emulator.fetch(url, init);
      const text = await response.text();
      reads.pages++;
      reads.items += (JSON.parse(text) as { data: { items: unknown[] } }).data.items.length;
      return new Response(text, { status: response.status, headers: { "content-type": response.headers.get("content-type") ?? "application/json" } });
    },
  });
  return { client, reads };
}

describe("ordered pages read what they need", () => {
  it("the 20 newest of 10 partitions: a page of each partition, not the partitions", async () => {
    const { client, reads } = counted();
    const page = await client.findPage({ table: "events", filter: all, keys, orderBy: "createdAt desc", limit: 20 });
    expect(page.items).toEqual(sortItems(items, "createdAt desc", keys).slice(0, 20));
    expect(reads.pages).toBeLessThanOrEqual(PARTITIONS + 2);
    expect(reads.items).toBeLessThanOrEqual(20 + PARTITIONS * 25);
  });

  it("page 50 reads from where page 49 stopped: about what one page reads", async () => {
    const { client, reads } = counted();
    const expected = sortItems(items, "createdAt desc", keys);
    let cursor: string | undefined;
    const perPage: number[] = [];
    for (let n = 1; n <= 50; n++) {
      const before = reads.items;
      const page = await client.findPage({ table: "events", filter: all, keys, orderBy: "createdAt desc", limit: 20, ...(cursor === undefined ? {} : { cursor }) });
      expect(page.items).toEqual(expected.slice((n - 1) * 20, n * 20));
      perPage.push(reads.items - before);
      cursor = page.cursor;
    }
    // Each page re-reads at most the service page each partition's cursor points into.
    for (const read of perPage) expect(read).toBeLessThanOrEqual(20 + 2 * PARTITIONS * 25);
    expect(reads.items).toBeLessThan(50 * (20 + 2 * PARTITIONS * 25));
    expect(Math.max(...perPage.slice(1))).toBeLessThan(items.length / 2);
  });

  it("an ordered cursor is bound to the order, the filter and the keys: anything else is E_CURSOR before anything is sent", async () => {
    const { client, reads } = counted();
    const base = { table: "events", filter: all, keys, orderBy: "createdAt desc", limit: 5 };
    const { cursor } = await client.findPage(base);
    const plain = (await client.findPage({ ...base, orderBy: undefined })).cursor!;
    const sent = reads.pages;
    const flipped = cursor!.slice(0, -2) + (cursor!.endsWith("A") ? "B" : "A") + cursor!.slice(-1);
    for (const params of [
      { ...base, orderBy: "createdAt asc", cursor },
      { ...base, orderBy: "status desc", cursor },
      { ...base, filter: `${all} and status = "open"`, cursor },
      { ...base, keys: { primary: "tenant" }, cursor },
      { ...base, cursor: flipped },
      { ...base, cursor: plain },
    ]) {
      await expect(client.findPage(params)).rejects.toMatchObject({ code: "E_CURSOR" });
    }
    expect(reads.pages).toBe(sent);
    await expect(client.findPage({ ...base, keys: undefined })).rejects.toMatchObject({ code: "E_ARGUMENT", message: expect.stringContaining("with 'orderBy' it takes 'keys'") });
  });

  it("count equals findAll's number of items", async () => {
    const { client } = counted();
    expect(await client.count({ table: "events", filter: `${all} and status = "open"`, keys })).toBe(items.filter((i) => i.status === "open").length);
  });
});
