import fc from "fast-check";
import { DynamoDBClient, ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "@itemfilter/core";
import { compileDynamo, planDynamo } from "@itemfilter/dynamodb";
import { findAll, marshalItem } from "@itemfilter/dynamodb/run";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { writeKeyedTable } from "./keyedTable.js";
import { FOLD_SCHEMA, foldFilterArbitrary, foldItemsArbitrary, type FoldItem } from "../property/foldArbitraries.js";

/**
 * Issue 43 on AWS's own engine: items written with the folded copies an app
 * makes with foldCase (nameFolded, and tagsFolded as a string set), and
 * random filters over text with ß, final sigma, Turkish I, ligatures and
 * astral letters. With FOLD_SCHEMA (caseInsensitive, folded) a Scan with
 * compileDynamo's expression and findAll select exactly the items evaluate
 * selects for `fold(name) …`, every request names the copies and none leaves
 * a local check; `fold(name) …` without a schema, checked locally by findAll,
 * selects the same.
 */
const TABLES = 3;
const RUNS = Number(process.env.ITEMFILTER_DYNAMO_RUNS ?? 150);

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;
let tables: FoldItem[][];

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = new DynamoDBClient({ endpoint: db.endpoint, region: "us-east-1", credentials: db.credentials });
  tables = fc.sample(foldItemsArbitrary, { numRuns: TABLES, seed: 43 });
  for (const [i, items] of tables.entries()) await writeKeyedTable(client, `fold${i}`, items.map((item) => marshalItem(item as unknown as Record<string, unknown>)));
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

async function scanIds(name: string, filter: string): Promise<string[]> {
  const expression = compileDynamo(filter, { schema: FOLD_SCHEMA });
  const ids: string[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: name, ...expression, Limit: 5, ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const item of page.Items ?? []) ids.push(item.id!.S!);
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return ids.sort();
}

async function findIds(name: string, filter: string, schema: boolean): Promise<string[]> {
  const ids: string[] = [];
  const options = { TableName: name, filter, keys: { partition: "id" }, ...(schema ? { compileOptions: { schema: FOLD_SCHEMA } } : {}) };
  for await (const item of findAll(client, options)) ids.push(item.id as string);
  return ids.sort();
}

describe("letter case on DynamoDB Local", () => {
  it(`folded copies answer as fold(…) does (${RUNS} filters over ${TABLES} tables)`, async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(TABLES - 1), foldFilterArbitrary, async (t, { folded, plain }) => {
        const name = `fold${t}`;
        const expected = tables[t]!.filter((item) => evaluate(folded, item)).map((item) => item.id).sort();
        if (expected.length > 0) nonEmpty++;
        expect(await scanIds(name, plain)).toEqual(expected);
        expect(await findIds(name, plain, true)).toEqual(expected);
        expect(await findIds(name, folded, false)).toEqual(expected);
        // DynamoDB runs the whole filter: no request leaves anything to check locally.
        for (const r of planDynamo(plain, { schema: FOLD_SCHEMA, keys: { partition: "id" } })) {
          expect(r.residual).toBeNull();
          for (const attribute of Object.values(r.input.ExpressionAttributeNames ?? {})) expect(["nameFolded", "tagsFolded", "name", "id"]).toContain(attribute);
        }
      }),
      { numRuns: RUNS, seed: 4343, endOnFailure: false },
    );
    expect(nonEmpty).toBeGreaterThan(RUNS / 4);
  }, 300_000);
});
