import { createClient, type Client, type Item } from "@itemfilter/client";
import { evaluate, FilterError, prepareEvaluate, type PlanKeys } from "@itemfilter/core";
import { createEmulator, type Emulator } from "@itemfilter/emulator";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { filterArb, keysArb, scopeArb, tableArb } from "./scopeArbitraries.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * A scope cannot leak (issue 31): over random multi-tenant tables, random
 * scopes (the app's condition, with and without `$name` values) and random
 * person filters drawn from what people type and from hostile text, every
 * item findAll and findPage return satisfies the scope, and where the filter
 * is valid the answer is exactly `evaluate` of `scope and (filter)`. The
 * same property over a scope made by text concatenation must fail: that is
 * what shows it can.
 */

const RUNS = propertyRuns(600);
/** Runs whose filter was valid and whose answer held an item: the property must meet many, or it proves little. */
let answered = 0;
const CREDS = { applicationKey: "scope-key", authenticationToken: "scope-token" };

let current: Emulator | undefined;
let client: Client;
beforeAll(() => {
  client = createClient({ baseUrl: "http://emulator.invalid", ...CREDS, maxAttempts: 1, fetch: (url, init) => current!.fetch(url, init) });
});

async function runFindAll(table: string, filter: string, scope: string | string[] | undefined, params: Record<string, unknown>, keys: PlanKeys | undefined): Promise<Item[]> {
  const out: Item[] = [];
  for await (const item of client.findAll({ table, filter, ...(scope === undefined ? {} : { scope }), params: params as never, ...(keys === undefined ? {} : { keys }) })) out.push(item);
  return out;
}

async function runFindPage(table: string, filter: string, scope: string | string[], params: Record<string, unknown>, keys: PlanKeys | undefined, limit: number): Promise<Item[]> {
  const out: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.findPage({ table, filter, scope, params: params as never, limit, ...(keys === undefined ? {} : { keys }), ...(cursor === undefined ? {} : { cursor }) });
    if (page.cursor !== undefined) expect(page.items).toHaveLength(limit);
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor !== undefined);
  return out;
}

type Runner = (filter: string, scope: string | string[], params: Record<string, unknown>, keys: PlanKeys | undefined, limit: number) => Promise<Item[]>;

/** The property, for any way of running a scoped filter. */
function property(run: Runner) {
  return fc.asyncProperty(tableArb, scopeArb, filterArb, keysArb, fc.integer({ min: 1, max: 7 }), async (orders, { scope, params }, filter, keys, limit) => {
    current = createEmulator({ tables: { orders: { primaryKey: "tenant", secondaryKey: "id", items: orders } }, credentials: [CREDS], pageSize: 3 });
    const inScope = (item: unknown): boolean => evaluate("", item, { scope, params });
    let expected: string[] | null;
    try {
      const test = prepareEvaluate(filter, { scope, params });
      expected = orders.filter(test).map((o) => o.id);
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      expected = null;
    }
    let got: Item[];
    try {
      got = await run(filter, scope, params, keys, limit);
    } catch (error) {
      // Text that is not a valid filter is refused, never run; a runnable one must run.
      if (error instanceof FilterError && expected === null) return;
      throw error;
    }
    expect(got.every(inScope)).toBe(true);
    if (expected !== null) expect(got.map((i) => i.id as string).sort()).toEqual(expected.sort());
    if (expected !== null && expected.length > 0) answered++;
  });
}

describe("no filter text widens the scope", () => {
  it("findAll", async () => {
    answered = 0;
    // Seeded, so the share of runs with a valid, non-empty answer checked below does not vary between runs.
    await fc.assert(property((filter, scope, params, keys) => runFindAll("orders", filter, scope, params, keys)), { numRuns: RUNS, seed: 3101 });
    expect(answered).toBeGreaterThan(RUNS / 6);
  });

  it("findPage, pages of 1 to 7 joined", async () => {
    await fc.assert(property((filter, scope, params, keys, limit) => runFindPage("orders", filter, scope, params, keys, limit)), { numRuns: RUNS / 2 });
  });

  it("fails for a scope made by concatenating text (so the property can fail)", async () => {
    const concatenated: Runner = (filter, scope, params, keys) => {
      const text = `${[scope].flat().join(" and ")}${filter.trim() === "" ? "" : ` and ${filter}`}`;
      return runFindAll("orders", text, undefined, params, keys);
    };
    const outcome = await fc.check(property(concatenated), { numRuns: RUNS, seed: 31 });
    expect(outcome.failed).toBe(true);
  });
});
