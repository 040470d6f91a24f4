import { BatchWriteItemCommand, CreateTableCommand, DynamoDBClient, QueryCommand, type AttributeValue, type Condition } from "@aws-sdk/client-dynamodb";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FilterError, compileQuery, isNumberValue, toNumberValue, evaluate, format, type FilterNode, type NumberValue, type QueryFilter } from "@itemfilter/core";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { queryFilterArbitrary } from "../property/exactnessArbitraries.js";
import { condition, numberText, scalarValue } from "./legacyConditions.js";
import { oracleNumber, oracleString } from "./oracleArbitraries.js";

/**
 * DynamoDB Local is the oracle of key queries: what compileQuery produces,
 * sent as the sort key's KeyCondition, selects exactly what `evaluate`
 * selects wherever DynamoDB accepts it, and DynamoDB refuses it only for a
 * value of the other type than the key, which compileQuery refuses too once
 * it knows the key's type (a schema). "" (which DynamoDB always refuses as a
 * key value) never gets through. Sort keys of both types; the filters draw
 * strings ("" among them) and numbers whatever the key's type.
 */

const RUNS = 1000;
const PARTITIONS = ["p0", "p1", "p2"];
const ITEMS_PER_PARTITION = 25;
const TYPES = ["string", "number"] as const;
type KeyType = (typeof TYPES)[number];
const SECONDARY = "sk";

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;
const items: Record<KeyType, Record<string, unknown>[]> = { string: [], number: [] };

// No "" among the keys: DynamoDB refuses an item with an empty key.
const sortKeys: Record<KeyType, fc.Arbitrary<(string | NumberValue)[]>> = {
  string: fc.uniqueArray(oracleString.filter((s) => s !== ""), { minLength: 1, maxLength: ITEMS_PER_PARTITION }),
  number: fc.uniqueArray(oracleNumber, { minLength: 1, maxLength: ITEMS_PER_PARTITION, selector: numberText }),
};

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = new DynamoDBClient({ endpoint: db.endpoint, region: "us-east-1", credentials: db.credentials });
  for (const type of TYPES) {
    const table = `query-${type}`;
    await client.send(
      new CreateTableCommand({
        TableName: table,
        AttributeDefinitions: [
          { AttributeName: "pk", AttributeType: "S" },
          { AttributeName: SECONDARY, AttributeType: type === "string" ? "S" : "N" },
        ],
        KeySchema: [
          { AttributeName: "pk", KeyType: "HASH" },
          { AttributeName: SECONDARY, KeyType: "RANGE" },
        ],
        BillingMode: "PAY_PER_REQUEST",
      }),
    );
    const keys = fc.sample(sortKeys[type], { numRuns: PARTITIONS.length, seed: 21 });
    items[type] = PARTITIONS.flatMap((pk, i) => keys[i]!.map((sk) => ({ pk, [SECONDARY]: sk })));
    const puts = items[type].map((item) => ({ PutRequest: { Item: { pk: { S: item.pk as string }, [SECONDARY]: scalarValue(item[SECONDARY] as string | number) } } }));
    for (let i = 0; i < puts.length; i += 25) await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: puts.slice(i, i + 25) } }));
  }
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

/** The sort keys DynamoDB returns for the partition and condition, in its order; or its ValidationException's message. */
async function run(type: KeyType, pk: string, sortCondition: Condition): Promise<{ keys: (string | NumberValue)[] } | { refused: string }> {
  const keys: (string | NumberValue)[] = [];
  let start: Record<string, AttributeValue> | undefined;
  try {
    do {
      const out = await client.send(
        new QueryCommand({ TableName: `query-${type}`, KeyConditions: { pk: { ComparisonOperator: "EQ", AttributeValueList: [{ S: pk }] }, [SECONDARY]: sortCondition }, ExclusiveStartKey: start }),
      );
      for (const item of out.Items ?? []) keys.push(type === "string" ? item[SECONDARY]!.S! : toNumberValue(item[SECONDARY]!.N!));
      start = out.LastEvaluatedKey;
    } while (start !== undefined);
  } catch (error) {
    if ((error as Error).name === "ValidationException") return { refused: (error as Error).message };
    throw error;
  }
  return { keys };
}

function attempt(compile: () => QueryFilter): QueryFilter | null {
  try {
    return compile();
  } catch (error) {
    if (error instanceof FilterError) return null;
    throw error;
  }
}

const values = (f: QueryFilter): unknown[] => (Array.isArray(f.value) ? f.value : [f.value]);

describe("compileQuery on DynamoDB Local", () => {
  it(`selects what evaluate selects, and DynamoDB refuses only a value of the other type (${RUNS} key queries, sort keys of both types)`, async () => {
    const counts = { accepted: 0, refusedByType: 0 };
    const property = fc.asyncProperty(
      queryFilterArbitrary(SECONDARY),
      fc.constantFrom(...TYPES),
      fc.constantFrom(...PARTITIONS),
      async (ast: FilterNode, type: KeyType, pk: string) => {
        const filter = attempt(() => compileQuery(ast, { secondaryKey: SECONDARY }));
        const schema = { attributes: { [SECONDARY]: { type } }, allowUnknown: true };
        const typed = attempt(() => compileQuery(ast, { secondaryKey: SECONDARY, schema }));
        if (filter === null) {
          expect(typed, "a schema only ever refuses more").toBeNull();
          return;
        }
        const what = `${format(ast)} as ${JSON.stringify(filter)} on a ${type} key`;
        const answer = await run(type, pk, condition(filter));
        const ofKeyType = values(filter).every((v) => (type === "number" ? isNumberValue(v) : typeof v === type));
        if ("refused" in answer) {
          expect(answer.refused, what).toContain("Condition parameter type does not match schema type");
          expect(ofKeyType, what).toBe(false);
          expect(typed, `${what}: with the key's type in a schema, compileQuery refuses it too`).toBeNull();
          counts.refusedByType++;
          return;
        }
        expect(ofKeyType, `${what}: DynamoDB accepted a value of the other type`).toBe(true);
        expect(typed, `${what}: the schema refused what DynamoDB accepts`).toEqual(filter);
        const partition = items[type].filter((item) => item.pk === pk);
        const expected = partition.filter((item) => evaluate(ast, item, { secondaryKey: SECONDARY })).map((item) => item[SECONDARY]);
        expect(new Set(answer.keys), what).toEqual(new Set(expected));
        expect(answer.keys.length, what).toBe(expected.length);
        counts.accepted++;
      },
    );
    await fc.assert(property, { numRuns: RUNS });
    // Both outcomes occur often enough to mean something. The draws are not seeded: the bounds sit well
    // below what a run gives (about a fifth accepted; one run counted 199 of 1,000 against the old bound of 200).
    expect(counts.accepted).toBeGreaterThan(RUNS / 10);
    expect(counts.refusedByType).toBeGreaterThan(RUNS / 50);
  }, 600_000);
});
