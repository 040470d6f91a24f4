import { BatchWriteItemCommand, CreateTableCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { expect } from "vitest";
import { compileDynamo } from "@itemfilter/dynamodb";
import { findAll } from "@itemfilter/dynamodb/run";

/*
 * A table keyed by the string `id`, written and read back by id, for the
 * property tests that compare DynamoDB Local's answers with evaluate's.
 */

/** Creates the table and writes the items, 25 to a batch; DynamoDB Local leaves none unprocessed. */
export async function writeKeyedTable(client: DynamoDBClient, name: string, items: readonly Record<string, AttributeValue>[]): Promise<void> {
  await client.send(
    new CreateTableCommand({ TableName: name, AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }], KeySchema: [{ AttributeName: "id", KeyType: "HASH" }], BillingMode: "PAY_PER_REQUEST" }),
  );
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [name]: batch } }));
    expect(out.UnprocessedItems?.[name] ?? []).toEqual([]);
  }
}

/** The ids a Scan with compileDynamo's expression returns, in small pages so paging is exercised, sorted. */
export async function scanIds(client: DynamoDBClient, name: string, filter: string, limit: number): Promise<string[]> {
  const expression = compileDynamo(filter);
  const ids: string[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: name, ...expression, Limit: limit, ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const item of page.Items ?? []) ids.push(item.id!.S!);
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return ids.sort();
}

/** The ids findAll returns (a Scan, or Queries where the filter fixes `id`), sorted. */
export async function findAllIds(client: DynamoDBClient, name: string, filter: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const item of findAll(client, { TableName: name, filter, keys: { partition: "id" } })) ids.push(item.id as string);
  return ids.sort();
}
