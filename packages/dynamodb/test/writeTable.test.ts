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

const throttled = () => Object.assign(new Error("Rate of requests exceeds the allowed throughput."), { name: "ProvisionedThroughputExceededException", $metadata: { httpStatusCode: 400 } });
const noWait = { sleep: async () => {} };

describe("writeTable", () => {
  it("writes 25 items a batch, retries what DynamoDB leaves unprocessed with jittered waits, and reports progress", async () => {
    const { client, batches } = fakeClient((call) => (call === 0 ? 10 : call === 1 ? 4 : 0));
    const sleeps: number[] = [];
    const progress: string[] = [];
    const result = await writeTable({ client, table: "t", key: "id", items: items(60), retry: { random: () => 0.5, sleep: async (ms) => void sleeps.push(ms) }, onProgress: (p) => progress.push(`${p.written}/${p.total}`) });
    expect(result).toEqual({ created: false, written: 60 });
    expect(batches).toEqual([25, 10, 4, 25, 10]);
    // Each retry wrote some items, so the wait stays at the first bound, 100 ms, jittered.
    expect(sleeps).toEqual([50, 50]);
    expect(progress).toEqual(["25/60", "50/60", "60/60"]);
  });

  it("retries a thrown throttling error with growing waits while nothing is written", async () => {
    const { client, batches } = fakeClient((call) => {
      if (call === 1 || call === 2) throw throttled();
      return 0;
    });
    const sleeps: number[] = [];
    const result = await writeTable({ client, table: "t", key: "id", items: items(50), retry: { random: () => 0.5, sleep: async (ms) => void sleeps.push(ms) } });
    expect(result).toEqual({ created: false, written: 50 });
    expect({ batches, sleeps }).toEqual({ batches: [25, 25, 25, 25], sleeps: [50, 100] });
  });

  it.each([
    ["unprocessed items", () => 1, "DynamoDB left 1 items unprocessed through 10 retries in a row without progress (throttled)"],
    ["a throttling error", () => { throw throttled(); }, "DynamoDB answered ProvisionedThroughputExceededException: Rate of requests exceeds the allowed throughput. through 10 retries in a row without progress (throttled)"],
  ])("gives up after 10 retries in a row without progress (%s), saying how many items were written and from which on to write again", async (_name, later, detail) => {
    // The first batch is written, 24 items of the second, and then nothing more.
    const { client } = fakeClient((call) => (call === 0 ? 0 : call === 1 ? 1 : (later as () => number)()));
    const error = await writeTable({ client, table: "t", key: "id", items: items(60), ...noWait }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteTableError);
    expect(error).toMatchObject({
      code: "E_UNPROCESSED",
      message: `${detail}; 49 of 60 items were written`,
      detail,
      index: 25,
      written: 49,
      hint: "call again with from: index once DynamoDB has capacity; every item before index was written",
    });
  });

  it("stops at a write DynamoDB refuses, with the count and the first item not written", async () => {
    const refused = Object.assign(new Error("One or more parameter values were invalid"), { name: "ValidationException", $metadata: { httpStatusCode: 400 } });
    const { client } = fakeClient((call) => {
      if (call === 1) throw refused;
      return 0;
    });
    const error = await writeTable({ client, table: "t", key: "id", items: items(60), ...noWait }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_WRITE", message: "DynamoDB refused a write (ValidationException: One or more parameter values were invalid); 25 of 60 items were written", index: 25, written: 25, cause: refused });
  });

  it("writes only the items from `from`, having checked them all", async () => {
    const { client, batches } = fakeClient(() => 0);
    await expect(writeTable({ client, table: "t", key: "id", items: items(60), from: 30 })).resolves.toEqual({ created: false, written: 30 });
    expect(batches).toEqual([25, 5]);
    await expect(writeTable({ client, table: "t", key: "id", items: [...items(3), { id: "i0" }], from: 3 })).rejects.toMatchObject({ code: "E_DUPLICATE_KEY", index: 3, other: 0 });
    await expect(writeTable({ client, table: "t", key: "id", items: items(3), from: 4 })).rejects.toThrow(new RangeError("from must be a whole number from 0 to 3, not 4"));
  });

  const deep = (levels: number): unknown => (levels === 0 ? 1 : [deep(levels - 1)]);
  const emptyAt = (levels: number): unknown => (levels === 0 ? [] : [emptyAt(levels - 1)]);
  it.each([
    ["a missing key", [{ id: "a" }, { name: "b" }], "E_ITEM", "key", 'item 1: the key attribute "id" must be a non-empty string or a number (DynamoDB keys are one of these)'],
    ["an empty key", [{ id: "" }], "E_ITEM", "key", 'item 0: the key attribute "id" must be a non-empty string or a number (DynamoDB keys are one of these)'],
    ["two key types", [{ id: "a" }, { id: 2 }], "E_ITEM", "key", 'item 1: the key attribute "id" is a number, while earlier items have a string; a DynamoDB key has one type'],
    ["a duplicate key", [{ id: "a" }, { id: "b" }, { id: "a" }], "E_DUPLICATE_KEY", undefined, "items 0 and 2 have the same key; each item needs its own"],
    ["a number out of range", [{ id: "a" }, { id: "b", tiny: [5e-324] }], "E_ITEM", "number", "item 1: the number 5e-324 in 'tiny[0]' is out of DynamoDB's range (zero, or a magnitude from 1e-130 to below 1e126)"],
    ["a null key", [{ id: null }], "E_ITEM", "key", 'item 0: the key attribute "id" must be a non-empty string or a number (DynamoDB keys are one of these)'],
    ["an empty attribute name", [{ id: "a", "": 1 }], "E_ITEM", "name", "item 0: the item has an attribute with an empty name, which DynamoDB refuses"],
    ["an empty name in a map", [{ id: "a", m: { "": 1 } }], "E_ITEM", "name", "item 0: 'm' has an attribute with an empty name, which DynamoDB refuses"],
    ["33 levels", [{ id: "a", d: deep(31) }, { id: "b", d: deep(32) }], "E_ITEM", "depth", "item 1: 'd' nests 33 levels deep; DynamoDB takes at most 32"],
    // An empty list counts as a level, and so does what it could hold (DynamoDB Local refuses 32 nested lists, the last one empty).
    ["33 levels, the last an empty list", [{ id: "a", d: emptyAt(30) }, { id: "b", d: emptyAt(31) }], "E_ITEM", "depth", "item 1: 'd' nests 33 levels deep; DynamoDB takes at most 32"],
    ["a partition key of 2050 bytes", [{ id: "é".repeat(1024) }, { id: "é".repeat(1025) }], "E_ITEM", "key", "item 1: the partition key 'id' is 2050 bytes; DynamoDB takes at most 2048"],
    ["409,601 bytes", [{ id: "a", s: "x".repeat(409_600 - 4) }, { id: "b", s: "x".repeat(409_600 - 3) }], "E_ITEM", "size", "item 1: the item is 409,601 bytes as DynamoDB counts them, over its limit of 409,600 (400 KB)"],
  ])("checks every item before anything is sent: %s", async (_name, bad, code, rule, message) => {
    const { client, batches } = fakeClient(() => 0);
    await expect(writeTable({ client, table: "t", key: "id", items: bad as Record<string, unknown>[] })).rejects.toMatchObject({ code, rule, message });
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
