import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { createEmulator, RequestError, type Store } from "@itemfilter/emulator";
import type { ListFilter } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { createDynamoStore } from "../src/store.js";

/** A DynamoDB client that answers from a script and records every command's name and input. */
function fakeClient(answer: (name: string, input: Record<string, unknown>) => unknown): { client: DynamoDBClient; calls: { name: string; input: Record<string, unknown> }[] } {
  const calls: { name: string; input: Record<string, unknown> }[] = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name.replace(/Command$/, "");
      calls.push({ name, input: command.input });
      const out = answer(name, command.input);
      if (out instanceof Error) throw out;
      return out;
    },
  } as unknown as DynamoDBClient;
  return { client, calls };
}

const DESCRIBED = {
  Table: {
    KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
  },
};
const row = (id: string, extra: Record<string, unknown> = {}) => ({ id: { S: id }, ...extra });
const table = { name: "people", primaryKey: "id" };
const read = { table, filters: [], limit: undefined, startKey: undefined, pageSize: 1000 };
const named = (name: string, message = "m", more: Record<string, unknown> = {}) => Object.assign(new Error(message), { name, ...more });

describe("createDynamoStore's pages", () => {
  it("makes as many Scans as a page needs, passing the rest of the limit as Limit and resuming at LastEvaluatedKey", async () => {
    const { client, calls } = fakeClient((name, input) => {
      if (name === "DescribeTable") return DESCRIBED;
      const start = (input.ExclusiveStartKey as { id: { S: string } } | undefined)?.id.S;
      return start === undefined
        ? { Items: [row("a")], ScannedCount: 4, LastEvaluatedKey: { id: { S: "d" } } }
        : { Items: [row("e")], ScannedCount: 3, LastEvaluatedKey: { id: { S: "g" } } };
    });
    const store = createDynamoStore({ client });
    const page = await store.listItems({ ...read, table: (await store.table("people"))!, limit: 7 });
    expect(page).toEqual({ items: [{ id: "a" }, { id: "e" }], stopKey: { primary: "g" } });
    expect(calls.filter((c) => c.name === "Scan").map((c) => [c.input.Limit, c.input.ExclusiveStartKey])).toEqual([
      [7, undefined],
      [3, { id: { S: "d" } }],
    ]);
  });

  it("stops after maxCallsPerPage calls with a stopKey, so one answer never crawls the table", async () => {
    const { client, calls } = fakeClient((name) => (name === "DescribeTable" ? DESCRIBED : { Items: [], ScannedCount: 100, LastEvaluatedKey: { id: { S: "x" } } }));
    const store = createDynamoStore({ client, maxCallsPerPage: 3 });
    expect(await store.listItems({ ...read, table: (await store.table("people"))! })).toEqual({ items: [], stopKey: { primary: "x" } });
    expect(calls.filter((c) => c.name === "Scan")).toHaveLength(3);
  });

  it("cuts a full page inside a call at its last item's key, and at LastEvaluatedKey when that item ends the call", async () => {
    const { client } = fakeClient((name) => (name === "DescribeTable" ? DESCRIBED : { Items: [row("a"), row("b"), row("c")], ScannedCount: 3, LastEvaluatedKey: { id: { S: "c" } } }));
    const store = createDynamoStore({ client });
    const t = (await store.table("people"))!;
    expect(await store.listItems({ ...read, table: t, pageSize: 2 })).toEqual({ items: [{ id: "a" }, { id: "b" }], stopKey: { primary: "b" } });
    expect(await store.listItems({ ...read, table: t, pageSize: 3 })).toEqual({ items: [{ id: "a" }, { id: "b" }, { id: "c" }], stopKey: { primary: "c" } });
  });

  it("sends one legacy condition per attribute and checks a second one on the same attribute locally", async () => {
    const { client, calls } = fakeClient((name) => (name === "DescribeTable" ? DESCRIBED : { Items: [row("a", { n: { N: "5" } }), row("b", { n: { N: "50" } })], ScannedCount: 2 }));
    const store = createDynamoStore({ client });
    const filters = [
      { item: "n", operator: "greaterThan" as const, value: 1 },
      { item: "n", operator: "lessThan" as const, value: 10 },
      { item: "tags", operator: "in" as const, value: ["x", 2] },
      { item: "gone", operator: "null" as const },
    ];
    const page = await store.listItems({ ...read, table: (await store.table("people"))!, filters });
    expect(page).toEqual({ items: [{ id: "a", n: 5 }] });
    expect(calls.find((c) => c.name === "Scan")!.input.ScanFilter).toEqual({
      n: { ComparisonOperator: "GT", AttributeValueList: [{ N: "1" }] },
      tags: { ComparisonOperator: "IN", AttributeValueList: [{ S: "x" }, { N: "2" }] },
    });
  });

  it("checks null on the items, and notNull and notContains again, since DynamoDB reads a NULL-typed attribute as present", async () => {
    const rows = [row("a", { x: { NULL: true } }), row("b", { x: { S: "v" } }), row("c", {})];
    const { client, calls } = fakeClient((name) => (name === "DescribeTable" ? DESCRIBED : { Items: rows, ScannedCount: 3 }));
    const store = createDynamoStore({ client });
    const ids = async (filters: ListFilter[]) => (await store.listItems({ ...read, table: (await store.table("people"))!, filters })).items.map((i) => i.id);
    expect(await ids([{ item: "x", operator: "null" }])).toEqual(["a", "c"]);
    expect(calls.filter((c) => c.name === "Scan").at(-1)!.input.ScanFilter).toBeUndefined();
    expect(await ids([{ item: "x", operator: "notNull" }])).toEqual(["b"]);
    expect(calls.filter((c) => c.name === "Scan").at(-1)!.input.ScanFilter).toEqual({ x: { ComparisonOperator: "NOT_NULL" } });
    expect(await ids([{ item: "x", operator: "notContains", value: "w" }])).toEqual(["b"]);
    expect(calls.filter((c) => c.name === "Scan").at(-1)!.input.ScanFilter).toEqual({ x: { ComparisonOperator: "NOT_CONTAINS", AttributeValueList: [{ S: "w" }] } });
  });

  it("refuses a filter number DynamoDB cannot hold (400) before sending anything", async () => {
    const { client, calls } = fakeClient((name) => (name === "DescribeTable" ? DESCRIBED : { Items: [], ScannedCount: 0 }));
    const store = createDynamoStore({ client });
    const filters = [{ item: "n", operator: "equals" as const, value: 5e-324 }];
    await expect(store.listItems({ ...read, table: (await store.table("people"))!, filters })).rejects.toMatchObject({
      status: 400,
      message: "invalid filter: the number 5e-324 in 'filter' is out of DynamoDB's range (zero, or a magnitude from 1e-130 to below 1e126)",
    });
    expect(calls.some((c) => c.name === "Scan")).toBe(false);
  });

  it("queries one partition with KeyConditions and ScanIndexForward, and refuses a query without key.primary", async () => {
    const described = {
      Table: {
        KeySchema: [{ AttributeName: "device", KeyType: "HASH" }, { AttributeName: "ts", KeyType: "RANGE" }],
        AttributeDefinitions: [{ AttributeName: "device", AttributeType: "S" }, { AttributeName: "ts", AttributeType: "N" }],
      },
    };
    const { client, calls } = fakeClient((name) => (name === "DescribeTable" ? described : { Items: [{ device: { S: "d1" }, ts: { N: "3" } }], ScannedCount: 1, LastEvaluatedKey: { device: { S: "d1" }, ts: { N: "3" } } }));
    const store = createDynamoStore({ client });
    const t = (await store.table("events"))! as { name: string; primaryKey: string; secondaryKey: string };
    expect(t).toMatchObject({ primaryKey: "device", secondaryKey: "ts" });
    const query = { table: t, filter: { operator: "between" as const, value: [1, 5] }, primary: "d1", limit: 1, startKey: { primary: "d1", secondary: 0.5 }, searchForward: false, pageSize: 10 };
    expect(await store.queryItems(query)).toEqual({ items: [{ device: "d1", ts: 3 }], stopKey: { primary: "d1", secondary: 3 } });
    expect(calls.at(-1)!.input).toEqual({
      TableName: "events",
      KeyConditions: { device: { ComparisonOperator: "EQ", AttributeValueList: [{ S: "d1" }] }, ts: { ComparisonOperator: "BETWEEN", AttributeValueList: [{ N: "1" }, { N: "5" }] } },
      ScanIndexForward: false,
      ExclusiveStartKey: { device: { S: "d1" }, ts: { N: "0.5" } },
      Limit: 1,
    });
    await expect(store.queryItems({ ...query, primary: undefined })).rejects.toMatchObject({ status: 400 });
    // A startKey of another type than the key is not one of this table's stopKeys.
    await expect(store.queryItems({ ...query, startKey: { primary: "d1", secondary: "3" } })).rejects.toMatchObject({
      status: 400,
      message: "'startKey' is not a stopKey of this table; send back the stopKey unchanged",
    });
  });
});

