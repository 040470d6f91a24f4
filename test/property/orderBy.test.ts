import { createClient, isClientError, type Client, type FindPageResult, type Item } from "@itemfilter/client";
import { evaluate, FilterError, format, sortItems, type FilterInput, type FilterNode, type Plan, type PlanKeys } from "@itemfilter/core";
import { createEmulator, type Emulator, type TableDefinition } from "@itemfilter/emulator";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findFilterArbitrary } from "./pinnedArbitrary.js";
import { poolNumber, poolString, tsValue, wire } from "./itemArbitraries.js";
import { otherKeyType } from "./otherKeyType.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * findAll, findPage and count with orderBy over random tables served by the
 * emulator, random filters (partition pins and `in` lists often, so plans
 * read partitions in order and merge them), random orders on the secondary
 * key (served in order), on attributes of mixed types and missing ones
 * (sorted locally), and random page sizes: findAll is exactly `evaluate`'s
 * matches sorted by core's sortItems (the documented order), the pages
 * joined are findAll's, count is its length, and E_ORDER_TOO_LARGE comes
 * exactly when the local sort would hold more than maxSortItems.
 */

const RUNS = propertyRuns(300);
const CREDS = { applicationKey: "prop-key", authenticationToken: "prop-token" };
const NAMES = ["id", "ts", "a", "b"] as const;

let current: Emulator | undefined;
const newClient = (): Client => createClient({ baseUrl: "http://emulator.invalid", ...CREDS, maxAttempts: 1, fetch: (url, init) => current!.fetch(url, init) });

const attribute: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: poolString },
  { weight: 4, arbitrary: poolNumber },
  { weight: 1, arbitrary: fc.array(fc.oneof(poolString, poolNumber), { maxLength: 2 }) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
);
/** Few partitions, so each holds several items and pages cross them. */
const keyValue = fc.constantFrom<string | number>("p1", "p2", "a", 1);
const item = fc.record({ id: keyValue, ts: tsValue, a: attribute, b: attribute }, { requiredKeys: ["id"] });
const token = (v: unknown): string => (v === undefined || v === null ? "-" : typeof v === "number" ? `n${v === 0 ? 0 : v}` : `s${String(v)}`);

const tableCase = fc.boolean().chain((withSecondary) =>
  fc.uniqueArray(item, { minLength: 4, maxLength: 40, selector: (i) => (withSecondary ? `${token(i.id)}|${token(i.ts)}` : token(i.id)) }).map((items) => {
    const definition: TableDefinition = withSecondary ? { primaryKey: "id", secondaryKey: "ts", items: wire(items) } : { primaryKey: "id", items: wire(items) };
    const keys: PlanKeys = withSecondary ? { primary: "id", secondary: "ts" } : { primary: "id" };
    return { definition, keys };
  }),
);

const quote = (v: string | number): string => (typeof v === "number" ? String(v) : JSON.stringify(v));
/** Partition pins: `id in (…)`, with a condition on ts or an `or` branch now and then. */
const pinnedText: fc.Arbitrary<FilterInput> = fc
  .tuple(fc.uniqueArray(keyValue, { minLength: 1, maxLength: 3 }), fc.constantFrom("", ' and ts >= 1', ' and ts beginsWith "a"', ' and a = "a"', ' or id = "p2"'))
  .map(([ids, rest]) => `id in (${ids.map(quote).join(", ")})${rest}`);
const filterCase: fc.Arbitrary<FilterInput> = fc.oneof({ weight: 2, arbitrary: findFilterArbitrary(NAMES, "id") as fc.Arbitrary<FilterInput> }, { weight: 3, arbitrary: pinnedText });
const orderCase = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("ts", "ts desc", "ts asc") }, { weight: 2, arbitrary: fc.constantFrom("a", "a desc", "b desc", "id", "id desc") });

async function collect(iterable: AsyncIterable<Item>): Promise<Item[]> {
  const out: Item[] = [];
  for await (const value of iterable) out.push(value);
  return out;
}

const isTooLarge = (error: unknown): boolean => isClientError(error) && error.code === "E_ORDER_TOO_LARGE";

describe("orderBy: findAll, findPage and count agree with evaluate and the documented order", () => {
  it(`over random tables, filters, orders, page sizes and sort bounds (${RUNS} runs)`, async () => {
    const seen = { inOrder: 0, merged: 0, sorted: 0, paged: 0, tooLarge: 0 };
    await fc.assert(
      fc.asyncProperty(tableCase, filterCase, orderCase, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 5 }), fc.oneof({ weight: 1, arbitrary: fc.constantFrom(3, 8) }, { weight: 3, arbitrary: fc.constant(10_000) }), async ({ definition, keys }, filter, orderBy, limit, pageSize, maxSortItems) => {
        const base = { table: "t", filter, keys, orderBy, maxSortItems };
        const client = newClient();
        let plan: Plan;
        try {
          plan = client.explain(base);
        } catch (error) {
          if (error instanceof FilterError) return;
          throw error;
        }
        current = createEmulator({ tables: { t: definition }, credentials: [CREDS], pageSize });
        if (otherKeyType(plan, definition)) return;
        seen[plan.order!.how]++;
        const context = `${typeof filter === "string" ? filter : format(filter as FilterNode)} by ${orderBy} over ${JSON.stringify(definition)}, limit ${limit}, pageSize ${pageSize}, maxSortItems ${maxSortItems}`;
        const matches = definition.items.filter((i) => evaluate(filter as FilterNode, i)) as Item[];
        const expected = sortItems(matches, orderBy, keys);
        // A partition query by the order's attribute is read in order: never a listItems when every request pins a partition.
        if (orderBy.startsWith("ts") && keys.secondary === "ts") for (const r of plan.requests) if (r.operation === "queryItems" && r.key !== undefined) expect(r.order?.how, context).toBe("inOrder");
        const sortsLocally = plan.requests.some((r) => r.order?.how === "sorted");
        const allSorted = plan.requests.length > 0 && plan.requests.every((r) => r.order?.how === "sorted");
        let all: Item[];
        try {
          all = await collect(client.findAll(base));
        } catch (error) {
          if (!isTooLarge(error)) throw error;
          seen.tooLarge++;
          expect(sortsLocally, context).toBe(true);
          if (allSorted) expect(matches.length, context).toBeGreaterThan(maxSortItems);
          return;
        }
        if (allSorted) expect(matches.length, context).toBeLessThanOrEqual(maxSortItems);
        expect(all, context).toEqual(expected);
        expect(await client.count({ table: "t", filter, keys }), context).toBe(expected.length);
        const pages: FindPageResult[] = [];
        let cursor: string | undefined;
        do {
          const page: FindPageResult = await newClient().findPage({ ...base, limit, ...(cursor === undefined ? {} : { cursor }) });
          pages.push(page);
          cursor = page.cursor;
          expect(pages.length).toBeLessThanOrEqual(all.length + 1);
        } while (cursor !== undefined);
        if (pages.length > 1) seen.paged++;
        for (const page of pages.slice(0, -1)) expect(page.items.length, context).toBe(limit);
        expect(pages.flatMap((p) => p.items), context).toEqual(all);
      }),
      { numRuns: RUNS },
    );
    expect(seen.inOrder + seen.merged).toBeGreaterThan(RUNS / 10);
    expect(seen.merged).toBeGreaterThan(RUNS / 20);
    expect(seen.sorted).toBeGreaterThan(RUNS / 10);
    expect(seen.paged).toBeGreaterThan(RUNS / 8);
    expect(seen.tooLarge).toBeGreaterThan(0);
  }, 60_000);
});
