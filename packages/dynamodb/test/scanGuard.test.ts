import type { AttributeValue, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { planDynamo } from "@itemfilter/dynamodb";
import { DynamoRunError, explain, findAll } from "@itemfilter/dynamodb/run";

/** A stand-in client: answers Scans and Queries with `pages` in turn and records each input. */
function paged(pages: { Items: Record<string, AttributeValue>[]; ScannedCount: number; LastEvaluatedKey?: Record<string, AttributeValue> }[]) {
  const sent: Record<string, unknown>[] = [];
  const client = {
    async send(command: { input: Record<string, unknown> }) {
      sent.push(command.input);
      return pages[sent.length - 1];
    },
  };
  return { client: client as unknown as DynamoDBClient, sent };
}

function thrown(run: () => unknown): DynamoRunError {
  try {
    run();
  } catch (error) {
    if (error instanceof DynamoRunError) return error;
    throw error;
  }
  throw new Error("did not throw");
}

const keys = { partition: "id", sort: "ts", types: { partition: "S" as const, sort: "N" as const } };
const byStatusKeys = { name: "byStatusKeys", kind: "global" as const, partition: "status", projection: "KEYS_ONLY" as const };

describe("allowScan: false", () => {
  it.each([
    [
      "names the attribute an index would be keyed on",
      'status = "open" and total > 3',
      { keys },
      "allowScan is false and the plan is a Scan: a global index with the partition key 'status' (projection ALL) would serve it",
      ["status"],
    ],
    [
      "and says why the table's own index did not serve it",
      'status in ("open", "new") or status = "held" and total > 3',
      { keys: { ...keys, indexes: [byStatusKeys] }, fetch: false },
      "allowScan is false and the plan is a Scan: a global index with the partition key 'status' (projection ALL) would serve it; indexes not usable: byStatusKeys: it projects only the keys (KEYS_ONLY), and items are returned whole (fetch is false)",
      ["status"],
    ],
    [
      "and what to pin when no index would serve it",
      "total > 3 or status = \"open\"",
      { keys },
      "allowScan is false and the plan is a Scan: pin 'id' with = or in on every branch, or add a global index keyed on an attribute the filter pins that way",
      [],
    ],
    ["without keys, asks for them", 'status = "open"', {}, "allowScan is false and the plan is a Scan: pass keys (describeTable gives them) so the planner can Query", []],
  ])("%s", (_name, filter, options, hint, serving) => {
    const error = thrown(() => planDynamo(filter, { ...options, allowScan: false }));
    expect(error.code).toBe("E_DYNAMO_SCAN");
    expect(error.message).toBe("this filter has to read the whole table; narrow it to what the table is keyed by");
    expect(error.hint).toBe(hint);
    expect(error.params.serving).toEqual(serving);
  });

  it("lets a plan of Queries through, and findAll and explain refuse a Scan before anything is sent", async () => {
    expect(planDynamo('id = "a" and total > 3', { keys, allowScan: false }).map((r) => r.command)).toEqual(["Query"]);
    const { client, sent } = paged([]);
    expect(() => findAll(client, { table: "t", filter: "total > 3", keys, allowScan: false })).toThrow(DynamoRunError);
    expect(() => explain({ table: "t", filter: "total > 3", keys, allowScan: false })).toThrow("this filter has to read the whole table");
    expect(sent).toEqual([]);
    expect(() => planDynamo("a = 1", { allowScan: "no" as never })).toThrow("planDynamo: allowScan takes true or false");
  });
});

describe("maxItemsRead", () => {
  it("refuses a Scan of a table whose item count passes the bound, before anything is sent", () => {
    const { client, sent } = paged([]);
    const error = thrown(() => findAll(client, { table: "t", filter: "total > 3", keys: { ...keys, itemCount: 5000 }, maxItemsRead: 1000 }));
    expect([error.code, error.message, error.params]).toEqual([
      "E_DYNAMO_READ_LIMIT",
      "this filter has to read the whole table 't', about 5000 items, more than the 1000 it may read",
      { table: "t", limit: 1000, estimate: 5000 },
    ]);
    expect(sent).toEqual([]);
    // A Query is not estimated: its partition's size is not known.
    expect(() => findAll(client, { table: "t", filter: 'id = "a"', keys: { ...keys, itemCount: 5000 }, maxItemsRead: 1000 })).not.toThrow();
    expect(() => findAll(client, { table: "t", filter: "", maxItemsRead: 0 })).toThrow("findAll: maxItemsRead takes a whole number from 1");
  });

  it("asks each page for the budget left and stops with E_DYNAMO_READ_LIMIT once more was read", async () => {
    const row = (id: string) => ({ id: { S: id }, ts: { N: "1" } });
    const { client, sent } = paged([
      { Items: [row("a")], ScannedCount: 6, LastEvaluatedKey: row("f") },
      { Items: [row("g")], ScannedCount: 4, LastEvaluatedKey: row("j") },
      { Items: [row("k")], ScannedCount: 1, LastEvaluatedKey: row("k") },
    ]);
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const item of findAll(client, { table: "t", filter: "total > 3 or total is null", maxItemsRead: 10, describe: false })) got.push(item.id);
    })().catch((e: unknown) => e);
    expect(sent.map((input) => input.Limit)).toEqual([10, 4, 1]);
    expect(got).toEqual(["a", "g"]);
    expect(error).toBeInstanceOf(DynamoRunError);
    expect((error as DynamoRunError).message).toBe("this filter read more than 10 items of table 't', the most it may read; nothing more was read");
    expect((error as DynamoRunError).params).toEqual({ table: "t", limit: 10, read: 11 });
  });

  it("ends quietly when the last page spends the budget exactly and nothing is left", async () => {
    const { client, sent } = paged([
      { Items: [{ id: { S: "a" } }], ScannedCount: 10, LastEvaluatedKey: { id: { S: "j" } } },
      { Items: [], ScannedCount: 0 },
    ]);
    const got: unknown[] = [];
    for await (const item of findAll(client, { table: "t", filter: "", maxItemsRead: 10, describe: false })) got.push(item.id);
    expect([got, sent.map((input) => input.Limit)]).toEqual([["a"], [10, 1]]);
  });
});
