import { CreateTableCommand, DynamoDBClient, ListTablesCommand, PutItemCommand, ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";

// What AWS's own engine answers for the legacy conditions our semantics follow
// (grammar/semantics.md). These are facts about DynamoDB Local, kept as a test so
// the harness is proven and nobody "fixes" a rule back to what dynalite says.
let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;

const items: Record<string, Record<string, AttributeValue>> = {
  missing: {},
  nullTyped: { a: { NULL: true } },
  abc: { a: { S: "abc" } },
  five: { a: { N: "5" } },
  set: { a: { SS: ["abc", "x"] } },
  bool: { a: { BOOL: true } },
  empty: { a: { S: "" } },
};

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = new DynamoDBClient({
    endpoint: db.endpoint,
    region: "us-east-1",
    credentials: db.credentials,
  });
  await client.send(
    new CreateTableCommand({
      TableName: "oracle",
      AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
      KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
      BillingMode: "PAY_PER_REQUEST",
    }),
  );
  for (const [id, rest] of Object.entries(items)) {
    await client.send(new PutItemCommand({ TableName: "oracle", Item: { id: { S: id }, ...rest } }));
  }
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

async function scanIds(input: Omit<ConstructorParameters<typeof ScanCommand>[0], "TableName">): Promise<string[]> {
  const out = await client.send(new ScanCommand({ TableName: "oracle", ...input }));
  return (out.Items ?? []).map((item) => item.id!.S!).sort();
}

describe("DynamoDB Local, as the oracle", () => {
  it.each([
    ["NE abc", { ComparisonOperator: "NE", AttributeValueList: [{ S: "abc" }] }, ["bool", "empty", "five", "missing", "nullTyped", "set"]],
    ["NOT_CONTAINS b", { ComparisonOperator: "NOT_CONTAINS", AttributeValueList: [{ S: "b" }] }, ["bool", "empty", "five", "nullTyped", "set"]],
    ["NOT_CONTAINS zz", { ComparisonOperator: "NOT_CONTAINS", AttributeValueList: [{ S: "zz" }] }, ["abc", "bool", "empty", "five", "nullTyped", "set"]],
    ["NULL", { ComparisonOperator: "NULL" }, ["missing"]],
  ] as const)("legacy ScanFilter %s on a", async (_name, condition, expected) => {
    expect(await scanIds({ ScanFilter: { a: condition as never } })).toEqual(expected);
  });

  it("a FilterExpression NOT contains(...) includes the missing attribute", async () => {
    const ids = await scanIds({
      FilterExpression: "NOT contains(#a, :v)",
      ExpressionAttributeNames: { "#a": "a" },
      ExpressionAttributeValues: { ":v": { S: "b" } },
    });
    expect(ids).toEqual(["bool", "empty", "five", "missing", "nullTyped", "set"]);
  });
});

describe("the run's one DynamoDB Local (sharedDynamoDbLocal)", () => {
  it("gives each file a database of its own: the same table name, other items, and stop() drops only its own tables", async () => {
    const other = await sharedDynamoDbLocal();
    const otherClient = new DynamoDBClient({ endpoint: other.endpoint, region: "us-east-1", credentials: other.credentials });
    try {
      expect(other.endpoint).toBe(db.endpoint);
      expect(other.credentials.accessKeyId).not.toBe(db.credentials.accessKeyId);
      expect(other.env).toEqual({ AWS_ACCESS_KEY_ID: other.credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: "local", AWS_REGION: "us-east-1" });
      expect((await otherClient.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      await otherClient.send(
        new CreateTableCommand({
          TableName: "oracle",
          AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
          KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
          BillingMode: "PAY_PER_REQUEST",
        }),
      );
      await otherClient.send(new PutItemCommand({ TableName: "oracle", Item: { id: { S: "elsewhere" } } }));
      expect(await scanIds({})).toEqual(Object.keys(items).sort());
      await other.stop();
      expect((await otherClient.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual(["oracle"]);
    } finally {
      otherClient.destroy();
      await other.stop();
    }
  });
});
