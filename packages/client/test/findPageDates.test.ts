import { describe, expect, it } from "vitest";
import { ClientError, createClient } from "../src/index.js";
import { fakeFetch, ok } from "./fakeFetch.js";

/*
 * findPage's cursors for filters with dates relative to now (issue 43 §2):
 * the cursor carries the first page's `now`, sealed; a filter without dates
 * writes the cursor it always wrote.
 */

const connect = (steps: Parameters<typeof fakeFetch>[0]) => {
  const fake = fakeFetch(steps);
  return { fake, client: createClient({ baseUrl: "http://service.test/v1", applicationKey: "app-key-0123456789", authenticationToken: "token-0123456789", fetch: fake.fetch, maxAttempts: 1 }) };
};

const body = (cursor: string): Record<string, unknown> => JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Record<string, unknown>;
const NOW = Date.parse("2026-11-28T09:14:00Z");

describe("findPage and dates relative to now", () => {
  it("the cursor carries the first page's now, and the next page sends the filter resolved with it", async () => {
    const { fake, client } = connect([ok([{ id: 1 }, { id: 2 }], { primary: 2 }), ok([{ id: 3 }]), ok([{ id: 3 }])]);
    const schema = { attributes: { t: { type: "date" as const, format: "epochMillis" as const } } };
    const first = await client.findPage({ table: "t", filter: "t > now - 1d", limit: 2, now: NOW, compileOptions: { schema } });
    expect(body(first.cursor!).n).toBe(NOW);
    await client.findPage({ table: "t", filter: "t > now - 1d", limit: 2, now: NOW + 3_600_000, compileOptions: { schema }, cursor: first.cursor! });
    const filters = fake.calls.map((c) => (JSON.parse(c.init.body) as { filter?: unknown }).filter);
    expect(filters).toEqual(Array(3).fill([{ item: "t", operator: "greaterThan", value: NOW - 86_400_000 }]));
  });

  it("a filter without dates writes the cursor it always did (no now in it)", async () => {
    const { client } = connect([ok([{ id: 1 }, { id: 2 }], { primary: 2 }), ok([{ id: 3 }])]);
    const first = await client.findPage({ table: "t", filter: "id > 0", limit: 1, now: NOW });
    expect(Object.keys(body(first.cursor!)).sort()).toEqual(["d", "r", "s", "v"]);
  });

  it("an altered now in the cursor is E_CURSOR before anything is sent", async () => {
    const { fake, client } = connect([ok([{ id: 1 }, { id: 2 }], { primary: 2 }), ok([{ id: 3 }])]);
    const schema = { attributes: { t: { type: "date" as const, format: "epochMillis" as const } } };
    const first = await client.findPage({ table: "t", filter: "t > now - 1d", limit: 1, now: NOW, compileOptions: { schema } });
    const altered = Buffer.from(JSON.stringify({ ...body(first.cursor!), n: NOW - 86_400_000 }), "utf8").toString("base64url");
    const sent = fake.calls.length;
    const error = await client.findPage({ table: "t", filter: "t > now - 1d", limit: 1, compileOptions: { schema }, cursor: altered }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).code).toBe("E_CURSOR");
    expect(fake.calls.length).toBe(sent);
  });

  it("a now that is not a date is E_ARGUMENT", async () => {
    const { client } = connect([]);
    const error = await client.findPage({ table: "t", filter: "t > now", limit: 1, now: "yesterday" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect([(error as ClientError).code, (error as ClientError).message]).toEqual(["E_ARGUMENT", expect.stringMatching(/'now' takes a Date, epoch milliseconds or an ISO 8601 string/)]);
  });

  it("explain lists the dates, findAll resolves them against its now", async () => {
    const { fake, client } = connect([ok([{ id: 1 }])]);
    const plan = client.explain({ table: "t", filter: "t > today", now: NOW, timeZone: "Europe/Oslo" });
    expect(plan.dates).toEqual([{ text: "today", value: "2026-11-27T23:00:00.000Z" }]);
    const items = [];
    for await (const item of client.findAll({ table: "t", filter: "t between today and now", now: NOW })) items.push(item);
    expect((JSON.parse(fake.calls[0]!.init.body) as { filter: unknown }).filter).toEqual([{ item: "t", operator: "between", value: ["2026-11-28T00:00:00.000Z", "2026-11-28T09:14:00.000Z"] }]);
  });
});