describe("createDynamoStore's whole partitions", () => {
  it("reads a whole partition of a table without a sort key as a Query on the partition key alone, paged by it", async () => {
    const { client, calls } = fakeClient((name) => (name === "DescribeTable" ? DESCRIBED : { Items: [row("a", { n: { N: "1" } })], ScannedCount: 1 }));
    const store = createDynamoStore({ client });
    const t = (await store.table("people"))!;
    const query = { table: t, filter: undefined, primary: "a", limit: undefined, startKey: { primary: "a" }, searchForward: true, pageSize: 10 };
    expect(await store.queryItems(query)).toEqual({ items: [{ id: "a", n: 1 }] });
    expect(calls.at(-1)).toEqual({
      name: "Query",
      input: { TableName: "people", KeyConditions: { id: { ComparisonOperator: "EQ", AttributeValueList: [{ S: "a" }] } }, ScanIndexForward: true, ExclusiveStartKey: { id: { S: "a" } } },
    });
  });

  it("serves a whole-partition query of a table without a sort key behind the emulator's handler, which refuses a filter there", async () => {
    const { client, calls } = fakeClient((name) => (name === "DescribeTable" ? DESCRIBED : { Items: [row("b")], ScannedCount: 1 }));
    const emulator = createEmulator({ store: createDynamoStore({ client }), credentials: [{ applicationKey: "k", authenticationToken: "t" }] });
    const ask = (members: Record<string, unknown>) =>
      emulator.fetch("http://x/queryItems", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ applicationKey: "k", authenticationToken: "t", table: "people", ...members }) });
    const whole = await ask({ key: { primary: "b" }, searchForward: false });
    expect([whole.status, JSON.parse(await whole.text())]).toEqual([200, { data: { items: [{ id: "b" }] } }]);
    expect(calls.at(-1)!.input).toEqual({ TableName: "people", KeyConditions: { id: { ComparisonOperator: "EQ", AttributeValueList: [{ S: "b" }] } }, ScanIndexForward: false });
    const filtered = await ask({ key: { primary: "b" }, filter: { operator: "equals", value: 1 } });
    expect(filtered.status).toBe(400);
    expect(calls.filter((c) => c.name === "Query")).toHaveLength(1);
  });
});

