import { DynamoDBClient, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { createClient, ServiceError } from "@itemfilter/client";
import { isExactNumber, parseJson } from "@itemfilter/core";
import { DynamoRunError, findAll } from "@itemfilter/dynamodb/run";
import { createDynamoStore, itemBytes, MAX_ITEM_BYTES, toItem, writeTable } from "@itemfilter/dynamodb/store";
import { createEmulator, type Item } from "@itemfilter/emulator";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { localClient } from "../support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { startThrottlingProxy, type ThrottlingProxy } from "../support/throttlingProxy.js";

// findAll and the store (serve --dynamodb-endpoint) on DynamoDB Local behind a proxy that throttles, fails or
// cuts the calls chosen; the retry policy's waits are 1 ms here. The clients make one attempt a call, as the CLI's do.
const CREDENTIALS = { applicationKey: "faults-key", authenticationToken: "faults-token" };
const ITEMS: Item[] = Array.from({ length: 30 }, (_, i) => ({ id: `i${i}`, n: i }));
const FAST = { baseDelayMs: 1 };

let db: DynamoDbLocalDatabase;
let proxy: ThrottlingProxy;
let direct: DynamoDBClient;
let viaProxy: DynamoDBClient;

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  proxy = await startThrottlingProxy(db.endpoint, { seed: 3 });
  direct = localClient(db);
  viaProxy = new DynamoDBClient({ endpoint: proxy.endpoint, region: "us-east-1", credentials: db.credentials, maxAttempts: 1 });
  await writeTable({ client: direct, table: "items", key: "id", items: ITEMS });
  await writeTable({ client: direct, table: "unreadable", key: "id", items: [{ id: "a", n: 1 }, { id: "c", n: 3 }] });
  // A number no double holds (issue 32: read with every digit): written past our loader, as another program might.
  await direct.send(new PutItemCommand({ TableName: "unreadable", Item: { id: { S: "b" }, long: { N: "12345678901234567891" } } }));
}, 120_000);
afterEach(() => {
  proxy.rules = [];
});
afterAll(async () => {
  viaProxy?.destroy();
  direct?.destroy();
  await proxy?.stop();
  await db?.stop();
});

/** The service over DynamoDB, as serve puts it together, and a client of it that makes `attempts` attempts. */
function service(client: DynamoDBClient, attempts = 1) {
  const emulator = createEmulator({ store: createDynamoStore({ client, retry: FAST }), credentials: [CREDENTIALS], pageSize: 100 });
  return createClient({ baseUrl: "http://dynamo.invalid", fetch: emulator.fetch as never, ...CREDENTIALS, maxAttempts: attempts, sleep: async () => {} });
}

const collect = async <T>(items: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};
const next = (operation: string, ...offsets: number[]) => offsets.map((i) => proxy.calls(operation) + i);

