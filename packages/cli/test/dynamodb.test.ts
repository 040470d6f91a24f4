import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer, connect, type Server } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { CreateTableCommand, DynamoDBClient, PutItemCommand, ScanCommand } from "@aws-sdk/client-dynamodb";
import { createCli } from "@itemfilter/cli";
import { createClient } from "@itemfilter/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTable } from "@itemfilter/dynamodb/store";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../../../test/support/dynamoDbLocal.js";
import { ORDERS_TWO_GSIS, orderItems } from "../../../test/support/ordersTable.js";
import { Capture, runCli, startServe } from "./runCli.js";
import { expectTenantScoped, TENANT_ACCESS, TENANT_DATA, TENANT_TABLE } from "./scopeChecks.js";

// load, serve and find on DynamoDB (one DynamoDB Local for the file). The AWS SDK reads process.env itself,
// so the variables the README sets go there; the command's own environment stays clean.
const AWS_NAMES = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION"];
const saved = Object.fromEntries(AWS_NAMES.map((name) => [name, process.env[name]]));
const dir = mkdtempSync(join(tmpdir(), "itemfilter-dynamodb-"));
writeFileSync(join(dir, "pets.ndjson"), '{"name":"rex","kind":"dog","age":3}\n{"name":"tom","kind":"cat","tags":["b","a"]}\n');
writeFileSync(join(dir, "mixed.ndjson"), '{"name":"rex"}\n{"name":7}\n');
writeFileSync(join(dir, "people.ndjson"), '{"id":"p1","name":"Straße","tags":["Beta","BETA","x"]}\n{"id":"p2","name":"STRASSE","nameFolded":"stale"}\n{"id":"p3","name":7}\n{"id":"p4","name":"Σίσυφος"}\n');
writeFileSync(join(dir, "folded.json"), JSON.stringify({ attributes: { id: {}, name: { caseInsensitive: true, folded: "nameFolded" }, tags: { caseInsensitive: true, folded: "tagsFolded" } } }));
writeFileSync(join(dir, "tenants.json"), JSON.stringify(TENANT_DATA));
writeFileSync(join(dir, "access.json"), JSON.stringify(TENANT_ACCESS));
let db: DynamoDbLocalDatabase;
let endpoint: string;

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  endpoint = db.endpoint;
  Object.assign(process.env, db.env);
  for (const table of ["users", "orders"]) {
    const loaded = await runCli(["load", "--dynamodb-endpoint", endpoint, "--table", table]);
    if (loaded.code !== 0) throw new Error(loaded.stderr);
  }
  const tenants = await runCli(["load", "--dynamodb-endpoint", endpoint, "--table", TENANT_TABLE, "--data", "tenants.json"], { cwd: dir });
  if (tenants.code !== 0) throw new Error(tenants.stderr);
}, 120_000);
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await db?.stop();
});

const byId = (items: { id?: unknown }[]) => [...items].sort((a, b) => String(a.id).localeCompare(String(b.id)));

