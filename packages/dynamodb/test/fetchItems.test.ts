import type { AttributeValue, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { findAll, findPage } from "@itemfilter/dynamodb/run";

type Raw = Record<string, AttributeValue>;
const keys = { partition: "id", types: { partition: "S" as const }, indexes: [{ name: "bySku", kind: "global" as const, partition: "sku", projection: "KEYS_ONLY" as const, types: { partition: "S" as const } }] };
const key = (i: number): Raw => ({ id: { S: `i${String(i).padStart(3, "0")}` }, sku: { S: "B7" } });

/**
 * A KEYS_ONLY index Query of 150 keys, then BatchGetItem: the first answer of
 * each call leaves its last 10 keys unprocessed; item 5 was deleted since
 * the index was written and item 6 changed (its sku is now "C1").
 */
function scripted() {
  const batches: number[] = [];
  const unprocessed = new Set<string>();
  let waits = 0;
  const client = {
    async send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
      if (command.constructor.name === "QueryCommand") {
        // One index page of 150 keys, from after the ExclusiveStartKey a cursor resumes at.
        const after = (command.input.ExclusiveStartKey as Raw | undefined)?.id?.S;
        const from = after === undefined ? 0 : Number(after.slice(1)) + 1;
        const items = Array.from({ length: 150 }, (_, i) => key(i)).slice(from);
        return { Items: items, Count: items.length, ScannedCount: items.length };
      }
      const asked = (command.input.RequestItems as Record<string, { Keys: Raw[] }>).t!.Keys;
      batches.push(asked.length);
      const left = asked.slice(-10).filter((k) => !unprocessed.has(k.id!.S!));
      for (const k of left) unprocessed.add(k.id!.S!);
      const served = asked.filter((k) => !left.includes(k) && k.id!.S !== "i005");
      return {
        Responses: { t: served.map((k) => ({ ...k, sku: { S: k.id!.S === "i006" ? "C1" : "B7" }, n: { N: "1" } })) },
        ...(left.length === 0 ? {} : { UnprocessedKeys: { t: { Keys: left } } }),
      };
    },
  };
  const retry = { sleep: async () => void waits++, random: () => 0 };
  return { client: client as unknown as DynamoDBClient, batches, retry, waits: () => waits };
}

describe("an index that projects less: Query, then BatchGetItem", () => {
  it("fetches at most 100 keys a call, asks again for unprocessed keys after the policy's wait, skips a deleted item and checks a changed one as it is now", async () => {
    const { client, batches, retry, waits } = scripted();
    const ids: string[] = [];
    for await (const item of findAll(client, { table: "t", filter: 'sku = "B7" and n = 1', keys, retry })) ids.push(item.id as string);
    expect(batches).toEqual([100, 10, 50, 10]);
    expect(waits()).toBe(2);
    const all = Array.from({ length: 150 }, (_, i) => `i${String(i).padStart(3, "0")}`);
    expect(ids).toEqual(all.filter((id) => id !== "i005" && id !== "i006"));
  });

  it("findPage gives the same items in pages, fetching from where the cursor points", async () => {
    const { client, retry } = scripted();
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await findPage(client, { table: "t", filter: 'sku = "B7" and n = 1', keys, retry, limit: 40, ...(cursor === undefined ? {} : { cursor }) });
      ids.push(...page.items.map((item) => item.id as string));
      cursor = page.cursor;
    } while (cursor !== undefined);
    expect(ids).toHaveLength(148);
    expect(new Set(ids).size).toBe(148);
  });

  it("gives up with E_DYNAMO_BUSY after the policy's retries in a row without progress", async () => {
    const client = { send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => (command.constructor.name === "QueryCommand" ? { Items: [key(1)] } : { Responses: { t: [] }, UnprocessedKeys: { t: { Keys: (command.input.RequestItems as Record<string, { Keys: Raw[] }>).t!.Keys } } }) };
    const error = await (async () => {
      for await (const _ of findAll(client as unknown as DynamoDBClient, { table: "t", filter: 'sku = "B7"', keys, retry: { retries: 2, sleep: async () => undefined } })) void _;
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_DYNAMO_BUSY", message: "DynamoDB left 1 keys of table 't' unprocessed through 2 BatchGetItem retries in a row without progress" });
  });
});
