import fc from "fast-check";
import { BatchWriteItemCommand, CreateTableCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { createClient, type Client } from "@itemfilter/client";
import { decompile, evaluate, type ListFilter } from "@itemfilter/core";
import { createDynamoStore, type StoreCall } from "@itemfilter/dynamodb/store";
import { createEmulator } from "@itemfilter/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localClient } from "../support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { STRINGS } from "./dynamoArbitraries.js";
import { INDEXED_TABLE, indexedRowsArbitrary, type IndexedRows } from "./indexArbitraries.js";

/**
 * serve's listItems over DynamoDB is exact whatever the planner reads: on
 * tables with global indexes (ALL, KEYS_ONLY, INCLUDE; sparse keys) and a
 * KEYS_ONLY local index, random ListFilter arrays that often pin an index's
 * keys, walked in pages of 1 to 4 items with and without `limit`, return
 * exactly evaluate's items, each once.
 */
const TABLES = 3;
const RUNS = Number(process.env.ITEMFILTER_SERVE_INDEX_RUNS ?? 60);
const CREDENTIALS = { applicationKey: "store-key-7f3a", authenticationToken: "store-token-91c2" };

let db: DynamoDbLocalDatabase;
let dynamo: DynamoDBClient;
const calls: StoreCall[] = [];
const clients: Client[] = [];
const tables: { name: string; rows: IndexedRows }[] = [];

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  dynamo = localClient(db);
  for (const [i, rows] of fc.sample(indexedRowsArbitrary, { numRuns: TABLES, seed: 36 }).entries()) {
    const name = `served${i}`;
    await dynamo.send(new CreateTableCommand({ TableName: name, ...INDEXED_TABLE }));
    for (let at = 0; at < rows.raw.length; at += 25) {
      await dynamo.send(new BatchWriteItemCommand({ RequestItems: { [name]: rows.raw.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    tables.push({ name, rows });
  }
  for (const pageSize of [1, 2, 3, 4]) {
    const emulator = createEmulator({ store: createDynamoStore({ client: dynamo, onCall: (call) => calls.push(call) }), credentials: [CREDENTIALS], pageSize });
    clients.push(createClient({ baseUrl: "http://dynamo.invalid", fetch: emulator.fetch as never, ...CREDENTIALS, maxAttempts: 1 }));
  }
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.close();
  dynamo?.destroy();
  await db?.stop();
});

const f = (item: string, operator: ListFilter["operator"], value?: ListFilter["value"]): ListFilter => (value === undefined ? { item, operator } : { item, operator, value }) as ListFilter;
const hRange = fc.oneof(
  fc.tuple(fc.constantFrom<ListFilter["operator"]>("lessThan", "lessEqual", "greaterThan", "greaterEqual"), fc.constantFrom(0, 1, 2, 3, 5)).map(([op, v]) => f("h", op, v)),
  fc.constantFrom<[number, number]>([1, 3], [2, 2], [0, 9]).map((v) => f("h", "between", v)),
);
const lRange = fc.oneof(fc.constantFrom("l", "m", "").map((v) => f("l", "beginsWith", v)), fc.constantFrom("l1", "m").map((v) => f("l", "equals", v)));
const skRange = fc.oneof(fc.constantFrom(0, 4, 8).map((v) => f("sk", "greaterEqual", v)), fc.constantFrom<[number, number]>([1, 3], [0, 9]).map((v) => f("sk", "between", v)));
const g = fc.constantFrom("g1", "g2", "g3", "").map((v) => f("g", "equals", v));
const pk = fc.constantFrom("p1", "p2", "p3").map((v) => f("pk", "equals", v));
const l = fc.constantFrom("l1", "l2", "m").map((v) => f("l", "equals", v));

// Conditions that pin the keys of an index (or the table), in the order a person might write them, and none.
const keyed: fc.Arbitrary<ListFilter[]> = fc.oneof(
  g.map((x) => [x]),
  fc.tuple(g, hRange),
  fc.tuple(hRange, g),
  fc.tuple(pk, lRange),
  fc.tuple(pk, skRange),
  pk.map((x) => [x]),
  fc.tuple(l, hRange),
  fc.constantFrom(1, 2, 3, 5).map((v) => [f("h", "equals", v)]),
  fc.tuple(fc.uniqueArray(fc.constantFrom("g1", "g2"), { minLength: 1, maxLength: 2 }).map((vs) => f("g", "in", vs)), hRange),
  fc.constant<ListFilter[]>([]),
);
const text = fc.constantFrom(...STRINGS.slice(0, 6));
const other = fc.oneof(
  fc.tuple(fc.constantFrom("a", "b", "g", "l"), text).map(([s, v]) => f(s, "notEquals", v)),
  fc.tuple(fc.constantFrom("a", "b"), fc.constantFrom<ListFilter["operator"]>("null", "notNull")).map(([s, op]) => f(s, op)),
  fc.tuple(fc.constantFrom("a", "b"), text).map(([s, v]) => f(s, "contains", v)),
  fc.tuple(fc.constantFrom("a", "b"), text).map(([s, v]) => f(s, "notContains", v)),
  fc.tuple(fc.constantFrom("a", "b"), fc.constantFrom(0, 1, 2.5)).map(([s, v]) => f(s, "greaterEqual", v)),
);
const filtersArbitrary = fc.tuple(keyed, fc.array(other, { maxLength: 2 })).map(([keys, rest]) => [...keys, ...rest]);

const id = (item: Record<string, unknown>): string => JSON.stringify([item.pk, item.sk]);

describe("listItems over DynamoDB with indexes", () => {
  it(`selects exactly evaluate's items, each once, in pages of 1 to 4 (${RUNS} filter arrays over ${TABLES} tables)`, async () => {
    const read = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.nat(TABLES - 1), filtersArbitrary, fc.nat(3), fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }), async (t, filters, c, limit) => {
        const table = tables[t]!;
        const written = decompile(filters);
        const expected = table.rows.json.filter((item) => evaluate(written, item)).map(id).sort();
        const got: string[] = [];
        let startKey: Record<string, unknown> | undefined;
        calls.length = 0;
        do {
          const page = await clients[c]!.listItems({ table: table.name, filter: filters, ...(limit === undefined ? {} : { limit }), ...(startKey === undefined ? {} : { startKey }) });
          got.push(...page.items.map(id));
          startKey = page.stopKey;
        } while (startKey !== undefined);
        expect(new Set(got).size).toBe(got.length);
        expect([...got].sort()).toEqual(expected);
        for (const call of new Set(calls.map((x) => `${x.command} ${x.index ?? "table"}`))) read.set(call, (read.get(call) ?? 0) + 1);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    console.log(`serve indexes: ${RUNS} filter arrays; walks by read: ${JSON.stringify(Object.fromEntries(read))}`);
    // The draw reaches the table's partitions, global and local indexes, and the Scan.
    for (const target of ["Query table", "Query byG", "Query byGH", "Query byL", "Query byLH", "Scan table"]) expect(read.get(target) ?? 0).toBeGreaterThan(0);
  }, 300_000);
});