describe("itemfilter load", () => {
  it("creates a table from the demo data, says so on stderr, and prints its result as JSON", async () => {
    const run = await runCli(["load", "--dynamodb-endpoint", endpoint, "--table", "readings"]);
    expect(run).toEqual({
      code: 0,
      stdout: '{"table":"readings","created":true,"written":36}\n',
      stderr: `Loading 36 items into readings (key sensor, sort key ts) at ${endpoint}\nCreated table readings: 36 items.\n`,
    });
    const again = await runCli(["load", "--dynamodb-endpoint", endpoint, "--table", "readings"]);
    expect(again.stdout).toBe('{"table":"readings","created":false,"written":36}\n');
  });

  it("loads an NDJSON file keyed by --key", async () => {
    const run = await runCli(["load", "--dynamodb-endpoint", endpoint, "--table", "pets", "--data", "pets.ndjson", "--key", "name"], { cwd: dir });
    expect(run.code).toBe(0);
    const found = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "pets", "--output", "ndjson", 'kind = "cat"']);
    expect({ ...found, stdout: JSON.parse(found.stdout) }).toEqual({ code: 0, stdout: { name: "tom", kind: "cat", tags: ["b", "a"] }, stderr: "" });
  });

  it("writes the folded copies a --schema names, and find sends case-insensitive conditions on them", async () => {
    const run = await runCli(["load", "--dynamodb-endpoint", endpoint, "--table", "people", "--data", "people.ndjson", "--key", "id", "--schema", "folded.json"], { cwd: dir });
    expect(run.code).toBe(0);
    const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: db.credentials });
    try {
      const { Items } = await client.send(new ScanCommand({ TableName: "people" }));
      const copies = Object.fromEntries(Items!.map((i) => [i.id!.S!, { nameFolded: i.nameFolded?.S, tagsFolded: (i.tagsFolded?.SS ?? i.tagsFolded?.L?.map((e) => e.S!))?.sort() }]));
      expect(copies).toEqual({
        p1: { nameFolded: "strasse", tagsFolded: ["beta", "x"] },
        p2: { nameFolded: "strasse", tagsFolded: undefined },
        p3: { nameFolded: undefined, tagsFolded: undefined },
        p4: { nameFolded: "σίσυφοσ", tagsFolded: undefined },
      });
    } finally {
      client.destroy();
    }
    const explained = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "people", "--schema", "folded.json", "--explain", "--json", 'name = "strasse"'], { cwd: dir });
    expect(JSON.parse(explained.stdout)[0]).toMatchObject({ input: { ExpressionAttributeNames: { "#n0": "nameFolded" }, ExpressionAttributeValues: { ":v0": { S: "strasse" } } }, residual: null });
    const found = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "people", "--schema", "folded.json", "--output", "ndjson", 'name = "STRAẞE" or tags contains "beta"'], { cwd: dir });
    expect(found.stdout.trim().split("\n").map((l) => JSON.parse(l).id).sort()).toEqual(["p1", "p2"]);
  });

  it.each([
    [["--data", "pets.ndjson"], "itemfilter: give --key, the attribute that is the table's partition key, to load the NDJSON file 'pets.ndjson'\n"],
    [["--data", "mixed.ndjson", "--key", "name"], 'itemfilter: cannot load into t1: mixed.ndjson line 2: the key attribute "name" is a number, while earlier items have a string; a DynamoDB key has one type; nothing was written\n'],
    [["--data", "pets.ndjson", "--key", "age"], 'itemfilter: cannot load into t1: pets.ndjson line 2: the key attribute "age" must be a non-empty string or a number (DynamoDB keys are one of these); nothing was written\n'],
  ])("refuses %j before writing anything (exit 2)", async (extra, stderr) => {
    const run = await runCli(["load", "--dynamodb-endpoint", endpoint, "--table", "t1", ...extra], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n").slice(-2).join("\n")).toBe(stderr);
    expect(run.stdout).toBe("");
  });

  it("says which tables a tables file has when --table names none of them", async () => {
    const run = await runCli(["load", "--dynamodb-endpoint", endpoint, "--table", "t2"]);
    expect(run).toEqual({ code: 2, stdout: "", stderr: "itemfilter: the demo data has no table t2 (it has users, orders, readings, products); name one of them with --table\n" });
  });
});

