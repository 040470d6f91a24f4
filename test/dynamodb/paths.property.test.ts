import fc from "fast-check";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "@itemfilter/core";
import { marshalItem } from "@itemfilter/dynamodb/run";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { findAllIds, scanIds, writeKeyedTable } from "./keyedTable.js";
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

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;
let tables: Record<string, unknown>[][];

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = new DynamoDBClient({ endpoint: db.endpoint, region: "us-east-1", credentials: db.credentials });
  tables = fc.sample(pathItemsArbitrary, { numRuns: TABLES, seed: 3434 });
  for (const [i, items] of tables.entries()) await writeKeyedTable(client, `paths${i}`, items.map((item) => marshalItem(item)));
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
        expect(await scanIds(client, name, filter, 7)).toEqual(expected);
        expect(await findAllIds(client, name, filter)).toEqual(expected);
      }),
      { numRuns: RUNS, seed: 3435, endOnFailure: false },
    );
    // Guards against a vacuous run.
    expect(nonEmpty).toBeGreaterThan(RUNS / 5);
  }, 300_000);
});
