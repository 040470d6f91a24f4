import fc from "fast-check";
import { BatchWriteItemCommand, CreateTableCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, sortItems } from "@itemfilter/core";
import type { DynamoKeys } from "@itemfilter/dynamodb";
import { count, describeTable, DynamoRunError, explain, findAll, findPage } from "@itemfilter/dynamodb/run";
import { localClient } from "../support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { INDEXED_TABLE, indexedFilterArbitrary, indexedRowsArbitrary, type IndexedRows } from "./indexArbitraries.js";

/**
 * orderBy and count on DynamoDB Local, over tables with global and local
 * indexes (indexArbitraries.ts) whose items also hold `c`: binary, strings,
 * numbers or nothing. Random filters and random orders (on the table's sort
 * key, on index sort keys, on mixed-type and missing attributes, both
 * directions): findAll is exactly evaluate's matches sorted by core's
 * sortItems (the documented order, ties by pk then sk), a limit gives its
 * prefix, findPage's pages joined equal it, count is its length, a plan
 * whose every request is read in order has no Scan, and E_ORDER_TOO_LARGE
 * comes exactly when a plan that sorts everything matches more than maxSortItems.
 */
const TABLES = 3;
const RUNS = Number(process.env.ITEMFILTER_DYNAMO_ORDER_RUNS ?? 30);
const TIES = { primary: "pk", secondary: "sk" };

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;
const tables: { name: string; rows: IndexedRows; keys: DynamoKeys }[] = [];

const BYTES = ["", "AA==", "AAE=", "fw==", "gA==", "/w=="];
const cCell = (i: number): { raw: AttributeValue; json: unknown } | undefined => {
  switch (i % 5) {
    case 0:
      return undefined;
    case 1:
      return { raw: { B: Buffer.from(BYTES[i % BYTES.length]!, "base64") }, json: { $binary: BYTES[i % BYTES.length]! } };
    case 2:
      return { raw: { S: ["a", "b", "\u{1F600}", "\uFF61"][i % 4]! }, json: ["a", "b", "\u{1F600}", "\uFF61"][i % 4] };
    case 3:
      return { raw: { N: String((i % 7) - 3) }, json: (i % 7) - 3 };
    default:
      return { raw: { BOOL: true }, json: true };
  }
};

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = localClient(db);
  const drawn = fc.sample(indexedRowsArbitrary, { numRuns: TABLES, seed: 42 });
  for (const [t, rows] of drawn.entries()) {
    const name = `ordered${t}`;
    rows.raw.forEach((raw, i) => {
      const cell = cCell(i * 7 + t);
      if (cell === undefined) return;
      raw.c = cell.raw;
      rows.json[i]!.c = cell.json;
    });
    await client.send(new CreateTableCommand({ TableName: name, ...INDEXED_TABLE }));
    for (let at = 0; at < rows.raw.length; at += 25) {
      const batch = rows.raw.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } }));
      await client.send(new BatchWriteItemCommand({ RequestItems: { [name]: batch } }));
    }
    tables.push({ name, rows, keys: await describeTable(client, name) });
  }
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const orderArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("sk", "sk desc", "h", "h desc", "l", "l desc") },
  { weight: 2, arbitrary: fc.constantFrom("a", "b desc", "c", "c desc", "pk desc") },
);
/** Filters that pin what the table and its ordered indexes are keyed by, so plans read in order and merge, with a little more now and then. */
const pinned = fc
  .tuple(
    fc.constantFrom('g = "g1"', 'g in ("g1", "g2")', 'g in ("g1", "g2", "g3") and h >= 2', 'pk = "p1"', 'pk in ("p1", "p2", "p3")', 'pk in ("p1", "p3") and l >= "l"', 'l in ("l1", "m")', 'g = "g2" or pk = "p2"'),
    fc.constantFrom("", ' and a != "a"', " and b is not null", ' and c != "b"'),
  )
  .map(([pin, more]) => `${pin}${more}`);
const filterArbitrary = fc.oneof({ weight: 2, arbitrary: indexedFilterArbitrary }, { weight: 4, arbitrary: pinned });