describe("the store through throttling and failures", () => {
  it("reads every item when Scans are throttled, answered 503 and cut off, one after another", async () => {
    const [a, b, c] = next("Scan", 1, 2, 3);
    proxy.rules = [
      { operation: "Scan", fault: "throttle", calls: [a!] },
      { operation: "Scan", fault: 503, calls: [b!] },
      { operation: "Scan", fault: "cut", calls: [c!] },
    ];
    const client = service(viaProxy);
    expect((await collect(client.listAll({ table: "items" }))).length).toBe(30);
    expect(proxy.faulted("Scan")).toBeGreaterThanOrEqual(3);
  });

  it("answers 429 once its retries run out", async () => {
    proxy.rules = [{ operation: "Scan", fault: "throttle", from: 1 }];
    const before = proxy.calls("Scan");
    const error = await service(viaProxy).listItems({ table: "items" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect({ status: (error as ServiceError).status, message: (error as ServiceError).serviceMessage, calls: proxy.calls("Scan") - before }).toEqual({
      status: 429,
      message: 'DynamoDB is throttling reads of table "items" (ProvisionedThroughputExceededException); try again later',
      calls: 11,
    });
  });
});

describe("findAll through throttling and failures", () => {
  it("finds every item when the first Scans are throttled or answered 500", async () => {
    const [a, b] = next("Scan", 1, 2);
    proxy.rules = [
      { operation: "Scan", fault: "throttle", calls: [a!] },
      { operation: "Scan", fault: 500, calls: [b!] },
    ];
    expect((await collect(findAll(viaProxy, { TableName: "items", filter: "n >= 0", retry: FAST }))).length).toBe(30);
  });

  it("gives up with E_DYNAMO_BUSY, DynamoDB's error in the message and as the cause", async () => {
    proxy.rules = [{ operation: "Scan", fault: 503, from: 1 }];
    const error = await collect(findAll(viaProxy, { TableName: "items", filter: "", retry: { ...FAST, retries: 2 } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynamoRunError);
    expect(error).toMatchObject({
      code: "E_DYNAMO_BUSY",
      message: "DynamoDB did not run the Scan on table 'items' through 2 retries in a row: ServiceUnavailable: The service is currently unavailable or busy.",
      hint: "DynamoDB is failing or unreachable: try again later",
      cause: { name: "ServiceUnavailable" },
    });
  });
});

describe("an item with a number no double holds (issue 32)", () => {
  it("is given out by the store with every digit in the answer's JSON", async () => {
    const emulator = createEmulator({ store: createDynamoStore({ client: direct, retry: FAST }), credentials: [CREDENTIALS], pageSize: 100 });
    const res = await emulator.fetch("http://dynamo.invalid/listItems", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...CREDENTIALS, table: "unreadable", filter: [{ item: "long", operator: "greaterThan", value: 1 }] }) });
    const text = await res.text();
    // DynamoDB gives an item's attributes in an order of its own: the digits are what is checked.
    expect({ status: res.status, digits: text.includes('"long":12345678901234567891'), items: (parseJson(text) as { data: { items: unknown[] } }).data.items.length }).toEqual({ status: 200, digits: true, items: 1 });
  });

  it("is read by findAll as an ExactNumber with its digits, found by an exact comparison", async () => {
    const items = await collect(findAll(direct, { TableName: "unreadable", filter: "long > 12345678901234567890" }));
    expect(items.map((item) => [item.id, isExactNumber(item.long), String(item.long)])).toEqual([["b", true, "12345678901234567891"]]);
  });
});

describe("limit", () => {
  const memory = () => {
    const emulator = createEmulator({ tables: { items: { primaryKey: "id", items: ITEMS } }, credentials: [CREDENTIALS] });
    return createClient({ baseUrl: "http://memory.invalid", fetch: emulator.fetch as never, ...CREDENTIALS, maxAttempts: 1 });
  };
  it.each([
    ["the in-memory emulator", memory],
    ["the DynamoDB store", () => service(direct)],
  ])("%s takes 2^31 - 1 and answers 400 to 2^31", async (_name, open) => {
    const client = open();
    expect((await client.listItems({ table: "items", limit: 2 ** 31 - 1 })).items.length).toBe(30);
    const error = await client.listItems({ table: "items", limit: 2 ** 31 }).catch((e: unknown) => e);
    expect({ status: (error as ServiceError).status, message: (error as ServiceError).serviceMessage }).toEqual({
      status: 400,
      message: "'limit' must be at most 2147483647, DynamoDB's largest Limit, not 2147483648",
    });
  });
});

describe("the item size writeTable checks is the one DynamoDB Local applies", () => {
  it("takes a mixed item of exactly 409,600 bytes and refuses one more", async () => {
    const base = { id: "size", é: "ü", n: [0, 1, -123.45, 1.5e-130, 123456789012345680], m: { k: true, z: null, deep: { l: ["ab", 12.5] } } };
    const padding = MAX_ITEM_BYTES - itemBytes(toItem({ ...base, s: "" }));
    const put = (s: string) => direct.send(new PutItemCommand({ TableName: "items", Item: toItem({ ...base, s }) }));
    await expect(put("x".repeat(padding))).resolves.toBeDefined();
    await expect(put("x".repeat(padding + 1))).rejects.toMatchObject({ name: "ValidationException", message: "Item size has exceeded the maximum allowed size" });
  });
});
