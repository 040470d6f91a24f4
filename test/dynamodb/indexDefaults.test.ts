import { BatchWriteItemCommand, CreateTableCommand, UpdateTableCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "@itemfilter/core";
import { describeTable, explain, findAll, findPage, marshalItem, type DynamoRequestEvent } from "@itemfilter/dynamodb/run";
import { localClient } from "../support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";

/**
 * Issue 41's cases, each a Scan (or a refusal) before: a table keyed by
 * customer and orderedAt, a GSI on (status, orderedAt), a KEYS_ONLY GSI on
 * sku, a GSI with a multi-attribute key (tenant, region; at) and an LSI on
 * total, read through findAll with no keys (the shape from DescribeTable),
 * on DynamoDB Local. Each answer is evaluate's, and each reads what the
 * index holds for the filter, not the table.
 */
let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;

const S = (name: string) => ({ AttributeName: name, AttributeType: "S" as const });
const ORDERS = Array.from({ length: 300 }, (_, i) => ({
  customer: `c${String(i % 20).padStart(2, "0")}`,
  orderedAt: `2024-${String(1 + (i % 12)).padStart(2, "0")}-${String(i).padStart(4, "0")}`,
  status: ["shipped", "pending", "cancelled", "new"][i % 4]!,
  total: (i * 37) % 500,
  ...(i % 5 === 4 ? {} : { sku: `B${i % 10}` }),
  ...(i % 7 === 6 ? {} : { tenant: ["a", "b"][i % 2]!, region: ["eu", "us", "ap"][i % 3]!, at: `2024-${String(1 + (i % 12)).padStart(2, "0")}` }),
}));

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = localClient(db);
  await client.send(
    new CreateTableCommand({
      TableName: "orders",
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [S("customer"), S("orderedAt"), S("status"), S("sku"), S("tenant"), S("region"), S("at"), { AttributeName: "total", AttributeType: "N" }],
      KeySchema: [{ AttributeName: "customer", KeyType: "HASH" }, { AttributeName: "orderedAt", KeyType: "RANGE" }],
      GlobalSecondaryIndexes: [
        { IndexName: "by-status", KeySchema: [{ AttributeName: "status", KeyType: "HASH" }, { AttributeName: "orderedAt", KeyType: "RANGE" }], Projection: { ProjectionType: "ALL" } },
        { IndexName: "by-sku", KeySchema: [{ AttributeName: "sku", KeyType: "HASH" }], Projection: { ProjectionType: "KEYS_ONLY" } },
        {
          IndexName: "by-tenant",
          KeySchema: [{ AttributeName: "tenant", KeyType: "HASH" }, { AttributeName: "region", KeyType: "HASH" }, { AttributeName: "at", KeyType: "RANGE" }],
          Projection: { ProjectionType: "ALL" },
        },
      ],
      LocalSecondaryIndexes: [{ IndexName: "by-total", KeySchema: [{ AttributeName: "customer", KeyType: "HASH" }, { AttributeName: "total", KeyType: "RANGE" }], Projection: { ProjectionType: "ALL" } }],
    }),
  );
  for (let at = 0; at < ORDERS.length; at += 25) {
    await client.send(new BatchWriteItemCommand({ RequestItems: { orders: ORDERS.slice(at, at + 25).map((order) => ({ PutRequest: { Item: marshalItem(order) } })) } }));
  }
}, 180_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

const id = (item: Record<string, unknown>): string => `${String(item.customer)}/${String(item.orderedAt)}`;

/** What findAll gives and what its calls read. */
async function run(options: Parameters<typeof findAll>[1]): Promise<{ ids: string[]; calls: string[]; read: number }> {
  const calls: string[] = [];
  let read = 0;
  const onEvent = (e: DynamoRequestEvent): void => {
    calls.push(`${e.command}${e.index === undefined ? "" : ` ${e.index}`}`);
    if (e.command !== "DescribeTable") read += e.scanned ?? 0;
  };
  const ids: string[] = [];
  for await (const item of findAll(client, { ...options, onEvent })) ids.push(id(item));
  return { ids, calls: [...new Set(calls)], read };
}

const want = (filter: string): string[] => ORDERS.filter((order) => evaluate(filter, order)).map(id).sort();