describe("orderBy and count on DynamoDB Local", () => {
  it.each([
    ['g = "g1" and h > 0', "h desc", ["Query byGH"], 0],
    ['g in ("g1", "g2") and h > -5', "h", ["Query byGH", "Query byGH"], 0],
    ['pk = "p1"', "sk desc", ["Query table"], 0],
    ['pk = "p2" and l >= "a"', "l", ["Query byL"], 0],
    // byGH is sparse: the items without h come last, from a request read only once the Query is all given out.
    ['g = "g1"', "h desc", ["Query byGH", "Query byG"], 1],
    ['l in ("l1", "m")', "h", ["Query byLH", "Query byLH", "Scan table"], 1],
  ])("%s by %s reads in order, no Scan, no sort", (filter, orderBy, targets, last) => {
    const requests = explain({ table: tables[0]!.name, filter, keys: tables[0]!.keys, orderBy });
    expect(requests.map((r) => `${r.command} ${r.input.IndexName ?? "table"}`)).toEqual(targets);
    expect(requests.filter((r) => r.order?.how === "inOrder")).toHaveLength(targets.length - last);
    expect(requests.filter((r) => r.order?.last === true)).toHaveLength(last);
    for (const r of requests) if (r.order?.how === "inOrder") expect(r.input.ScanIndexForward === false).toBe(orderBy.endsWith("desc"));
  });

  it(`findAll, findPage and count agree with evaluate and sortItems (${RUNS} filters over ${TABLES} tables)`, async () => {
    const seen = { inOrder: 0, merged: 0, sorted: 0, tooLarge: 0 };
    await fc.assert(
      fc.asyncProperty(fc.nat(TABLES - 1), filterArbitrary, orderArbitrary, fc.constantFrom(4, 10_000, 10_000), fc.integer({ min: 1, max: 6 }), async (t, filter, orderBy, maxSortItems, pageSize) => {
        const table = tables[t]!;
        const base = { table: table.name, filter, keys: table.keys };
        const matches = table.rows.json.filter((item) => evaluate(filter, item));
        const expected = sortItems(matches, orderBy, TIES);
        const context = `${filter} by ${orderBy} on ${table.name}, maxSortItems ${maxSortItems}`;
        expect(await count(client, base), context).toBe(matches.length);
        const requests = explain({ ...base, orderBy });
        const inOrder = requests.filter((r) => r.order?.how === "inOrder").length;
        // Where targets give the order and serve the filter, no Scan: every request read in order is a Query.
        for (const r of requests) if (r.order?.how === "inOrder") expect(r.command, context).toBe("Query");
        const allSorted = requests.length > 0 && inOrder === 0;
        seen[allSorted ? "sorted" : requests.length > 1 ? "merged" : "inOrder"]++;
        let all: Record<string, unknown>[];
        try {
          all = await collect(findAll(client, { ...base, orderBy, maxSortItems }));
        } catch (error) {
          if (!(error instanceof DynamoRunError && error.code === "E_ORDER_TOO_LARGE")) throw error;
          seen.tooLarge++;
          expect(inOrder < requests.length, context).toBe(true);
          if (allSorted) expect(matches.length, context).toBeGreaterThan(maxSortItems);
          return;
        }
        if (allSorted) expect(matches.length, context).toBeLessThanOrEqual(maxSortItems);
        expect(all, context).toEqual(expected);
        expect(await collect(findAll(client, { ...base, orderBy, maxSortItems, limit: pageSize })), context).toEqual(expected.slice(0, pageSize));
        const joined: unknown[] = [];
        let cursor: string | undefined;
        do {
          const page = await findPage(client, { ...base, orderBy, maxSortItems, limit: pageSize, ...(cursor === undefined ? {} : { cursor }) });
          if (page.cursor !== undefined) expect(page.items, context).toHaveLength(pageSize);
          joined.push(...page.items);
          cursor = page.cursor;
        } while (cursor !== undefined);
        expect(joined, context).toEqual(expected);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    console.log(`dynamo order: ${JSON.stringify(seen)}`);
    // The it.each cases above pin in-order plans; the random draw must reach some too.
    expect(seen.inOrder + seen.merged).toBeGreaterThan(0);
    expect(seen.sorted).toBeGreaterThan(RUNS / 10);
  }, 120_000);
});
