import { BatchWriteItemCommand, CreateTableCommand, DynamoDBClient, ScanCommand, type Condition } from "@aws-sdk/client-dynamodb";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FilterError, compileList, evaluate, format, type FilterNode, type ListFilter } from "@itemfilter/core";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { listFilterArbitrary } from "../property/exactnessArbitraries.js";
import { dynamoItem, scanFilterLayers } from "./legacyConditions.js";
import { oracleItem } from "./oracleArbitraries.js";

/**
 * DynamoDB Local is the oracle: what compileList produces, sent as legacy
 * ScanFilters, is accepted and selects exactly the items `evaluate` selects
 * on the filter as written. The tables are random (drawn once, from a seed
 * fast-check reports) and each run draws a filter and one of them, so a
 * thousand filters cost a thousand scans of small tables, not a thousand tables.
 *
 * Before notContains became false on a missing attribute, this failed within
 * the first ten runs: `a notContains "a"` (written, or made from
 * `not (a contains "a")`) selected items without `a` that DynamoDB leaves out.
 */

const RUNS = 1000;
const TABLES = 8;
const ITEMS_PER_TABLE = 40;
const NAMES = ["a", "b", "c"];

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;
let tables: Record<string, unknown>[][] = [];

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = new DynamoDBClient({ endpoint: db.endpoint, region: "us-east-1", credentials: db.credentials });
  tables = fc.sample(fc.array(oracleItem(NAMES), { minLength: ITEMS_PER_TABLE, maxLength: ITEMS_PER_TABLE }), { numRuns: TABLES, seed: 21 });
  for (let t = 0; t < tables.length; t++) {
    const name = `list${t}`;
    await client.send(
      new CreateTableCommand({
        TableName: name,
        AttributeDefinitions: [{ AttributeName: "id", AttributeType: "N" }],
        KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
        BillingMode: "PAY_PER_REQUEST",
      }),
    );
    const puts = tables[t]!.map((item, id) => ({ PutRequest: { Item: { ...dynamoItem(item), id: { N: String(id) } } } }));
    for (let i = 0; i < puts.length; i += 25) await client.send(new BatchWriteItemCommand({ RequestItems: { [name]: puts.slice(i, i + 25) } }));
  }
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

async function scanIds(table: string, filter: Record<string, Condition>): Promise<Set<number>> {
  const ids = new Set<number>();
  let start: Record<string, never> | undefined;
  do {
    const out = await client.send(new ScanCommand({ TableName: table, ScanFilter: filter, ExclusiveStartKey: start }));
    for (const item of out.Items ?? []) ids.add(Number(item.id!.N));
    start = out.LastEvaluatedKey as typeof start;
  } while (start !== undefined);
  return ids;
}

/** The ids DynamoDB selects for the ANDed filters: one scan per layer of the ScanFilter, intersected. */
async function selected(table: string, filters: readonly ListFilter[], size: number): Promise<number[]> {
  let ids = new Set(Array.from({ length: size }, (_, i) => i));
  for (const layer of scanFilterLayers(filters)) {
    const found = await scanIds(table, layer);
    ids = new Set([...ids].filter((id) => found.has(id)));
  }
  return [...ids].sort((x, y) => x - y);
}

describe("compileList on DynamoDB Local", () => {
  it(`selects what evaluate selects (${RUNS} filters over ${TABLES} random tables of ${ITEMS_PER_TABLE} items)`, async () => {
    let compiled = 0;
    const property = fc.asyncProperty(listFilterArbitrary(NAMES), fc.nat({ max: TABLES - 1 }), async (ast: FilterNode, t: number) => {
      let filters: ListFilter[];
      try {
        filters = compileList(ast);
      } catch (error) {
        if (error instanceof FilterError) return;
        throw error;
      }
      compiled++;
      const items = tables[t]!;
      const expected = items.flatMap((item, id) => (evaluate(ast, item) ? [id] : []));
      expect(await selected(`list${t}`, filters, items.length), `${format(ast)} as ${JSON.stringify(filters)} on table ${t}`).toEqual(expected);
    });
    await fc.assert(property, { numRuns: RUNS });
    expect(compiled).toBeGreaterThan(RUNS / 4);
  }, 600_000);
});
