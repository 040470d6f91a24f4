import { type Item } from "@itemfilter/client";
import { evaluate, sortItems } from "@itemfilter/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, closeBackends, collect, openBackend, startHarness, type Backend, type Harness } from "../e2e/fixtures.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * The service client with orderBy over the service's one request handler on
 * both stores: the emulator's memory, and DynamoDB Local through the
 * DynamoDB store (`serve --dynamodb-endpoint`), where a partition query read
 * backwards is DynamoDB's ScanIndexForward false. Random partition pins, `or`
 * branches and conditions, random orders (the secondary key, read in order and
 * merged; other attributes of mixed types and missing ones, sorted), random
 * page sizes: findAll is evaluate's matches sorted by sortItems, findPage's
 * pages joined are findAll, count is its length.
 */
// Each run is about a hundred requests through HTTP to both stores: on the other Nodes, 5 of them.
const RUNS = propertyRuns(15, 5);
const keys = { primary: "device", secondary: "ts" };
const devices = fc.uniqueArray(fc.constantFrom("d0", "d1", "d2", "d3", "d4", "d5"), { minLength: 1, maxLength: 4 });
const filterArbitrary = fc
  .tuple(devices, fc.constantFrom("", " and ts > 10", ' and note is null', " and seq < 120"), fc.constantFrom("", " or seq > 230", ' or note = "no ts"'))
  .map(([ds, more, or]) => `device in (${ds.map((d) => `"${d}"`).join(", ")})${more}${or}`);
const orderArbitrary = fc.constantFrom("ts", "ts desc", "seq desc", "note", "note desc", "seq");

let harnesses: Harness[] = [];
const backends: Backend[] = [];
beforeAll(async () => {
  for (const name of BACKENDS) {
    const backend = await openBackend(name);
    backends.push(backend);
    harnesses.push(await startHarness({}, backend));
  }
}, 120_000);
afterAll(async () => {
  await Promise.all(harnesses.map((h) => h.close()));
  harnesses = [];
  await closeBackends();
});

describe("orderBy over the service's handler, on the emulator and on DynamoDB", () => {
  it.each([0, 1])(`backend %i: findAll, findPage and count (${RUNS} runs)`, async (at) => {
    const backend = backends[at]!;
    const client = harnesses[at]!.client();
    await fc.assert(
      fc.asyncProperty(filterArbitrary, orderArbitrary, fc.integer({ min: 1, max: 9 }), async (filter, orderBy, limit) => {
        const context = `${backend.name}: ${filter} by ${orderBy}, pages of ${limit}`;
        const base = { table: "events", filter, keys, orderBy };
        const expected = sortItems(backend.events.filter((i) => evaluate(filter, i)), orderBy, keys);
        expect(await collect(client.findAll(base)), context).toEqual(expected);
        expect(await client.count({ table: "events", filter, keys }), context).toBe(expected.length);
        const joined: Item[] = [];
        let cursor: string | undefined;
        do {
          const page = await client.findPage({ ...base, limit, ...(cursor === undefined ? {} : { cursor }) });
          if (page.cursor !== undefined) expect(page.items, context).toHaveLength(limit);
          joined.push(...page.items);
          cursor = page.cursor;
        } while (cursor !== undefined);
        expect(joined, context).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
