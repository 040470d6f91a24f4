import { CreateTableCommand } from "@aws-sdk/client-dynamodb";
import { createClient, ServiceError, type Client } from "@itemfilter/client";
import { decompile, evaluate, type ListFilter } from "@itemfilter/core";
import { createDynamoStore, writeTable, type StoreCall } from "@itemfilter/dynamodb/store";
import { createEmulator, type IndexPageKey, type Item } from "@itemfilter/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localClient } from "../support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { ORDERS_TABLE, orderItems } from "../support/ordersTable.js";

/**
 * `serve --dynamodb-endpoint` answers listItems with the Query planDynamo
 * chooses, on the table or on an index, when one Query serves the filters:
 * on DynamoDB Local, a table with a sparse global index (status, placed;
 * ALL), a KEYS_ONLY one (region) and a KEYS_ONLY local index (total). Each
 * filter's items, walked in pages of 2 with and without a limit, are
 * exactly evaluate's, each once; the calls read the index the planner
 * chose, and read (ScannedCount) only its key range. A stopKey of an index
 * is bound to that index and partition: altered or foreign, it is a 400.
 */
/** A stopKey as this store writes it (the client's type is opaque). */
type PageKey = Record<string, unknown> & { primary: string | number; secondary?: string | number; index?: IndexPageKey };

const CREDENTIALS = { applicationKey: "store-key-7f3a", authenticationToken: "store-token-91c2" };
const ITEMS = orderItems();

let db: DynamoDbLocalDatabase;
let dynamo: ReturnType<typeof localClient>;
const calls: StoreCall[] = [];
let paged: Client;
let whole: Client;

function serve(pageSize: number): Client {
  const store = createDynamoStore({ client: dynamo, onCall: (call) => calls.push(call) });
  const emulator = createEmulator({ store, credentials: [CREDENTIALS], pageSize });
  return createClient({ baseUrl: "http://dynamo.invalid", fetch: emulator.fetch as never, ...CREDENTIALS, maxAttempts: 1 });
}

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  dynamo = localClient(db);
  await dynamo.send(new CreateTableCommand({ TableName: "orders", ...ORDERS_TABLE }));
  await writeTable({ client: dynamo, table: "orders", key: "tenant", sortKey: "id", items: ITEMS });
  paged = serve(2);
  whole = serve(1000);
}, 120_000);

afterAll(async () => {
  paged?.close();
  whole?.close();
  dynamo?.destroy();
  await db?.stop();
});

const id = (item: Item): string => `${String(item.tenant)}/${String(item.id)}`;
const expected = (filters: ListFilter[]): string[] => ITEMS.filter((item) => evaluate(decompile(filters), item)).map(id).sort();
const has = (item: Item, name: string): boolean => item[name] !== undefined;

// Each filter, what the planner reads for it, and how many items that read takes (ScannedCount of one whole walk).
const CASES: [string, ListFilter[], string | undefined, "Query" | "Scan" | "none", number][] = [
  ["the sparse GSI, its sort key narrowed", [{ item: "status", operator: "equals", value: "shipped" }, { item: "placed", operator: "greaterEqual", value: 2 }], "byStatus", "Query", ITEMS.filter((i) => i.status === "shipped" && has(i, "placed") && (i.placed as number) >= 2).length],
  ["the sparse GSI with conditions on other attributes", [{ item: "status", operator: "equals", value: "open" }, { item: "placed", operator: "between", value: [1, 5] }, { item: "region", operator: "notEquals", value: "eu" }, { item: "note", operator: "null" }], "byStatus", "Query", ITEMS.filter((i) => i.status === "open" && has(i, "placed") && (i.placed as number) >= 1 && (i.placed as number) <= 5).length],
  ["the table's partition", [{ item: "tenant", operator: "equals", value: "t1" }, { item: "status", operator: "notNull" }], undefined, "Query", ITEMS.filter((i) => i.tenant === "t1").length],
  ["the local index on total", [{ item: "tenant", operator: "equals", value: "t2" }, { item: "total", operator: "greaterThan", value: 20 }], "byTotal", "Query", ITEMS.filter((i) => i.tenant === "t2" && has(i, "total") && (i.total as number) > 20).length],
  ["a Scan: the sparse GSI needs 'placed'", [{ item: "status", operator: "equals", value: "shipped" }], undefined, "Scan", ITEMS.length],
  // Issue 41: the KEYS_ONLY index gives the keys, and BatchGetItem the whole items (each read twice).
  ["the KEYS_ONLY GSI, the whole items fetched by key", [{ item: "region", operator: "equals", value: "eu" }], "byRegion", "Query", 2 * ITEMS.filter((i) => i.region === "eu").length],
  ["a Scan: an 'in' on the GSI's key needs two Queries", [{ item: "status", operator: "in", value: ["shipped", "held"] }, { item: "placed", operator: "lessThan", value: 3 }], undefined, "Scan", ITEMS.length],
  ["nothing: no index key is \"\"", [{ item: "status", operator: "equals", value: "" }, { item: "placed", operator: "greaterThan", value: 0 }], undefined, "none", 0],
];

