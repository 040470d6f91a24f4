import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { writeTable, WriteTableError } from "../src/store.js";

/** A client whose DescribeTable says ACTIVE and whose BatchWriteItem leaves `unprocessed(n)` items of the nth call undone. */
function fakeClient(unprocessed: (call: number, requests: unknown[]) => number) {
  const batches: number[] = [];
  let call = 0;
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name;
      if (name === "DescribeTableCommand") return { Table: { TableStatus: "ACTIVE", KeySchema: [{ AttributeName: "id", KeyType: "HASH" }] } };
      if (name === "BatchWriteItemCommand") {
        const requests = (command.input.RequestItems as Record<string, unknown[]>).t!;
        batches.push(requests.length);
        const left = unprocessed(call++, requests);
        return left === 0 ? {} : { UnprocessedItems: { t: requests.slice(requests.length - left) } };
      }
      throw new Error(`unexpected ${name}`);
    },
  } as unknown as DynamoDBClient;
  return { client, batches };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `i${i}` }));

describe("writeTable", () => {
  it("writes 25 items a batch, retries what DynamoDB leaves unprocessed with growing waits, and reports progress", async () => {
    const { client, batches } = fakeClient((call) => (call === 0 ? 10 : call === 1 ? 4 : 0));
    const sleeps: number[] = [];
    const progress: string[] = [];
    const result = await writeTable({ client, table: "t", key: "id", items: items(60), sleep: async (ms) => void sleeps.push(ms), onProgress: (p) => progress.push(`${p.written}/${p.total}`) });
    expect(result).toEqual({ created: false, written: 60 });
    expect(batches).toEqual([25, 10, 4, 25, 10]);
    expect(sleeps).toEqual([100, 200]);
    expect(progress).toEqual(["25/60", "50/60", "60/60"]);
  });

  it("gives up after 10 retries, saying how many items were written", async () => {
    const { client } = fakeClient((call) => (call < 1 ? 0 : 1));
    const error = await writeTable({ client, table: "t", key: "id", items: items(30), sleep: async () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteTableError);
    expect(error).toMatchObject({ code: "E_UNPROCESSED", message: "DynamoDB left 1 items unwritten after 10 retries (throttled); 25 items were written; run the load again" });
  });

  it.each([
    [[{ id: "a" }, { name: "b" }], "E_ITEM", 'item 1 needs the key attribute "id" as a non-empty string or a number (DynamoDB keys are one of these)'],
    [[{ id: "" }], "E_ITEM", 'item 0 needs the key attribute "id" as a non-empty string or a number (DynamoDB keys are one of these)'],
    [[{ id: "a" }, { id: 2 }], "E_ITEM", 'item 1 has the key attribute "id" as a number, while earlier items have a string; a DynamoDB key has one type'],
    [[{ id: "a" }, { id: "b" }, { id: "a" }], "E_DUPLICATE_KEY", "items 0 and 2 have the same key; each item needs its own"],
    [[{ id: "a" }, { id: "b", tiny: [5e-324] }], "E_ITEM", "item 1: the number 5e-324 in 'tiny[0]' is out of DynamoDB's range (zero, or a magnitude from 1e-130 to below 1e126)"],
    [[{ id: null }], "E_ITEM", 'item 0 needs the key attribute "id" as a non-empty string or a number (DynamoDB keys are one of these)'],
  ])("checks every item's key before anything is sent: %j", async (bad, code, message) => {
    const { client, batches } = fakeClient(() => 0);
    await expect(writeTable({ client, table: "t", key: "id", items: bad })).rejects.toMatchObject({ code, message });
    expect(batches).toEqual([]);
  });

  it("tells two items apart by both keys", async () => {
    const { client } = fakeClient(() => 0);
    const twoKeys = { send: async (c: { constructor: { name: string } }) => (c.constructor.name === "DescribeTableCommand" ? { Table: { TableStatus: "ACTIVE", KeySchema: [{ AttributeName: "id", KeyType: "HASH" }, { AttributeName: "n", KeyType: "RANGE" }] } } : client.send(c as never)) } as unknown as DynamoDBClient;
    await expect(writeTable({ client: twoKeys, table: "t", key: "id", sortKey: "n", items: [{ id: "a", n: 1 }, { id: "a", n: 2 }] })).resolves.toEqual({ created: false, written: 2 });
    await expect(writeTable({ client: twoKeys, table: "t", key: "id", sortKey: "n", items: [{ id: "a", n: 1 }, { id: "a", n: 1 }] })).rejects.toMatchObject({ code: "E_DUPLICATE_KEY" });
  });

  it("refuses to write into a table keyed otherwise", async () => {
    const { client } = fakeClient(() => 0);
    await expect(writeTable({ client, table: "t", key: "name", items: [{ name: "a" }] })).rejects.toMatchObject({
      code: "E_TABLE",
      message: 'table "t" already exists with the keys id (HASH); load into another table, or give the same keys',
    });
  });
});
