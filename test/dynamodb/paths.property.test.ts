import fc from "fast-check";
import { BatchWriteItemCommand, CreateTableCommand, DynamoDBClient, ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "@itemfilter/core";
import { compileDynamo } from "@itemfilter/dynamodb";
import { findAll, marshalItem } from "@itemfilter/dynamodb/run";
import { startDynamoDbLocal, type DynamoDbLocal } from "../support/dynamoDbLocal.js";
import { pathFilterArbitrary, pathItemsArbitrary } from "./pathArbitraries.js";

/**
 * Issue 34's nested attributes on AWS's own engine: over random items of
 * maps, lists and sets nested several levels (written with marshalItem) and
 * random filters over paths into them in and/or/not, a Scan with
 * compileDynamo's expression and findAll (a Scan, or a Query where the filter
 * fixes the key) return exactly the items evaluate selects, each once, and
 * DynamoDB rejects none.
 */
const TABLES = 3;
const RUNS = Number(process.env.ITEMFILTER_DYNAMO_RUNS ?? 150);

let db: DynamoDbLocal;
let client: DynamoDBClient;
let tables: Record<string, unknown>[][];

async function writeTable(name: string, items: Record<string, unknown>[]): Promise<void> {
  await client.send(
    new CreateTableCommand({ TableName: name, AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }], KeySchema: [{ AttributeName: "id", KeyType: "HASH" }], BillingMode: "PAY_PER_REQUEST" }),
  );
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: marshalItem(item) } }));
    const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [name]: batch } }));
    expect(out.UnprocessedItems?.[name] ?? []).toEqual([]);
  }
}

async function scanIds(name: string, filter: string): Promise<string[]> {
  const expression = compileDynamo(filter);
  const ids: string[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: name, ...expression, Limit: 7, ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const item of page.Items ?? []) ids.push(item.id!.S!);
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return ids.sort();
}

async function findAllIds(name: string, filter: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const item of findAll(client, { TableName: name, filter, keys: { partition: "id" } })) ids.push(item.id as string);
  return ids.sort();
}

beforeAll(async () => {
  db = await startDynamoDbLocal();
  client = new DynamoDBClient({ endpoint: db.endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  tables = fc.sample(pathItemsArbitrary, { numRuns: TABLES, seed: 3434 });
  for (const [i, items] of tables.entries()) await writeTable(`paths${i}`, items);
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

describe("nested attributes on DynamoDB Local", () => {
  it(`Scan with compileDynamo and findAll select exactly evaluate's items (${RUNS} filters over ${TABLES} tables)`, async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(TABLES - 1), pathFilterArbitrary, async (t, filter) => {
        const name = `paths${t}`;
        const expected = tables[t]!.filter((item) => evaluate(filter, item)).map((item) => item.id as string).sort();
        if (expected.length > 0) nonEmpty++;
        expect(await scanIds(name, filter)).toEqual(expected);
        expect(await findAllIds(name, filter)).toEqual(expected);
      }),
      { numRuns: RUNS, seed: 3435, endOnFailure: false },
    );
    // Guards against a vacuous run.
    expect(nonEmpty).toBeGreaterThan(RUNS / 5);
  }, 300_000);
});