describe("itemfilter serve --dynamodb-endpoint", () => {
  it("serves DynamoDB's tables through the same handler: demo credentials, Host check, paging", async () => {
    const serving = await startServe(["serve", "--dynamodb-endpoint", endpoint, "--port", "0"]);
    try {
      const client = createClient({ baseUrl: serving.url, applicationKey: "demo-app", authenticationToken: "demo-token" });
      const page = await client.listItems({ table: "users", filter: "age >= 60", limit: 10 });
      expect(page.items.every((u) => (u.age as number) >= 60)).toBe(true);
      const all = [];
      for await (const user of client.listAll({ table: "users", filter: "age >= 60", limit: 10 })) all.push(user);
      const local = await runCli(["list", "--table", "users", "--output", "json", "age >= 60"]);
      expect(byId(all)).toEqual(byId(JSON.parse(local.stdout)));
      const orders = await client.queryItems({ table: "orders", key: { primary: "u001" }, filter: 'beginsWith "2024-05"' });
      expect(orders.items.map((o) => o.orderedAt)).toEqual(["2024-05-05T16:53:00Z", "2024-05-05T18:40:00Z", "2024-05-07T11:40:00Z"]);
      client.close();
      // fetch will not send another Host, so node:http does.
      const refused = await new Promise<number | undefined>((resolve, reject) => {
        const req = request(`${serving.url}/listItems`, { method: "POST", headers: { "Content-Type": "application/json", Host: "evil.example" } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.on("error", reject);
        req.end("{}");
      });
      expect(refused).toBe(421);
      const wrong = await fetch(`${serving.url}/listItems`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ applicationKey: "demo-app", authenticationToken: "nope", table: "users" }) });
      expect(wrong.status).toBe(401);
      // Issue 33 §2: a 404 names no other table of the account.
      const missing = await fetch(`${serving.url}/listItems`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ applicationKey: "demo-app", authenticationToken: "demo-token", table: "user" }) });
      expect({ status: missing.status, body: await missing.text() }).toEqual({ status: 404, body: '{"error":{"code":404,"message":"there is no table \\"user\\""}}' });
    } finally {
      const run = await serving.stop();
      expect(run.code).toBe(0);
      const lines = run.stderr.split("\n");
      expect(lines[0]).toMatch(`Serving the DynamoDB tables at ${endpoint} (orders, people, pets, readings, ${TENANT_TABLE}, users; keys from DescribeTable) on ${run.stdout.trim()}`);
      // Issue 33 §2: on a loopback endpoint (DynamoDB Local) the demo key is let in, with a warning.
      expect(lines[1]).toBe(`Warning: every table of DynamoDB at ${endpoint} is served to the demo key, whose token is public; give --access FILE (or --app-key and --token-file) to choose who may read which table.`);
    }
  });

  it("serves each key of an access file its part of a shared table, as over the in-memory data (issue 31 §4)", async () => {
    const serving = await startServe(["serve", "--dynamodb-endpoint", endpoint, "--port", "0", "--access", "access.json"], { cwd: dir });
    try {
      await expectTenantScoped(serving.url);
    } finally {
      const run = await serving.stop();
      expect(run.code).toBe(0);
      expect(run.stderr).not.toContain("Warning: every table");
    }
  });

  it("stops at once when DynamoDB does not answer (exit 3)", async () => {
    const run = await runCli(["serve", "--dynamodb-endpoint", "http://127.0.0.1:9", "--port", "0"]);
    expect(run).toEqual({ code: 3, stdout: "", stderr: "itemfilter: DynamoDB at http://127.0.0.1:9 did not answer (ECONNREFUSED); is DynamoDB Local running there?\n" });
  });

  it("refuses --data with --dynamodb-endpoint (exit 2)", async () => {
    const run = await runCli(["serve", "--dynamodb-endpoint", endpoint, "--data", "x.json"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("mutually exclusive");
  });
});