describe("issue 41 on DynamoDB Local: indexes by default and in every shape", () => {
  it.each([
    ['status = "shipped"', ["Query by-status"], 1],
    ['customer = "c07" and total > 400', ["Query by-total"], 1],
    ['tenant = "a" and region = "eu" and at > "2024-03"', ["Query by-tenant"], 1],
    ['sku = "B7"', ["Query by-sku", "BatchGetItem by-sku"], 2],
  ] as const)("%s with no keys is a Query (%j), reading %d× what it returns", async (filter, calls, times) => {
    const got = await run({ table: "orders", filter });
    expect(got.ids.sort()).toEqual(want(filter));
    expect(got.ids.length).toBeGreaterThan(0);
    // One DescribeTable per client and table, cached: it shows only where the first test read it.
    expect(got.calls.filter((c) => c !== "DescribeTable")).toEqual(calls);
    expect(got.read).toBe(times * got.ids.length);
  });

  it("the multi-attribute key's Query is DynamoDB's own: equality on both partition attributes, the range on the sort attribute", async () => {
    const [request] = await explain(client, { table: "orders", filter: 'tenant = "a" and region = "eu" and at > "2024-03"' });
    expect(request!.input).toMatchObject({ IndexName: "by-tenant", KeyConditionExpression: "#n0 = :v0 AND #n1 = :v1 AND #n2 > :v2", ExpressionAttributeNames: { "#n0": "tenant", "#n1": "region", "#n2": "at" } });
    // One partition attribute only: DynamoDB would refuse it ("HASH key attributes region must have equality conditions").
    const [scan] = await explain(client, { table: "orders", filter: 'tenant = "a" and at > "2024-03"' });
    expect(scan!.command).toBe("Scan");
    expect(scan!.refused).toContainEqual({ target: "by-tenant", reason: "its partition key is ('tenant', 'region'), and the filter does not pin 'region' with = or in on every branch" });
  });

  it("explain says the KEYS_ONLY index fetches the rest by key, and why", async () => {
    const [request] = await explain(client, { table: "orders", filter: 'sku = "B7"' });
    expect(request!.fetch).toEqual({ command: "BatchGetItem", keys: ["customer", "orderedAt"] });
    expect(request!.reason).toMatch(/^Query on global index by-sku: the filter pins 'sku'; reads 1 partition whole; fetches the rest by key \(BatchGetItem\), since it projects only the keys \(KEYS_ONLY\), and items are returned whole/);
    // fields the index projects need no fetch.
    const [keysOnly] = await explain(client, { table: "orders", filter: 'sku = "B7"', fields: ["customer", "orderedAt"] });
    expect([keysOnly!.input.IndexName, keysOnly!.fetch]).toEqual(["by-sku", undefined]);
  });

  it("with describeTable's keys, the GSI on the table's sort key serves, and allowScan: false lets it through", async () => {
    const keys = await describeTable(client, "orders");
    const got = await run({ table: "orders", filter: 'status = "shipped"', keys, allowScan: false });
    expect(got.ids.sort()).toEqual(want('status = "shipped"'));
    expect(got.calls).toEqual(["Query by-status"]);
  });

  it("describe: false keeps the Scan, and keys given by hand win", async () => {
    const scan = await run({ table: "orders", filter: 'status = "shipped"', describe: false });
    expect(scan.calls).toEqual(["Scan"]);
    expect(scan.ids.sort()).toEqual(want('status = "shipped"'));
    expect(() => findAll(client, { table: "orders", filter: 'status = "shipped"', describe: false, allowScan: false })).toThrow("this filter has to read the whole table");
    const byHand = await run({ table: "orders", filter: 'customer = "c03"', keys: { partition: "customer", sort: "orderedAt", types: { partition: "S", sort: "S" } } });
    expect(byHand.calls).toEqual(["Query"]);
  });

  it("findPage reads the shape too: pages of 7 through the KEYS_ONLY index are findAll's items", async () => {
    const filter = 'sku = "B3" and total >= 100';
    const joined: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await findPage(client, { table: "orders", filter, limit: 7, ...(cursor === undefined ? {} : { cursor }) });
      joined.push(...page.items.map(id));
      cursor = page.cursor;
    } while (cursor !== undefined);
    expect([...joined].sort()).toEqual(want(filter));
    expect(new Set(joined).size).toBe(joined.length);
  });

  it("reads the shape again when DynamoDB refuses an index the cached shape names, and runs on it", async () => {
    const filter = 'sku = "B1"';
    expect((await run({ table: "orders", filter })).calls).toEqual(["Query by-sku", "BatchGetItem by-sku"]);
    await client.send(new UpdateTableCommand({ TableName: "orders", GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: "by-sku" } }] }));
    // The Query on the dropped index is refused before any item: the shape is read again and the run starts over.
    const again = await run({ table: "orders", filter });
    expect(again.calls).toEqual(["Query by-sku", "DescribeTable", "Scan"]);
    expect(again.ids.sort()).toEqual(want(filter));
    // findPage the same: its page is made on the shape read again.
    const pending = 'status = "pending"';
    expect((await explain(client, { table: "orders", filter: pending }))[0]!.input.IndexName).toBe("by-status");
    await client.send(new UpdateTableCommand({ TableName: "orders", GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: "by-status" } }] }));
    const page = await findPage(client, { table: "orders", filter: pending, limit: 1000 });
    expect(page.items.map(id).sort()).toEqual(want(pending));
    expect((await explain(client, { table: "orders", filter: pending }))[0]!.command).toBe("Scan");
  });
});
