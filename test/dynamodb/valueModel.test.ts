import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@itemfilter/client";
import { evaluate, prepareEvaluate } from "@itemfilter/core";
import { findAll, findPage } from "@itemfilter/dynamodb/run";
import { createDynamoStore } from "@itemfilter/dynamodb/store";
import { createEmulator, loadNdjsonItems, type Item } from "@itemfilter/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../packages/cli/test/runCli.js";
import { localClient } from "../support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";

/**
 * Issue 40's findings, each on a data file loaded with `itemfilter load`
 * into DynamoDB Local and read by every runner: the data file (the emulator,
 * and `itemfilter find --data`), findAll, findPage, `find
 * --dynamodb-endpoint` and serve's handler over the DynamoDB store, with and
 * without a scope. Each `it` failed on the code before issue 40: the list
 * of only strings read as a set in the data file and findAll (0 items for
 * `tags[0] = "beta"`) but not on DynamoDB (10); `docs[0]` of a binary set
 * was a binary in evaluate; `__proto__` threw a TypeError in findAll and
 * findPage, made `find` exit 70, and failed a scoped serve request with a 422
 * naming another tenant's item.
 */
const AWS_NAMES = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION"];
const saved = Object.fromEntries(AWS_NAMES.map((name) => [name, process.env[name]]));
const KEY = { applicationKey: "values-key-40c", authenticationToken: "values-token-40d" };
const SCOPED = { applicationKey: "values-key-40e", authenticationToken: "values-token-40f" };
/** A scope no listItems filter holds (a path), so serve checks it on every item DynamoDB returns. */
const SCOPE = 'tenant = "t1" or docs[0] = "x"';

const lines = [
  ...Array.from({ length: 10 }, (_, i) => ({ id: `i${i}`, tenant: i % 2 === 0 ? "t1" : "t2", tags: ["beta", `t${i}`] })),
  { id: "j0", tenant: "t1", tags: ["alpha", "beta"] },
  { id: "s0", tenant: "t1", tags: { $set: ["x", "beta", "x"] } },
  { id: "d0", tenant: "t1", docs: { $set: [{ $binary: "YQ==" }] } },
];
const DATA = `${lines.map((l) => JSON.stringify(l)).join("\n")}\n{"id":"p0","tenant":"t2","__proto__":"other"}\n`;

const dir = mkdtempSync(join(tmpdir(), "itemfilter-values-"));
let db: DynamoDbLocalDatabase;
let items: Item[];
let dataFile: Client;
let serve: Client;
let scoped: Client;
let dataScoped: Client;

async function ids(found: AsyncIterable<Record<string, unknown>>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of found) out.push(item.id as string);
  return out.sort();
}

beforeAll(async () => {
  writeFileSync(join(dir, "values.ndjson"), DATA);
  items = await loadNdjsonItems(join(dir, "values.ndjson"));
  db = await sharedDynamoDbLocal();
  Object.assign(process.env, db.env);
  const loaded = await runCli(["load", "--dynamodb-endpoint", db.endpoint, "--table", "values", "--data", "values.ndjson", "--key", "id"], { cwd: dir });
  if (loaded.code !== 0) throw new Error(loaded.stderr);
  const credentials = [KEY, { ...SCOPED, tables: { values: { scope: SCOPE } } }];
  const client = (fetch: unknown, key: typeof KEY) => createClient({ baseUrl: "http://values.invalid", fetch: fetch as never, ...key, maxAttempts: 1 });
  const overDynamo = createEmulator({ store: createDynamoStore({ client: localClient(db) }), credentials, pageSize: 4 });
  const overFile = createEmulator({ tables: { values: { primaryKey: "id", items } }, credentials, pageSize: 4 });
  serve = client(overDynamo.fetch, KEY);
  scoped = client(overDynamo.fetch, SCOPED);
  dataFile = client(overFile.fetch, KEY);
  dataScoped = client(overFile.fetch, SCOPED);
}, 120_000);

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  for (const c of [serve, scoped, dataFile, dataScoped]) c?.close();
  await db?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const TEN = Array.from({ length: 10 }, (_, i) => `i${i}`);

describe("one reading of every value on every runner (issue 40)", () => {
  it.each([
    ['tags[0] = "beta"', TEN],
    ['tags[1] = "beta"', ["j0"]],
    ['tags contains "beta"', [...TEN, "j0", "s0"]],
    ["tags is list", [...TEN, "j0"]],
    ["tags is set and size(tags) = 2 and tags[0] is null", ["s0"]],
    ["docs[0] is binary or docs[0] is not null or size(docs[0]) = 1", []],
    ["docs is set and size(docs) = 1 and docs is not list", ["d0"]],
    ['`__proto__` = "other"', ["p0"]],
  ])("%s", async (filter, expected) => {
    const client = localClient(db);
    try {
      expect(items.filter((item) => evaluate(filter, item)).map((item) => item.id as string).sort()).toEqual(expected);
      expect(await ids(dataFile.findAll({ table: "values", filter }))).toEqual(expected);
      expect(await ids(findAll(client, { TableName: "values", filter }))).toEqual(expected);
      const page = await findPage(client, { TableName: "values", filter, limit: 20 });
      expect(page.items.map((item) => item.id as string).sort()).toEqual(expected);
      expect(await ids(serve.findAll({ table: "values", filter }))).toEqual(expected);
    } finally {
      client.destroy();
    }
  });

  it("a scope over a path selects the same items on the data file and through serve", async () => {
    for (const scope of ['not (tags[0] = "beta")', SCOPE]) {
      const test = prepareEvaluate(scope);
      const expected = items.filter(test).map((item) => item.id as string).sort();
      expect(expected.length).toBeGreaterThan(0);
      const client = localClient(db);
      try {
        expect(await ids(findAll(client, { TableName: "values", filter: "", scope }))).toEqual(expected);
      } finally {
        client.destroy();
      }
    }
    // serve --access: another tenant's item with a `__proto__` attribute never fails a page inside the scope.
    const inScope = items.filter(prepareEvaluate(SCOPE)).map((item) => item.id as string).sort();
    expect(await ids(scoped.findAll({ table: "values", filter: "" }))).toEqual(inScope);
    expect(await ids(dataScoped.findAll({ table: "values", filter: "" }))).toEqual(inScope);
  });

  it("itemfilter find prints sets as {\"$set\": [...]} in sorted order, and reads __proto__ as an attribute", async () => {
    const onDynamo = await runCli(["find", "--dynamodb-endpoint", db.endpoint, "--table", "values", "--output", "ndjson", 'id in ("s0", "d0", "p0", "i0")']);
    expect(onDynamo.code).toBe(0);
    // DynamoDB gives an item's attributes in an order of its own: each line's members are compared in name order.
    const members = (line: string) => JSON.stringify(Object.entries(JSON.parse(line) as object).sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(onDynamo.stdout.trim().split("\n").map(members).sort()).toEqual(
      [
        '{"docs":{"$set":[{"$binary":"YQ=="}]},"id":"d0","tenant":"t1"}',
        '{"id":"i0","tags":["beta","t0"],"tenant":"t1"}',
        '{"id":"p0","__proto__":"other","tenant":"t2"}',
        '{"id":"s0","tags":{"$set":["beta","x"]},"tenant":"t1"}',
      ]
        .map(members)
        .sort(),
    );
    const onFile = await runCli(["find", "--table", "values", "--data", "values.ndjson", "--output", "ndjson", 'tags[0] = "beta"'], { cwd: dir });
    expect({ code: onFile.code, ids: onFile.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { id: string }).id).sort() }).toEqual({ code: 0, ids: TEN });
  });
});
