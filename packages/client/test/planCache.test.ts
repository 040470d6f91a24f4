import type { ListFilter, ListItemsRequest, Plan } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { createClient, type FetchLike, type Item } from "../src/index.js";
import { MAX_CACHED_PLANS, planCache, plainPlanInput } from "../src/planCache.js";

describe("plainPlanInput: only plans made of plain values are kept", () => {
  it("takes filter text with plain keys and a whole maxRequests", () => {
    expect(plainPlanInput("a = 1", undefined, undefined, undefined)).toEqual({ filter: "a = 1", keys: undefined, maxRequests: undefined });
    expect(plainPlanInput("a = 1", { primary: "id" }, 3, undefined)).toEqual({ filter: "a = 1", keys: { primary: "id" }, maxRequests: 3 });
    expect(plainPlanInput("a = 1", { primary: "id", secondary: "ts" }, undefined, undefined)).toEqual({ filter: "a = 1", keys: { primary: "id", secondary: "ts" }, maxRequests: undefined });
  });

  it.each<[string, unknown, unknown, unknown, unknown]>([
    ["compile options (a schema may change between calls)", "a = 1", undefined, undefined, {}],
    ["a parsed tree", { type: "Document" }, undefined, undefined, undefined],
    ["keys with another member (core refuses it)", "a = 1", { primary: "id", other: "x" }, undefined, undefined],
    ["keys without primary", "a = 1", { secondary: "ts" }, undefined, undefined],
    ["a key name that is not a string", "a = 1", { primary: 5 }, undefined, undefined],
    ["a key read by a getter", "a = 1", Object.defineProperty({}, "primary", { get: () => "id", enumerable: true }), undefined, undefined],
    ["keys of another class", "a = 1", new (class { primary = "id"; })(), undefined, undefined],
    ["maxRequests NaN", "a = 1", undefined, Number.NaN, undefined],
    ["maxRequests as text", "a = 1", undefined, "3", undefined],
  ])("leaves out %s", (_, filter, keys, maxRequests, options) => {
    expect(plainPlanInput(filter, keys, maxRequests, options)).toBeUndefined();
  });
});

describe("planCache", () => {
  const fakePlan = (filter: string): Plan => ({ filter, requests: [], combine: "union" });

  it("plans each input once, tells inputs apart, and keeps the most recently used", () => {
    const planned: string[] = [];
    const cached = planCache((input) => (planned.push(JSON.stringify(input)), fakePlan(input.filter)));
    const a = cached({ filter: "a = 1", keys: undefined, maxRequests: undefined });
    expect(cached({ filter: "a = 1", keys: undefined, maxRequests: undefined })).toBe(a);
    cached({ filter: "a = 1", keys: { primary: "id" }, maxRequests: undefined });
    cached({ filter: "a = 1", keys: { primary: "id", secondary: "ts" }, maxRequests: undefined });
    cached({ filter: "a = 1", keys: { primary: "null" }, maxRequests: undefined });
    cached({ filter: "a = 1", keys: undefined, maxRequests: 2 });
    expect(planned).toHaveLength(5);
    // Used again, "a = 1" is the most recent; filling the cache drops the four older ones, not it.
    expect(cached({ filter: "a = 1", keys: undefined, maxRequests: undefined })).toBe(a);
    for (let i = 0; i < MAX_CACHED_PLANS - 1; i++) cached({ filter: `b = ${i}`, keys: undefined, maxRequests: undefined });
    expect(planned).toHaveLength(5 + MAX_CACHED_PLANS - 1);
    expect(cached({ filter: "a = 1", keys: undefined, maxRequests: undefined })).toBe(a);
    expect(planned).toHaveLength(5 + MAX_CACHED_PLANS - 1);
    cached({ filter: "a = 1", keys: undefined, maxRequests: 2 });
    expect(planned).toHaveLength(5 + MAX_CACHED_PLANS);
  });

  it("keeps nothing for an input that fails to plan", () => {
    let calls = 0;
    const cached = planCache(() => {
      calls++;
      throw new Error("no");
    });
    expect(() => cached({ filter: "x", keys: undefined, maxRequests: undefined })).toThrow("no");
    expect(() => cached({ filter: "x", keys: undefined, maxRequests: undefined })).toThrow("no");
    expect(calls).toBe(2);
  });
});

describe("findAll with a kept plan behaves as before", () => {
  const items: Item[] = [
    { id: "a", age: 10 },
    { id: "b", age: 30 },
  ];
  const fetch: FetchLike = async (_url, init) => {
    const body = JSON.parse(init.body) as { filter?: { item: string; operator: string; value: number }[] };
    const f = body.filter?.[0];
    const selected = items.filter((i) => f === undefined || (f.operator === "lessThan" ? (i.age as number) < f.value : (i.age as number) >= f.value));
    return { status: 200, headers: { get: () => null }, text: async () => JSON.stringify({ data: { items: selected } }) };
  };
  const client = createClient({ baseUrl: "http://127.0.0.1:9", applicationKey: "k", authenticationToken: "t", fetch });
  const ids = async (filter: string, keys?: object): Promise<string[]> => {
    const out: string[] = [];
    for await (const item of client.findAll({ table: "t", filter, ...(keys === undefined ? {} : { keys: keys as never }) })) out.push(item.id as string);
    return out;
  };

  it("a plan from explain, changed by the caller, does not change findAll's", async () => {
    expect(await ids("age < 18")).toEqual(["a"]);
    const plan = client.explain({ table: "t", filter: "age < 18" });
    ((plan.requests[0] as ListItemsRequest).filter as ListFilter[]).length = 0;
    expect(await ids("age < 18")).toEqual(["a"]);
  });

  it("refuses bad text and bad keys every time, with the same error", async () => {
    for (let i = 0; i < 2; i++) {
      await expect(ids("age <")).rejects.toMatchObject({ code: "E_SYNTAX" });
      await expect(ids("age < 18", { primary: "id", other: "x" })).rejects.toMatchObject({ code: "E_ARGUMENT", operation: "findAll" });
    }
  });
});