async function walk(client: Client, filter: ListFilter[], limit?: number): Promise<string[]> {
  const got: string[] = [];
  let startKey: PageKey | undefined;
  do {
    const page = await client.listItems({ table: "orders", filter, ...(limit === undefined ? {} : { limit }), ...(startKey === undefined ? {} : { startKey }) });
    got.push(...page.items.map(id));
    startKey = page.stopKey as PageKey | undefined;
  } while (startKey !== undefined);
  return got;
}

describe("listItems over DynamoDB reads the index planDynamo chooses", () => {
  it.each(CASES)("%s", async (_, filter, index, command, scanned) => {
    calls.length = 0;
    expect((await walk(whole, filter)).sort()).toEqual(expected(filter));
    const fetches = index === "byRegion";
    expect(calls.map((c) => [c.command, c.index])).toEqual(command === "none" ? [] : [[command, index], ...(fetches ? [["BatchGetItem", index]] : [])]);
    expect(calls.reduce((n, c) => n + c.scanned, 0)).toBe(scanned);
    for (const limit of [undefined, 3]) {
      calls.length = 0;
      const got = await walk(paged, filter, limit);
      // Each item once, and every page from the same read.
      expect(new Set(got).size).toBe(got.length);
      expect([...got].sort()).toEqual(expected(filter));
      expect(new Set(calls.map((c) => `${c.command} ${c.index}`))).toEqual(new Set(command === "none" ? [] : [`${command} ${index}`, ...(fetches ? [`BatchGetItem ${index}`] : [])]));
    }
  });

  it("returns the items of an index in the index's order (its sort key within a partition)", async () => {
    const got = await walk(paged, CASES[0]![1]);
    const placed = got.map((key) => ITEMS.find((i) => id(i) === key)!.placed as number);
    expect(placed).toEqual([...placed].sort((a, b) => a - b));
  });
});

const SHIPPED = CASES[0]![1];
const T1 = CASES[2]![1];
const BY_TOTAL = CASES[3]![1];

async function firstStopKey(filter: ListFilter[]): Promise<PageKey> {
  const page = await paged.listItems({ table: "orders", filter });
  expect(page.stopKey).toBeDefined();
  return page.stopKey as PageKey;
}

async function refused(filter: ListFilter[], startKey: unknown): Promise<string> {
  const error = await paged.listItems({ table: "orders", filter, startKey: startKey as PageKey }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).status).toBe(400);
  return (error as ServiceError).serviceMessage ?? "";
}

const NOT_OURS = "'startKey' is not a stopKey of this table; send back the stopKey unchanged";
const A_SCAN: ListFilter[] = [{ item: "note", operator: "null" }];

