import fc from "fast-check";
import { BatchWriteItemCommand, CreateTableCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, quoteString } from "@itemfilter/core";
import type { DynamoKeys } from "@itemfilter/dynamodb";
import { describeTable, explain, findAll, findPage, type DynamoRequestEvent, type ExplainedRequest } from "@itemfilter/dynamodb/run";
import { localClient } from "../support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { keyPinArbitrary, SHAPED_TABLE, shapedFilterArbitrary, shapedRowsArbitrary, type ShapedRows } from "./indexShapesArbitraries.js";

/**
 * Issue 41 on DynamoDB Local: a global index that reuses the table's sort
 * key, one with a multi-attribute key, KEYS_ONLY and INCLUDE ones (read,
 * then the whole items fetched by key) and a local one. findAll (1 to 4
 * segments) and findPage (pages of 1 to 7, joined) give exactly evaluate's
 * items, each once, with the keys from describeTable and with no keys at all
 * (findAll reads the shape itself). Where only Queries are sent, the items
 * read (ScannedCount, and the items BatchGetItem returns) are at most those
 * their key conditions reach (twice them for an index that fetches); where
 * the filter is exactly an index's key condition, they are the items
 * returned, twice them for an index that fetches.
 */
const TABLES = 3;
const RUNS = Number(process.env.ITEMFILTER_DYNAMO_SHAPE_RUNS ?? 30);

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;
const tables: { name: string; rows: ShapedRows; keys: DynamoKeys }[] = [];

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = localClient(db);
  const drawn = fc.sample(shapedRowsArbitrary, { numRuns: TABLES, seed: 41 });
  for (const [i, rows] of drawn.entries()) {
    const name = `shaped${i}`;
    await client.send(new CreateTableCommand({ TableName: name, ...SHAPED_TABLE }));
    for (let at = 0; at < rows.raw.length; at += 25) {
      const batch = rows.raw.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } }));
      await client.send(new BatchWriteItemCommand({ RequestItems: { [name]: batch } }));
    }
    tables.push({ name, rows, keys: await describeTable(client, name) });
  }
}, 180_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

const id = (item: Record<string, unknown>): string => JSON.stringify([item.customer, item.orderedAt]);

/**
 * How many items a Query's key condition reaches: its KeyConditionExpression
 * read back as filter text, with every key attribute of the index it reads
 * present (an index holds only such items), counted over the table's items.
 */
