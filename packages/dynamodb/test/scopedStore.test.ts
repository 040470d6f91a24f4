import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { parse, prepareEvaluate } from "@itemfilter/core";
import { RequestError, type TableScope } from "@itemfilter/emulator";
import { describe, expect, it } from "vitest";
import { createDynamoStore } from "../src/store.js";

/** The DynamoDB store under a credential's scope (issue 40 §1), against a scripted client. */

function fakeClient(answer: (name: string, input: Record<string, unknown>) => unknown): { client: DynamoDBClient; calls: { name: string; input: Record<string, unknown> }[] } {
  const calls: { name: string; input: Record<string, unknown> }[] = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name.replace(/Command$/, "");
      calls.push({ name, input: command.input });
      return answer(name, command.input);
    },
  } as unknown as DynamoDBClient;
  return { client, calls };
}

const DESCRIBED = {
  Table: {
    KeySchema: [{ AttributeName: "tenant", KeyType: "HASH" }, { AttributeName: "id", KeyType: "RANGE" }],
    AttributeDefinitions: [{ AttributeName: "tenant", AttributeType: "S" }, { AttributeName: "id", AttributeType: "S" }],
  },
};
const row = (tenant: string, id: string, extra: Record<string, unknown> = {}) => ({ tenant: { S: tenant }, id: { S: id }, ...extra });
const scopeOf = (text: string): TableScope => ({ text, document: parse(text), test: prepareEvaluate(text), filters: undefined, conditions: 1 });
const T1 = scopeOf('tenant = "t1"');

async function storeWith(answer: (name: string, input: Record<string, unknown>) => unknown, maxCallsPerPage?: number) {
  const { client, calls } = fakeClient((name, input) => (name === "DescribeTable" ? DESCRIBED : answer(name, input)));
  const store = createDynamoStore({ client, ...(maxCallsPerPage === undefined ? {} : { maxCallsPerPage }) });
  const table = (await store.table("orders"))!;
  return { store, table, reads: () => calls.filter((c) => c.name !== "DescribeTable") };
}

describe("the DynamoDB store under a scope", () => {
  it("gives a Scan the scope alone as its FilterExpression, checks the filters here, and counts the limit in the scope (Limit doubling)", async () => {
    const { store, table, reads } = await storeWith((_name, input) =>
      input.ExclusiveStartKey === undefined ? { Items: [row("t1", "a", { n: { N: "1" } })], LastEvaluatedKey: row("t2", "x") } : { Items: [row("t1", "b", { n: { N: "5" } }), row("t1", "c")], LastEvaluatedKey: row("t1", "c") },
    );
    const page = await store.listItems({ table, filters: [{ item: "n", operator: "greaterThan", value: 2 }], limit: 2, startKey: undefined, pageSize: 10, scope: T1 });
    // Two items in the scope evaluated (a, b), b matches; c in the scope shows that more follow.
    expect(page).toEqual({ items: [{ tenant: "t1", id: "b", n: 5 }], stopKey: { primary: "t1", secondary: "b" } });
    expect(reads().map((c) => [c.name, c.input.FilterExpression, c.input.ExpressionAttributeValues, c.input.ScanFilter, c.input.Limit])).toEqual([
      ["Scan", "#n0 = :v0", { ":v0": { S: "t1" } }, undefined, 2],
      ["Scan", "#n0 = :v0", { ":v0": { S: "t1" } }, undefined, 2],
    ]);
  });

  it("reads a Query's key range with no FilterExpression (it may not name a key), and checks the scope on each item", async () => {
    const { store, table, reads } = await storeWith(() => ({ Items: [row("t2", "a"), row("t2", "b")] }));
    const page = await store.listItems({ table, filters: [{ item: "tenant", operator: "equals", value: "t2" }], limit: undefined, startKey: undefined, pageSize: 10, scope: T1 });
    expect(page).toEqual({ items: [] });
    expect(reads().map((c) => [c.name, c.input.KeyConditionExpression, c.input.FilterExpression, c.input.ExpressionAttributeNames])).toEqual([["Query", "#n0 = :v0", undefined, { "#n0": "tenant" }]]);
  });

  it("ends a page at its budget of calls before an item in the scope with DynamoDB's key marked opaque, for the handler to seal", async () => {
    const { store, table } = await storeWith(() => ({ Items: [], LastEvaluatedKey: row("t2", "z") }), 2);
    expect(await store.listItems({ table, filters: [], limit: 1, startKey: undefined, pageSize: 10, scope: T1 })).toEqual({ items: [], stopKey: { primary: "t2", secondary: "z" }, opaque: true });
  });

  it.each([
    ["passes over an unreadable item outside the scope", 'tenant = "t1"', row("t2", "x", { __proto__: undefined }), { items: [] }],
    ["names an unreadable item in the scope (the caller's own)", 'tenant = "t2"', row("t2", "x", { __proto__: undefined }), 'the item tenant "t2", id "x" of table "orders" has an attribute named "__proto__", which the AWS SDK cannot read'],
    ["names no key when the unreadable attribute is one the scope names", "__proto__ = 1", row("t2", "x", { __proto__: undefined }), 'an item of table "orders" that this read reaches cannot be read as JSON, in an attribute the key\'s scope names, so whether it is in the scope cannot be told; the table\'s owner must fix the item'],
  ])("%s", async (_what, scopeText, raw, expected) => {
    const item = { ...raw };
    Object.defineProperty(item, "__proto__", { value: undefined, enumerable: true });
    const { store, table } = await storeWith(() => ({ Items: [item] }));
    const read = store.queryItems({ table, filter: undefined, primary: "t2", limit: undefined, startKey: undefined, searchForward: true, pageSize: 10, scope: scopeOf(scopeText) });
    if (typeof expected === "string") {
      const error = await read.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestError);
      expect([(error as RequestError).status, (error as RequestError).message]).toEqual([422, expected]);
    } else expect(await read).toEqual(expected);
  });
});