describe("createDynamoStore's tables and failures", () => {
  it("describes a table once, never remembers a missing one, and does not ask about a name DynamoDB cannot have", async () => {
    let exists = false;
    const { client, calls } = fakeClient((name) => {
      if (name === "DescribeTable") return exists ? DESCRIBED : named("ResourceNotFoundException");
      return { TableNames: ["people"] };
    });
    const store = createDynamoStore({ client });
    expect(await store.table("people")).toBeUndefined();
    exists = true;
    expect(await store.table("people")).toEqual({ name: "people", primaryKey: "id", primaryType: "S", keys: { partition: "id", types: { partition: "S" }, indexes: [] } });
    await store.table("people");
    expect(await store.table("__proto__ x")).toBeUndefined();
    expect(calls.filter((c) => c.name === "DescribeTable")).toHaveLength(2);
    expect(await store.tableNames()).toEqual(["people"]);
  });

  it("refuses a table with a binary key", async () => {
    const { client } = fakeClient(() => ({ Table: { KeySchema: [{ AttributeName: "k", KeyType: "HASH" }], AttributeDefinitions: [{ AttributeName: "k", AttributeType: "B" }] } }));
    await expect(createDynamoStore({ client }).table("blobs")).rejects.toMatchObject({ status: 400, message: 'table "blobs" has a binary key, which the service\'s keys (strings and numbers) cannot name' });
  });

  it.each([
    [named("ValidationException", "One or more parameter values were invalid: x"), 400, "DynamoDB refused the request: One or more parameter values were invalid: x"],
    [named("ResourceNotFoundException"), 404, 'there is no table "people"'],
    [named("ProvisionedThroughputExceededException"), 429, 'DynamoDB is throttling reads of table "people" (ProvisionedThroughputExceededException); try again later'],
    [named("UnrecognizedClientException", "The security token AKIASECRET is invalid"), 502, "DynamoDB did not accept this server's AWS credentials (UnrecognizedClientException); check the credentials it runs with"],
    [named("Error", "connect ECONNREFUSED", { code: "ECONNREFUSED" }), 503, "DynamoDB did not answer (Error ECONNREFUSED); try again later"],
    [named("InternalServerError", "x", { $metadata: {} }), 503, "DynamoDB did not answer (InternalServerError); try again later"],
    [named("InternalServerError", "x", { $metadata: { httpStatusCode: 500 } }), 503, "DynamoDB did not answer (InternalServerError); try again later"],
    [new TypeError("a bug"), 500, "internal error in the DynamoDB store (TypeError)"],
  ])("answers %s as %i", async (error, status, message) => {
    const { client } = fakeClient((name) => (name === "DescribeTable" ? DESCRIBED : error));
    // Throttling and 5xx are retried first (the retry policy), here without waiting.
    const store = createDynamoStore({ client, retry: { sleep: async () => {} } });
    const failure = await store.listItems({ ...read, table: (await store.table("people"))! }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RequestError);
    expect(failure).toMatchObject({ status, message });
  });

  it("reads a number a double cannot hold with every digit (issue 32), and refuses N text that is no DynamoDB number, naming the attribute", async () => {
    const { client } = fakeClient((name) => (name === "DescribeTable" ? DESCRIBED : { Items: [row("a", { big: { N: "12345678901234567891" } })], ScannedCount: 1 }));
    const store = createDynamoStore({ client });
    const page = await store.listItems({ ...read, table: (await store.table("people"))! });
    expect(page.items.map((item) => String(item.big))).toEqual(["12345678901234567891"]);
    const bad = fakeClient((name) => (name === "DescribeTable" ? DESCRIBED : { Items: [row("a", { big: { N: "1e400" } })], ScannedCount: 1 }));
    const badStore = createDynamoStore({ client: bad.client });
    const failure = await badStore.listItems({ ...read, table: (await badStore.table("people"))! }).catch((e: unknown) => e);
    // The same read meets the same item: a 4xx, which a client does not retry, naming the item by its key.
    expect(failure).toMatchObject({ status: 422 });
    expect((failure as Error).message).toMatch(/^the item id "a" of table 'people' cannot be read: the number 1e400 in 'big' /);
  });

  it("sits behind the emulator's handler: the same checks come first", async () => {
    const { client, calls } = fakeClient((name, input) => {
      if (name === "DescribeTable") return input.TableName === "people" ? DESCRIBED : named("ResourceNotFoundException");
      return { TableNames: ["people"] };
    });
    const emulator = createEmulator({ store: createDynamoStore({ client }), credentials: [{ applicationKey: "k", authenticationToken: "t" }] });
    const post = (body: unknown) => emulator.fetch("http://x/listItems", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await post({ applicationKey: "k", authenticationToken: "wrong", table: "people" })).status).toBe(401);
    const bad = await post({ applicationKey: "k", authenticationToken: "t", table: "people", filter: [{ item: "a", operator: "between", value: [5, 1] }] });
    expect(bad.status).toBe(400);
    const missing = await post({ applicationKey: "k", authenticationToken: "t", table: "nope" });
    expect(JSON.parse(await missing.text())).toEqual({ error: { code: 404, message: 'there is no table "nope"' } });
    // Nothing was read for the refused requests.
    expect(calls.some((c) => c.name === "Scan")).toBe(false);
  });

  it("is a Store, and createEmulator takes a store or tables, not both", () => {
    const { client } = fakeClient(() => ({}));
    const store: Store = createDynamoStore({ client });
    expect(() => createEmulator({ store, tables: {}, credentials: [] })).toThrow("give either tables or a store, not both");
    expect(() => createEmulator({ store: {} as Store, credentials: [] })).toThrow("store must have the methods table, tableNames, listItems and queryItems");
    expect(() => createDynamoStore({ client, maxCallsPerPage: 0 })).toThrow(RangeError);
  });
});
