import { describeTable, findAll } from "@itemfilter/dynamodb/run";
import { writeTable } from "@itemfilter/dynamodb/store";
import { stringifyJson } from "@itemfilter/core";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localClient } from "../../../test/support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../../../test/support/dynamoDbLocal.js";
import { runCli, startServe } from "./runCli.js";

/*
 * What `find --dynamodb-endpoint` prints (issue 40 §3): the items @itemfilter/dynamodb's
 * findAll gives, as they are (--fields picked once, by findAll), each with its key
 * first and the rest by name, nested maps too, whatever order DynamoDB sends them in.
 */
const AWS_NAMES = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION"];
const saved = Object.fromEntries(AWS_NAMES.map((name) => [name, process.env[name]]));

// Key names that sort last, so "keys first" is not "by name"; members written out of order.
const SHOP = [
  { zid: "c", ts: 3, name: "C", orders: [{ sku: "c1", qty: 1 }, { sku: "c2", qty: 2 }, { sku: "c3", qty: 3 }], meta: { z: 1, a: { y: 2, b: 3 } } },
  { zid: "a", ts: 1, name: "A", orders: [{ sku: "a1", qty: 1 }, { sku: "a2", qty: 2 }], meta: { m: true } },
  { zid: "b", ts: 2, name: "B", orders: [{ sku: "b1", qty: 1 }] },
];

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  Object.assign(process.env, db.env);
  client = localClient(db);
  await writeTable({ client, table: "shop", key: "zid", sortKey: "ts", items: SHOP });
}, 120_000);
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  client?.destroy();
  await db?.stop();
});

const find = (...args: string[]) => runCli(["find", "--dynamodb-endpoint", db.endpoint, "--table", "shop", "--output", "ndjson", ...args]);
const library = async (filter: string, fields?: string[]) => {
  const out: string[] = [];
  const keys = await describeTable(client, "shop");
  for await (const item of findAll(client, { TableName: "shop", filter, keys, ...(fields === undefined ? {} : { fields }) })) out.push(`${stringifyJson(item)}\n`);
  return out.join("");
};

describe("find --dynamodb-endpoint --fields prints what findAll gives", () => {
  it.each([
    [["orders[1].sku"], ""],
    [["zid", "orders[1].sku"], ""],
    [["orders[0].qty", "orders[2]"], "ts >= 1"],
    [["meta.a.y", "name"], 'zid in ("a", "c")'],
  ])("--fields %j %s", async (fields, filter) => {
    const run = await find("--fields", fields.join(","), ...(filter === "" ? [] : [filter]));
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(run.stdout).toBe(await library(filter, fields));
  });

  it("prints the element the index picks, not an empty object", async () => {
    const run = await find("--fields", "zid,orders[1].sku", 'zid = "c"');
    expect(run.stdout).toBe('{"zid":"c","orders":[{"sku":"c2"}]}\n');
  });
});

describe("items from DynamoDB print their key first, then the rest by name", () => {
  it("every item, nested maps ordered too", async () => {
    const run = await find('zid in ("a", "c")');
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(run.stdout.split("\n").filter((l) => l !== "").sort()).toEqual([
      '{"zid":"a","ts":1,"meta":{"m":true},"name":"A","orders":[{"qty":1,"sku":"a1"},{"qty":2,"sku":"a2"}]}',
      '{"zid":"c","ts":3,"meta":{"a":{"b":3,"y":2},"z":1},"name":"C","orders":[{"qty":1,"sku":"c1"},{"qty":2,"sku":"c2"},{"qty":3,"sku":"c3"}]}',
    ]);
  });

  it("the same as the library gives", async () => {
    expect((await find("")).stdout).toBe(await library(""));
  });
});

describe("serve --dynamodb-endpoint answers items key first too", () => {
  it("in the answer's JSON", async () => {
    const serve = await startServe(["serve", "--dynamodb-endpoint", db.endpoint, "--port", "0"], { env: { ITEMFILTER_APPLICATION_KEY: "k", ITEMFILTER_AUTH_TOKEN: "t" } });
    try {
      const response = await fetch(`${serve.url}/queryItems`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ applicationKey: "k", authenticationToken: "t", table: "shop", key: { primary: "a" } }),
      });
      expect(await response.text()).toContain('"items":[{"zid":"a","ts":1,"meta":{"m":true},"name":"A","orders":[{"qty":1,"sku":"a1"},{"qty":2,"sku":"a2"}]}]');
    } finally {
      await serve.stop();
    }
  });
});