describe("itemfilter find --dynamodb-endpoint", () => {
  it.each(['age < 30 or plan = "pro"', 'not (city in ("Oslo", "Lima")) and tags contains "beta"', "email is null", ""])("finds what find finds on the demo data: %s", async (filter) => {
    const dynamo = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "users", "--output", "json", filter]);
    const local = await runCli(["find", "--table", "users", "--output", "json", filter]);
    expect(dynamo.stderr).toBe("");
    expect(byId(JSON.parse(dynamo.stdout))).toEqual(byId(JSON.parse(local.stdout)));
    expect(JSON.parse(local.stdout).length).toBeGreaterThan(0);
  });

  it.each([
    ["orders", 'customer in ("u001", "u002")', "orderedAt desc"],
    ["orders", 'status != "cancelled"', "total desc"],
    ["users", "age >= 30", "city"],
  ])("%s: %s by %s gives what find over the demo data gives, in the same order, and --count its number", async (table, filter, orderBy) => {
    const dynamo = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", table, "--order-by", orderBy, "--limit", "4", "--output", "json", filter]);
    const local = await runCli(["find", "--table", table, "--order-by", orderBy, "--limit", "4", "--output", "json", filter]);
    expect(dynamo.code, dynamo.stderr).toBe(0);
    expect(JSON.parse(dynamo.stdout)).toEqual(JSON.parse(local.stdout));
    const counted = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", table, "--count", filter]);
    const all = await runCli(["find", "--table", table, "--output", "json", filter]);
    expect(counted).toEqual({ code: 0, stdout: `${JSON.parse(all.stdout).length}\n`, stderr: "" });
  });

  it("--explain says a partition Query by the sort key is read in order, backwards for desc", async () => {
    const run = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "orders", "--explain", "--order-by", "orderedAt desc", 'customer = "u001"']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"ScanIndexForward": false');
    expect(run.stdout).toContain("   order: read in order: a Query of the table returns each partition in its sort key 'orderedAt' order, read backwards (ScanIndexForward false)");
  });

  it("prints the Query it would send, with the keys read from DescribeTable", async () => {
    const run = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "orders", "--explain", "--json", 'customer = "u001" and orderedAt beginsWith "2024"']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        command: "Query",
        input: {
          TableName: "orders",
          KeyConditionExpression: "#n0 = :v0 AND begins_with(#n1, :v1)",
          ExpressionAttributeNames: { "#n0": "customer", "#n1": "orderedAt" },
          ExpressionAttributeValues: { ":v0": { S: "u001" }, ":v1": { S: "2024" } },
        },
        residual: null,
      },
    ]);
  });

  it("reads a global index the table's description names, and says why in --explain", async () => {
    const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: db.credentials });
    try {
      await client.send(
        new CreateTableCommand({
          TableName: "tickets",
          AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }, { AttributeName: "status", AttributeType: "S" }],
          KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
          GlobalSecondaryIndexes: [{ IndexName: "byStatus", KeySchema: [{ AttributeName: "status", KeyType: "HASH" }], Projection: { ProjectionType: "ALL" } }],
          BillingMode: "PAY_PER_REQUEST",
        }),
      );
      for (const [id, status] of [["t1", "open"], ["t2", "closed"], ["t3", "open"]]) await client.send(new PutItemCommand({ TableName: "tickets", Item: { id: { S: id! }, status: { S: status! } } }));
    } finally {
      client.destroy();
    }
    const explained = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "tickets", "--explain", 'status = "open"']);
    expect(explained.stdout).toBe(
      [
        "1 request on DynamoDB (keys: id):",
        "1. Query on index byStatus",
        JSON.stringify({ TableName: "tickets", IndexName: "byStatus", KeyConditionExpression: "#n0 = :v0", ExpressionAttributeNames: { "#n0": "status" }, ExpressionAttributeValues: { ":v0": { S: "open" } } }, null, 2),
        "   why: Query on global index byStatus: the filter pins 'status'; reads 1 partition whole",
        "   not the table: the filter does not pin 'id' (an equality or 'in') on every branch",
        "",
      ].join("\n"),
    );
    const found = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "tickets", "--output", "json", 'status = "open"']);
    expect(byId(JSON.parse(found.stdout))).toEqual([{ id: "t1", status: "open" }, { id: "t3", status: "open" }]);
    const ids = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "tickets", "--output", "json", "--fields", "id", 'status = "open"']);
    expect(byId(JSON.parse(ids.stdout))).toEqual([{ id: "t1" }, { id: "t3" }]);
    const projected = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "tickets", "--explain", "--json", "--fields", "id", 'status = "open"']);
    expect(JSON.parse(projected.stdout)[0].input.ProjectionExpression).toBe("#f0, #f1");
  });

  it("explains four filters on a table with two global indexes: one served by each, one a Scan with the reasons, one through the KEYS_ONLY index fetched by key", async () => {
    const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: db.credentials });
    try {
      await client.send(new CreateTableCommand({ TableName: "shipments", ...ORDERS_TWO_GSIS }));
      await writeTable({ client, table: "shipments", key: "tenant", sortKey: "id", items: orderItems() });
    } finally {
      client.destroy();
    }
    const explain = (...args: string[]) => runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "shipments", "--explain", ...args]);
    const head = "1 request on DynamoDB (keys: tenant, sort key id):";
    const notTable = "   not the table: the filter does not pin 'tenant' (an equality or 'in') on every branch";
    const keysOnly = "   not byRegion: the filter does not pin 'region' (an equality or 'in') on every branch";
    const input = (more: Record<string, unknown>) => JSON.stringify({ TableName: "shipments", ...more }, null, 2);
    expect(await explain('status = "shipped" and placed >= 2')).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        head,
        "1. Query on index byStatus",
        input({ IndexName: "byStatus", KeyConditionExpression: "#n0 = :v0 AND #n1 >= :v1", ExpressionAttributeNames: { "#n0": "status", "#n1": "placed" }, ExpressionAttributeValues: { ":v0": { S: "shipped" }, ":v1": { N: "2" } } }),
        "   why: Query on global index byStatus: the filter pins 'status'; reads 1 partition narrowed by 'placed'",
        notTable,
        keysOnly,
        "",
      ].join("\n"),
    });
    expect(await explain("--fields", "tenant,id,region", 'region = "eu"')).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        head,
        "1. Query on index byRegion",
        input({ IndexName: "byRegion", KeyConditionExpression: "#n0 = :v0", ExpressionAttributeNames: { "#n0": "region", "#f0": "region", "#f1": "tenant", "#f2": "id" }, ExpressionAttributeValues: { ":v0": { S: "eu" } }, ProjectionExpression: "#f0, #f1, #f2" }),
        "   why: Query on global index byRegion: the filter pins 'region'; reads 1 partition whole",
        notTable,
        "   not byStatus: the filter does not pin 'status' (an equality or 'in') on every branch",
        "",
      ].join("\n"),
    });
    expect(await explain('status = "shipped"')).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        head,
        "1. Scan",
        input({ FilterExpression: "#n0 = :v0", ExpressionAttributeNames: { "#n0": "status" }, ExpressionAttributeValues: { ":v0": { S: "shipped" } } }),
        "   why: Scan of the table: no table or index serves the filter",
        notTable,
        keysOnly,
        "   not byStatus: it is sparse: items without 'placed' are not in it, and the filter does not require 'placed' on every branch",
        "",
      ].join("\n"),
    });
    // Issue 41: the KEYS_ONLY index is read, and the whole items fetched by key.
    expect(await explain('region = "eu"')).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        head,
        "1. Query on index byRegion",
        input({ IndexName: "byRegion", KeyConditionExpression: "#n0 = :v0", ExpressionAttributeNames: { "#n0": "region" }, ExpressionAttributeValues: { ":v0": { S: "eu" } } }),
        "   then the whole items fetched by key (tenant, id) with BatchGetItem, 100 keys a call, each checked again",
        "   why: Query on global index byRegion: the filter pins 'region'; reads 1 partition whole; fetches the rest by key (BatchGetItem), since it projects only the keys (KEYS_ONLY), and items are returned whole (about 12 items read, against 60 for a Scan)",
        notTable,
        "   not byStatus: the filter does not pin 'status' (an equality or 'in') on every branch",
        "",
      ].join("\n"),
    });
  });

  it.each([
    [
      ["--no-scan", "--table", "tickets", 'id != "t1"'],
      "itemfilter: this filter has to read the whole table; narrow it to what the table is keyed by (E_DYNAMO_SCAN); allowScan is false and the plan is a Scan: pin 'id' with = or in on every branch, or add a global index keyed on an attribute the filter pins that way; indexes not usable: byStatus: the filter does not pin 'status' (an equality or 'in') on every branch\n",
    ],
    [
      ["--max-items-read", "2", "--table", "tickets", 'id != "t1"'],
      "itemfilter: this filter has to read the whole table 'tickets', about 3 items, more than the 2 it may read (E_DYNAMO_READ_LIMIT); nothing was sent; the estimate is DescribeTable's ItemCount: narrow the filter to a partition or an index, or raise maxItemsRead\n",
    ],
    [
      ["--max-items-read", "1", "--table", "tickets", 'status = "open"'],
      "itemfilter: this filter read more than 1 item of table 'tickets', the most it may read; nothing more was read (E_DYNAMO_READ_LIMIT); narrow the filter to a partition or an index (explain shows the plan), or raise maxItemsRead\n",
    ],
  ])("refuses a filter past the guards with exit 1: %j", async (args, stderr) => {
    const run = await runCli(["find", "--dynamodb-endpoint", endpoint, "--output", "json", ...args]);
    expect([run.code, run.stderr]).toEqual([1, stderr]);
  });

  it("runs a Scan in --segments parallel segments, and says so in --explain", async () => {
    const explained = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "users", "--explain", "--json", "--segments", "3", "age > 30"]);
    expect(JSON.parse(explained.stdout)[0].input.TotalSegments).toBe(3);
    const dynamo = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "users", "--output", "json", "--segments", "3", "age > 30"]);
    const local = await runCli(["find", "--table", "users", "--output", "json", "age > 30"]);
    expect(byId(JSON.parse(dynamo.stdout))).toEqual(byId(JSON.parse(local.stdout)));
  });

  it("takes --no-scan and --max-items-read only with --dynamodb-endpoint", async () => {
    expect(await runCli(["find", "--table", "users", "--no-scan", "age > 1"])).toEqual({ code: 2, stdout: "", stderr: expect.stringContaining("--no-scan goes with --dynamodb-endpoint") });
  });

  it("stops at --limit and says so", async () => {
    const run = await runCli(["find", "--dynamodb-endpoint", endpoint, "--table", "users", "--output", "ndjson", "--limit", "2", "age > 0"]);
    expect(run.stdout.trim().split("\n")).toHaveLength(2);
    expect(run.stderr).toBe("Stopped after 2 items (--limit or --max-pages); more may follow.\n");
  });

  it.each([
    [["--table", "nope", "a = 1"], 3, () => `itemfilter: there is no table 'nope' at ${endpoint}; load one with itemfilter load\n`],
    [["--table", "users", "a ="], 1, () => "E_SYNTAX: expected a value after '=', found end of input (1:4)\n1 | a =\n  |    ^\n"],
  ])("reports %j", async (args, code, stderr) => {
    const run = await runCli(["find", "--dynamodb-endpoint", endpoint, ...args]);
    expect(run).toEqual({ code, stdout: "", stderr: stderr() });
  });
});

