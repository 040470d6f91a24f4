import fc from "fast-check";
import { BatchWriteItemCommand, CreateTableCommand, DynamoDBClient, ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "@itemfilter/core";
import { compileDynamo } from "@itemfilter/dynamodb";
import { explain, findAll } from "@itemfilter/dynamodb/run";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { keyedFilterArbitrary, tableArbitrary, type Table } from "./dynamoArbitraries.js";

/**
 * compileDynamo and findAll are exact on AWS's own engine: for random tables
 * written to DynamoDB Local and random filters over and/or/not and every
 * operator, a Scan with compileDynamo's expression and findAll with the
 * table's keys return exactly the items evaluate selects, each once, and
 * DynamoDB rejects none. Tables are drawn once (writing one costs a
 * CreateTable and a few BatchWrites); the filters are the property's runs,
 * many per table, and shrink.
 *
 * It catches a wrong mapping at once (checked by breaking compileDynamo on purpose):
 * - notContains as DynamoDB's plain `NOT contains(#a, :v)`: failed after 8 filters,
 *   `pk = "p1" and (not ((a contains "p1") or ((a contains "") and (a notContains "p1"))))`
 *   (items without `a` come back);
 * - a doubled parenthesis around every bracketed operand: failed after 1 filter,
 *   `pk = "" and ((a in (1)) or (a is null))`, DynamoDB's ValidationException
 *   "The expression has redundant parentheses".
 */
const TABLES = 30;
const RUNS = Number(process.env.ITEMFILTER_DYNAMO_RUNS ?? 1000);

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;
let tables: Table[];

async function writeTable(table: Table): Promise<void> {
  const definitions = [{ AttributeName: "pk", AttributeType: table.keyTypes.partition }];
  const schema: { AttributeName: string; KeyType: "HASH" | "RANGE" }[] = [{ AttributeName: "pk", KeyType: "HASH" }];
  if (table.keyTypes.sort !== undefined) {
    definitions.push({ AttributeName: "sk", AttributeType: table.keyTypes.sort });
    schema.push({ AttributeName: "sk", KeyType: "RANGE" });
  }
  await client.send(new CreateTableCommand({ TableName: table.name, AttributeDefinitions: definitions, KeySchema: schema, BillingMode: "PAY_PER_REQUEST" }));
  for (let i = 0; i < table.raw.length; i += 25) {
    const batch = table.raw.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [table.name]: batch } }));
    expect(out.UnprocessedItems?.[table.name] ?? []).toEqual([]);
  }
}

function id(item: Record<string, unknown>): string {
  return JSON.stringify([item.pk, item.sk ?? null]);
}

function rawId(item: Record<string, AttributeValue>): string {
  const v = (a: AttributeValue | undefined) => (a === undefined ? null : a.S ?? Number(a.N));
  return JSON.stringify([v(item.pk), v(item.sk)]);
}

/** A Scan with compileDynamo's expression, paged with a small Limit so empty pages with a LastEvaluatedKey occur. */
async function scanIds(table: Table, filter: string): Promise<string[]> {
  const expression = compileDynamo(filter);
  const ids: string[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table.name, ...expression, Limit: 7, ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const item of page.Items ?? []) ids.push(rawId(item));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return ids.sort();
}

async function findAllIds(table: Table, filter: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const item of findAll(client, { TableName: table.name, filter, keys: table.keys })) ids.push(id(item));
  return ids.sort();
}

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = new DynamoDBClient({ endpoint: db.endpoint, region: "us-east-1", credentials: db.credentials });
  tables = fc.sample(tableArbitrary("table"), { numRuns: TABLES, seed: 22 }).map((t, i) => ({ ...t, name: `table${i}` }));
  for (const table of tables) await writeTable(table);
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

describe("on DynamoDB Local", () => {
  it(`Scan with compileDynamo and findAll with keys select exactly evaluate's items (${RUNS} filters over ${TABLES} tables)`, async () => {
    let queried = 0;
    let matched = 0;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(TABLES - 1), keyedFilterArbitrary, async (t, filter) => {
        const table = tables[t]!;
        const expected = table.json.filter((item) => evaluate(filter, item)).map(id).sort();
        matched += expected.length;
        expect(await scanIds(table, filter)).toEqual(expected);
        expect(await findAllIds(table, filter)).toEqual(expected);
        const plan = explain({ TableName: table.name, filter, keys: { ...table.keys, types: table.keyTypes } });
        if (plan.some((r) => r.command === "Query")) queried++;
        if (expected.length > 0) nonEmpty++;
      }),
      { numRuns: RUNS, endOnFailure: false },
    );
    console.log(`dynamo exactness: ${RUNS} filters over ${TABLES} tables (${tables.reduce((n, t) => n + t.raw.length, 0)} items); ${queried} planned as Queries; ${nonEmpty} select at least one item; ${matched} matches in all`);
  }, 600_000);
});