describe("a stopKey of an index", () => {
  it("carries the table's keys and the index's, and continues the walk", async () => {
    const stopKey = await firstStopKey(SHIPPED);
    expect(Object.keys(stopKey).sort()).toEqual(["index", "primary", "secondary"]);
    expect(stopKey.index).toEqual({ name: "byStatus", primary: "shipped", secondary: expect.any(Number) });
    const next = await paged.listItems({ table: "orders", filter: SHIPPED, startKey: stopKey });
    expect(next.items.length).toBeGreaterThan(0);
  });

  it.each([
    ["another index's name", (k: PageKey) => ({ ...k, index: { ...k.index!, name: "byRegion" } })],
    ["another partition of the index", (k: PageKey) => ({ ...k, index: { ...k.index!, primary: "open" } })],
    ["the index's sort key left out", (k: PageKey) => ({ ...k, index: { name: k.index!.name, primary: k.index!.primary } })],
    ["the index's sort key as a string", (k: PageKey) => ({ ...k, index: { ...k.index!, secondary: String(k.index!.secondary) } })],
    ["the index left out (a table's key)", (k: PageKey) => ({ primary: k.primary, secondary: k.secondary })],
  ])("refuses %s (400)", async (_, tamper) => {
    expect(await refused(SHIPPED, tamper(await firstStopKey(SHIPPED)))).toBe(NOT_OURS);
  });

  it("refuses a Scan's stopKey for an index Query, and an index's for a Scan or another filter's partition (400)", async () => {
    const scanKey = await firstStopKey(A_SCAN);
    expect(scanKey.index).toBeUndefined();
    expect(await refused(SHIPPED, scanKey)).toBe(NOT_OURS);
    const indexKey = await firstStopKey(SHIPPED);
    expect(await refused(A_SCAN, indexKey)).toBe(NOT_OURS);
    expect(await refused(T1, indexKey)).toBe(NOT_OURS);
  });

  it("binds a table Query's stopKey to its partition, and a local index's to the table's partition too (400)", async () => {
    const t1 = await firstStopKey(T1);
    expect(t1).toEqual({ primary: "t1", secondary: expect.any(Number) });
    expect(await refused([{ item: "tenant", operator: "equals", value: "t2" }], t1)).toBe(NOT_OURS);
    const local = await firstStopKey(BY_TOTAL);
    expect(local.index).toEqual({ name: "byTotal", primary: "t2", secondary: expect.any(Number) });
    expect(await refused(BY_TOTAL, { ...local, index: { ...local.index!, primary: "t1" } })).toBe(NOT_OURS);
    expect(await refused(BY_TOTAL, { ...local, primary: "t1" })).toBe(NOT_OURS);
  });

  it.each([
    ["an unknown member of index", { primary: "t1", secondary: 1, index: { name: "byStatus", primary: "shipped", secondary: 1, extra: 1 } }, "'startKey.index' has an unknown member \"extra\"; send back the stopKey unchanged"],
    ["an index that is not an object", { primary: "t1", secondary: 1, index: "byStatus" }, "'startKey.index' must be an object {\"name\": …, \"primary\": …} (a stopKey sent back), not a string"],
    ["an index without a name", { primary: "t1", secondary: 1, index: { primary: "shipped" } }, "'startKey.index.name' is missing; it is a string"],
  ])("refuses %s before the store reads (400)", async (_, startKey, message) => {
    expect(await refused(SHIPPED, startKey)).toBe(message);
  });

  // Issue 41: DynamoDB refuses an ExclusiveStartKey outside the Query's key condition; the store says so first.
  it("refuses a stopKey whose sort value is outside the filter's key range, on an index and on a local index (400)", async () => {
    const shipped = await firstStopKey(SHIPPED);
    expect(await refused(SHIPPED, { ...shipped, index: { ...shipped.index!, secondary: 1 } })).toBe(
      `'startKey' is outside the range of "placed" this filter reads (placed >= 2); send back the stopKey of a page of this filter unchanged`,
    );
    const local = await firstStopKey(BY_TOTAL);
    expect(await refused(BY_TOTAL, { ...local, index: { ...local.index!, secondary: 3 } })).toBe(
      `'startKey' is outside the range of "total" this filter reads (total > 20); send back the stopKey of a page of this filter unchanged`,
    );
    const inside = await paged.listItems({ table: "orders", filter: SHIPPED, startKey: { ...shipped, index: { ...shipped.index!, secondary: 2 } } as PageKey });
    expect(inside.items.every((item) => (item.placed as number) >= 2)).toBe(true);
  });

  it("is refused by queryItems, which reads no index (400)", async () => {
    const error = await paged.queryItems({ table: "orders", key: { primary: "t1" }, startKey: { primary: "t1", secondary: 1, index: { name: "byStatus", primary: "x", secondary: 1 } } }).catch((e: unknown) => e);
    expect((error as ServiceError).status).toBe(400);
    expect((error as ServiceError).serviceMessage).toBe("'startKey' has an unknown member \"index\"; send back the stopKey unchanged");
  });
});