describe("the built binary on DynamoDB", () => {
  const bin = join(dirname(fileURLToPath(import.meta.url)), "..", "bin", "itemfilter.mjs");
  // The SDK's switch for its Node version notice, where vitest.config.ts sets it (Node 20 only); the notice's own test runs without it.
  const NOTICE = "AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED";
  const noticeOff = process.env[NOTICE] === undefined ? {} : { [NOTICE]: process.env[NOTICE] };
  const spawn = (env: Record<string, string>, args: string[], notice = false) =>
    spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: dir, NO_COLOR: "1", AWS_EC2_METADATA_DISABLED: "true", ...(notice ? {} : noticeOff), ...env }, timeout: 60_000 });

  // Issue 44: the CLI no longer turns the SDK's notice off. On a supported Node (22 and 24) the SDK prints none;
  // on Node 20 (end of life, not supported) the person sees the SDK's own notice, once, as the README explains.
  it("has stderr free of the AWS SDK's Node version notice on Node 22 and later, and shows it on Node 20", () => {
    const run = spawn(db.env, ["find", "--dynamodb-endpoint", endpoint, "--table", "users", "--output", "ndjson", 'id = "u001"'], true);
    expect(run.status).toBe(0);
    if (Number(process.versions.node.split(".")[0]) >= 22) expect(run.stderr).toBe("");
    else expect(run.stderr.match(/NodeVersionSupportWarning: The AWS SDK for JavaScript \(v3\)/g)).toHaveLength(1);
  });

  it("says how to give credentials when the AWS SDK finds none, and how to give a region", () => {
    const noCredentials = spawn({ AWS_REGION: "us-east-1" }, ["find", "--dynamodb-endpoint", endpoint, "--table", "users", "a = 1"]);
    expect({ status: noCredentials.status, stderr: noCredentials.stderr }).toEqual({
      status: 3,
      stderr: "itemfilter: no AWS credentials were found (the AWS SDK's standard chain: environment, ~/.aws, SSO, instance roles); for DynamoDB Local any will do: AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local AWS_REGION=us-east-1\n",
    });
    const noRegion = spawn({ AWS_ACCESS_KEY_ID: "local", AWS_SECRET_ACCESS_KEY: "local" }, ["find", "--dynamodb-endpoint", endpoint, "--table", "users", "a = 1"]);
    expect({ status: noRegion.status, stderr: noRegion.stderr }).toEqual({ status: 2, stderr: "itemfilter: no AWS region is set; give --dynamodb-region, or set AWS_REGION (any region works for DynamoDB Local)\n" });
  });
});

