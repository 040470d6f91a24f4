import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { FilterError, prepareEvaluate } from "@itemfilter/core";
import { compileDynamo } from "@itemfilter/dynamodb";
import { findAll } from "@itemfilter/dynamodb/run";
import { writeTable } from "@itemfilter/dynamodb/store";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { filterArb, orderArb, scopeArb } from "../property/scopeArbitraries.js";

/**
 * A scope cannot leak on DynamoDB either (issue 31): @itemfilter/dynamodb's
 * findAll, with and without the table's keys, over random scopes and random
 * person filters (hostile text included) on a multi-tenant table in DynamoDB
 * Local, returns only items the scope selects and, where the filter is valid,
 * exactly `evaluate` of `scope and (filter)`.
 */
const RUNS = Number(process.env.ITEMFILTER_DYNAMO_RUNS ?? 150);

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;
const orders = fc.sample(orderArb, { numRuns: 48, seed: 31 }).map((o, i) => ({ ...o, id: `o${String(i).padStart(2, "0")}` }));

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = new DynamoDBClient({ endpoint: db.endpoint, region: "us-east-1", credentials: db.credentials });
  await writeTable({ client, table: "orders", key: "tenant", sortKey: "id", items: orders });
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

describe("scope on DynamoDB Local", () => {
  it(`findAll never leaves the scope (${RUNS} scopes and filters over ${orders.length} orders)`, async () => {
    expect(new Set(orders.map((o) => o.tenant)).size).toBeGreaterThan(1);
    await fc.assert(
      fc.asyncProperty(scopeArb, filterArb, fc.boolean(), async ({ scope, params }, filter, withKeys) => {
        const inScope = prepareEvaluate("", { scope, params });
        let expected: string[] | null;
        try {
          const test = prepareEvaluate(filter, { scope, params });
          expected = orders.filter(test).map((o) => o.id).sort();
        } catch (error) {
          if (!(error instanceof FilterError)) throw error;
          expected = null;
        }
        const got: Record<string, unknown>[] = [];
        try {
          const keys = withKeys ? { keys: { partition: "tenant", sort: "id" } } : {};
          for await (const item of findAll(client, { TableName: "orders", filter, scope, params, ...keys })) got.push(item);
        } catch (error) {
          if (error instanceof FilterError && expected === null) return;
          throw error;
        }
        expect(got.every(inScope)).toBe(true);
        if (expected !== null) expect(got.map((i) => i.id as string).sort()).toEqual(expected);
      }),
      { numRuns: RUNS, seed: 3131 },
    );
  });

});

describe("compileDynamo with a scope", () => {
  it("puts the app's condition outside the person's text, with $name values as placeholders", () => {
    expect(compileDynamo('status = "open" or tenant = "t2"', { scope: "tenant = $t", params: { t: "t1" } })).toEqual({
      FilterExpression: "#n0 = :v0 AND (#n1 = :v1 OR #n0 = :v2)",
      ExpressionAttributeNames: { "#n0": "tenant", "#n1": "status" },
      ExpressionAttributeValues: { ":v0": { S: "t1" }, ":v1": { S: "open" }, ":v2": { S: "t2" } },
    });
  });

  it("refuses a scope DynamoDB does not take as the app's ScopeError, and a parameter's value never shows", () => {
    expect(() => compileDynamo('status = "open"', { scope: "tenant beginsWith 5" })).toThrow(/^compileDynamo: options\.scope is not a filter DynamoDB takes: E_VALUE_TYPE/);
    expect(() => compileDynamo("status beginsWith $x", { params: { x: 50417 } })).toThrow("'beginsWith' takes a string, not a number ($x); write \"$x\" to match the text");
    expect(() => compileDynamo("status = $x")).toThrow("$x has no value here");
  });
});