function inKeyRange(table: { rows: ShapedRows; keys: DynamoKeys }, request: ExplainedRequest): number {
  const { KeyConditionExpression: text, ExpressionAttributeNames: names, ExpressionAttributeValues: values, IndexName } = request.input;
  const value = (placeholder: string): string => {
    const v = values![placeholder] as { S?: string; N?: string };
    return v.S !== undefined ? quoteString(v.S) : v.N!;
  };
  const parts = [...text!.matchAll(/begins_with\((#\w+), (:\w+)\)|(#\w+) BETWEEN (:\w+) AND (:\w+)|(#\w+) (=|<=|>=|<|>) (:\w+)/g)].map((m) =>
    m[1] !== undefined ? `${names![m[1]]} beginsWith ${value(m[2]!)}` : m[3] !== undefined ? `${names![m[3]]} between ${value(m[4]!)} and ${value(m[5]!)}` : `${names![m[6]!]} ${m[7]} ${value(m[8]!)}`,
  );
  const index = table.keys.indexes?.find((i) => i.name === IndexName);
  const keyNames = index === undefined ? [] : [index.partition, index.sort ?? []].flat();
  const condition = [...parts, ...keyNames.map((name) => `${name} is not null`)].join(" and ");
  return table.rows.json.filter((item) => evaluate(condition, item)).length;
}

describe("issue 41's index shapes on DynamoDB Local", () => {
  it("describeTable reads every attribute of a multi-attribute key, in order, with its type", () => {
    const byTenant = tables[0]!.keys.indexes!.find((index) => index.name === "byTenant");
    expect({ ...byTenant, itemCount: undefined }).toEqual({ name: "byTenant", kind: "global", partition: ["tenant", "region"], sort: ["at", "n"], types: { partition: ["S", "S"], sort: ["S", "N"] }, projection: "ALL", itemCount: undefined });
  });

  it(`findAll and findPage select exactly evaluate's items, each once, with and without keys (${RUNS} filters over ${TABLES} tables)`, async () => {
    const read = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.nat(TABLES - 1), shapedFilterArbitrary, fc.boolean(), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 7 }), async (t, filter, given, segments, pageSize) => {
        const table = tables[t]!;
        const keys = given ? { keys: table.keys } : {};
        const expected = table.rows.json.filter((item) => evaluate(filter, item)).map(id).sort();
        const got: string[] = [];
        let scanned = 0;
        const onEvent = (e: DynamoRequestEvent): void => {
          if (e.command !== "DescribeTable") scanned += e.scanned ?? 0;
        };
        for await (const item of findAll(client, { table: table.name, filter, ...keys, segments, onEvent })) got.push(id(item));
        expect([...got].sort()).toEqual(expected);
        // Where only Queries are sent, each reads the items of its key range and no more (twice them where it fetches by key).
        const plan = await explain(client, { table: table.name, filter, ...keys });
        if (plan.every((r) => r.command === "Query")) expect(scanned).toBeLessThanOrEqual(plan.reduce((n, r) => n + inKeyRange(table, r) * (r.fetch === undefined ? 1 : 2), 0));
        const inOrder: string[] = [];
        for await (const item of findAll(client, { table: table.name, filter, ...keys })) inOrder.push(id(item));
        const joined: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await findPage(client, { table: table.name, filter, ...keys, limit: pageSize, ...(cursor === undefined ? {} : { cursor }) });
          if (page.cursor !== undefined) expect(page.items).toHaveLength(pageSize);
          if (joined.length > 0) expect(page.items.length).toBeGreaterThan(0);
          joined.push(...page.items.map(id));
          cursor = page.cursor;
        } while (cursor !== undefined);
        expect(joined).toEqual(inOrder);
        for (const r of await explain(client, { table: table.name, filter, ...keys })) {
          const target = `${r.command} ${r.input.IndexName ?? "table"}${r.fetch === undefined ? "" : " + BatchGetItem"}`;
          read.set(target, (read.get(target) ?? 0) + 1);
        }
      }),
      { numRuns: RUNS, endOnFailure: false },
    );
    console.log(`index shapes: ${RUNS} filters; requests by target: ${JSON.stringify(Object.fromEntries(read))}`);
    const targets = new Set([...read.keys()].filter((target) => target.startsWith("Query by")).map((target) => target.split(" ")[1]));
    expect(targets.size).toBeGreaterThanOrEqual(3);
  }, 300_000);

  it("reads only the items an index's key range holds, twice them where it fetches by key (key conditions alone)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(TABLES - 1), keyPinArbitrary, fc.boolean(), async (t, filter, given) => {
        const table = tables[t]!;
        let items = 0;
        let scanned = 0;
        const onEvent = (e: DynamoRequestEvent): void => {
          if (e.command !== "DescribeTable") scanned += e.scanned ?? 0;
        };
        for await (const _ of findAll(client, { table: table.name, filter, ...(given ? { keys: table.keys } : {}), onEvent })) items++;
        const plan = await explain(client, { table: table.name, filter });
        expect(plan.map((r) => r.command)).toEqual(plan.map(() => "Query"));
        expect(plan.every((r) => r.input.IndexName !== undefined)).toBe(true);
        const fetches = plan.some((r) => r.fetch !== undefined);
        expect(items).toBe(table.rows.json.filter((item) => evaluate(filter, item)).length);
        expect(scanned).toBe(fetches ? 2 * items : items);
      }),
      { numRuns: 30, endOnFailure: false },
    );
  }, 120_000);
});
