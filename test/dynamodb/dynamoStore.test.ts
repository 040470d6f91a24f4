import { createClient, ServiceError, type Client } from "@itemfilter/client";
import { writeTable } from "@itemfilter/dynamodb/store";
import { createEmulator, type Emulator, type Item } from "@itemfilter/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDynamoBackend, type DynamoBackend } from "../support/dynamoBackend.js";

// The DynamoDB store and the loader on AWS's own engine, for what the e2e wire tests (test/e2e) do not reach.
const ODD: Item[] = [
  { id: "plain", n: 0.1, big: 1e21, tiny: 1e-130, neg: -0, t: true, f: false, nothing: null, empty: "" },
  { id: "lists", tags: ["b", "a", "b"], mixed: ["green", 7, null, { x: [1] }], none: [], nested: { deep: { deeper: "x" } } },
  { id: "\u{1F600}astral", name: "Émile \uFF61", ["a.b"]: 1, ["#x"]: 2, constructor: "c" },
];
const LOGS: Item[] = [
  { source: "web", at: "2024-01-05", level: "info" },
  { source: "web", at: "2024-02-11", level: "warn" },
  { source: "web", at: "2024-02-28", level: "error" },
  { source: "web", at: "2025-01-01", level: "info" },
  { source: "cron", at: "2024-02-12", level: "info" },
];

let backend: DynamoBackend;
let emulator: Emulator;
let client: Client;
beforeAll(async () => {
  backend = await startDynamoBackend({ odd: { key: "id", items: ODD }, logs: { key: "source", sortKey: "at", items: LOGS } });
  emulator = createEmulator({ store: backend.store, credentials: [{ applicationKey: "store-key-7f3a", authenticationToken: "store-token-91c2" }], pageSize: 2 });
  client = createClient({ baseUrl: "http://dynamo.invalid", fetch: emulator.fetch as never, applicationKey: "store-key-7f3a", authenticationToken: "store-token-91c2", maxAttempts: 1 });
}, 120_000);
afterAll(async () => {
  client?.close();
  await backend?.close();
});

const byId = (items: Item[]) => [...items].sort((a, b) => String(a.id).localeCompare(String(b.id)));
const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe("items through load and the store", () => {
  it("read back exactly as written: numbers, lists (order and repeats kept), maps, null, '', odd names", async () => {
    const got = await collect(client.listAll({ table: "odd" }));
    // JSON.stringify writes -0 as 0, as DynamoDB stores it.
    const expected = JSON.parse(JSON.stringify(ODD)) as Item[];
    expect(byId(got)).toEqual(byId(expected));
  });

  it("reads an attribute named __proto__ as an attribute (issue 40; the AWS SDK reads its value as undefined)", async () => {
    await writeTable({ client: backend.client, table: "protos", key: "id", items: [JSON.parse('{"id": "p", "__proto__": "x"}') as Item] });
    const page = await client.listItems({ table: "protos" });
    expect(page.items).toEqual([JSON.parse('{"id": "p", "__proto__": "x"}')]);
    expect(Object.keys(page.items[0]!).sort()).toEqual(["__proto__", "id"]);
  });

  it("writes into a table that exists with the same keys, replacing items by key", async () => {
    const result = await writeTable({ client: backend.client, table: "odd", key: "id", items: [{ id: "plain", n: 2 }] });
    expect(result).toEqual({ created: false, written: 1 });
    const page = await client.listItems({ table: "odd", filter: [{ item: "id", operator: "equals", value: "plain" }] });
    expect(await collect(client.listAll({ table: "odd", filter: [{ item: "id", operator: "equals", value: "plain" }] }))).toEqual([{ id: "plain", n: 2 }]);
    expect(page.items.length).toBeLessThanOrEqual(1);
    await writeTable({ client: backend.client, table: "odd", key: "id", items: [ODD[0]!] });
  });
});

describe("queries on a string sort key", () => {
  it.each([
    [{ operator: "beginsWith", value: "2024-02" }, ["2024-02-11", "2024-02-28"]],
    [{ operator: "between", value: ["2024-01-01", "2024-12-31"] }, ["2024-01-05", "2024-02-11", "2024-02-28"]],
    [{ operator: "equals", value: "2024-02-11" }, ["2024-02-11"]],
    [undefined, ["2024-01-05", "2024-02-11", "2024-02-28", "2025-01-01"]],
  ] as const)("%j in one partition, both directions, two items a page", async (filter, ats) => {
    for (const searchForward of [true, false]) {
      const got = await collect(client.queryAll({ table: "logs", key: { primary: "web" }, filter: filter as never, searchForward }));
      expect(got.map((i) => i.at)).toEqual(searchForward ? ats : [...ats].reverse());
    }
  });

  it.each([
    // The handler refuses "" itself, as the emulator does, before the store is asked (one handler, two stores).
    ["an empty partition key", { key: { primary: "" } }, /^'key\.primary' cannot be the empty string: no item has an empty key$/],
    // The DynamoDB store leaves key types to DynamoDB, which refuses with its own words.
    ["a partition key of another type", { key: { primary: 7 } }, /^DynamoDB refused the request: One or more parameter values were invalid: Condition parameter type does not match schema type$/],
  ])("refuses %s (400)", async (_, params, message) => {
    const error = await client.queryItems({ table: "logs", ...params }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(400);
    expect((error as ServiceError).serviceMessage).toMatch(message);
  });
});