describe("itemfilter load while DynamoDB Local is starting", () => {
  async function freePort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it("waits until the endpoint listens, says so once, then loads", async () => {
    // A port that refuses connections for a while, then forwards to DynamoDB Local: a DynamoDB Local just started.
    const port = await freePort();
    const late = `http://127.0.0.1:${port}`;
    let proxy: Server | undefined;
    const opening = setTimeout(() => {
      proxy = createServer((socket) => socket.pipe(connect(Number(new URL(endpoint).port), "127.0.0.1")).pipe(socket)).listen(port, "127.0.0.1");
    }, 800);
    try {
      const run = await runCli(["load", "--dynamodb-endpoint", late, "--table", "products"]);
      expect(run).toEqual({
        code: 0,
        stdout: '{"table":"products","created":true,"written":12}\n',
        stderr: `Waiting up to 30 s for DynamoDB at ${late} to answer…\nLoading 12 items into products (key sku) at ${late}\nCreated table products: 12 items.\n`,
      });
    } finally {
      clearTimeout(opening);
      await new Promise((resolve) => (proxy === undefined ? resolve(undefined) : proxy.close(resolve)));
    }
  });

  it.each([
    [["--wait", "0"], "itemfilter: DynamoDB at http://127.0.0.1:9 did not answer (ECONNREFUSED); is DynamoDB Local running there?\n"],
    [["--wait", "1"], "Waiting up to 1 s for DynamoDB at http://127.0.0.1:9 to answer…\nitemfilter: DynamoDB at http://127.0.0.1:9 did not answer within 1 s (ECONNREFUSED); is DynamoDB Local running there?\n"],
  ])("gives up after %j when nothing listens (exit 3)", async (wait, stderr) => {
    const run = await runCli(["load", "--dynamodb-endpoint", "http://127.0.0.1:9", "--table", "users", ...wait]);
    expect(run).toEqual({ code: 3, stdout: "", stderr });
  });

  it("stops waiting on Ctrl-C (exit 130)", async () => {
    // Ctrl-C once it says it waits (not after a fixed time: on a loaded machine the first refusal can come later).
    const controller = new AbortController();
    const stderr = new (class extends Capture {
      override _write(chunk: Buffer | string, encoding: BufferEncoding, done: () => void): void {
        super._write(chunk, encoding, done);
        if (this.text.includes("to answer…\n")) controller.abort();
      }
    })();
    const stdout = new Capture();
    const code = await createCli({ env: {}, stdin: Readable.from([]), stdout, stderr, signal: controller.signal }).run(["load", "--dynamodb-endpoint", "http://127.0.0.1:9", "--table", "users"]);
    expect({ code, stdout: stdout.text, stderr: stderr.text }).toEqual({ code: 130, stdout: "", stderr: "Waiting up to 30 s for DynamoDB at http://127.0.0.1:9 to answer…\nitemfilter: interrupted\n" });
  });

  it.each([["-1"], ["x"], ["601"]])("refuses --wait %s (exit 2)", async (value) => {
    const run = await runCli(["load", "--dynamodb-endpoint", "http://127.0.0.1:9", "--table", "users", "--wait", value]);
    expect(run).toEqual({ code: 2, stdout: "", stderr: "itemfilter: --wait must be a whole number from 0 to 600\n" });
  });
});
