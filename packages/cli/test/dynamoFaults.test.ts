import { DeleteItemCommand, ListTablesCommand, PutItemCommand, ScanCommand } from "@aws-sdk/client-dynamodb";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { localClient } from "../../../test/support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../../../test/support/dynamoDbLocal.js";
import { startThrottlingProxy, type FaultRule, type ThrottlingProxy } from "../../../test/support/throttlingProxy.js";
import { runCli } from "./runCli.js";

// load and find on DynamoDB Local behind a proxy that throttles, fails or cuts the calls chosen.
// The AWS SDK reads process.env itself; the retry policy's first wait (1 ms here) comes from the command's env.
const AWS_NAMES = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION"];
const saved = Object.fromEntries(AWS_NAMES.map((name) => [name, process.env[name]]));
const FAST = { env: { ITEMFILTER_DYNAMODB_RETRY_MS: "1" } };
const dir = mkdtempSync(join(tmpdir(), "itemfilter-faults-"));
const line = (i: number, extra: Record<string, unknown> = {}) => JSON.stringify({ id: `i${String(i).padStart(4, "0")}`, n: i, ...extra });
const ndjson = (count: number, extra: (i: number) => Record<string, unknown> = () => ({})) => Array.from({ length: count }, (_, i) => line(i + 1, extra(i + 1))).join("\n") + "\n";
// A blank first line: each item's line is one more than its number, so a message that says "line" means the line.
writeFileSync(join(dir, "hundred.ndjson"), `\n${ndjson(100)}`);
writeFileSync(join(dir, "thousands.ndjson"), ndjson(3000));

let db: DynamoDbLocalDatabase;
let proxy: ThrottlingProxy;
const direct = () => localClient(db);

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  proxy = await startThrottlingProxy(db.endpoint, { seed: 7 });
  Object.assign(process.env, db.env);
}, 120_000);
afterEach(() => {
  proxy.rules = [];
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await proxy?.stop();
  await db?.stop();
});

async function count(table: string): Promise<number> {
  const client = direct();
  try {
    return (await client.send(new ScanCommand({ TableName: table, Select: "COUNT" }))).Count ?? 0;
  } finally {
    client.destroy();
  }
}

async function tables(): Promise<string[]> {
  const client = direct();
  try {
    return (await client.send(new ListTablesCommand({}))).TableNames ?? [];
  } finally {
    client.destroy();
  }
}

const load = (table: string, data: string, ...extra: string[]) => runCli(["load", "--dynamodb-endpoint", proxy.endpoint, "--table", table, "--data", data, "--key", "id", ...extra], { cwd: dir, ...FAST });

describe("load through throttling and failures", () => {
  it.each<[string, FaultRule["fault"]]>([
    ["throttled", "throttle"],
    ["answered 500", 500],
    ["answered 503", 503],
    ["cut off", "cut"],
  ])("writes every item when the first two BatchWriteItem calls are %s", async (name, fault) => {
    const table = `first-two-${name.replace(/\W/g, "")}`;
    const before = proxy.calls("BatchWriteItem");
    proxy.rules = [{ operation: "BatchWriteItem", fault, calls: [before + 1, before + 2] }];
    const run = await load(table, "hundred.ndjson");
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: `{"table":"${table}","created":true,"written":100}\n` });
    // Four batches and the two calls refused.
    expect(proxy.calls("BatchWriteItem") - before).toBe(6);
    expect(await count(table)).toBe(100);
  });

  it("finishes 3,000 items with 30% of the calls throttled, each retried until written", async () => {
    proxy.rules = [{ operation: "BatchWriteItem", fault: "throttle", rate: 0.3 }];
    const faultedBefore = proxy.faulted("BatchWriteItem");
    const run = await load("thirty", "thousands.ndjson");
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: '{"table":"thirty","created":true,"written":3000}\n' });
    expect(proxy.faulted("BatchWriteItem") - faultedBefore).toBeGreaterThan(5);
    expect(await count("thirty")).toBe(3000);
  });

  it("gives up after 10 retries without progress (exit 3), says how many were written and where to resume, and resumes there", async () => {
    proxy.rules = [{ operation: "BatchWriteItem", fault: "throttle", from: proxy.calls("BatchWriteItem") + 3 }];
    const before = proxy.calls("BatchWriteItem");
    const run = await load("stopped", "hundred.ndjson");
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr.split("\n").slice(-2).join("\n")).toBe(
      "itemfilter: DynamoDB answered ProvisionedThroughputExceededException: The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API. through 10 retries in a row without progress (throttled); 50 of 100 items were written; to write the rest, run the same command with --resume-from 52\n",
    );
    // Two batches written, then the third's first try and its 10 retries.
    expect(proxy.calls("BatchWriteItem") - before).toBe(2 + 11);
    expect(await count("stopped")).toBe(50);

    proxy.rules = [];
    const resumed = await load("stopped", "hundred.ndjson", "--resume-from", "52");
    expect(resumed).toEqual({
      code: 0,
      stdout: '{"table":"stopped","created":false,"written":50,"skipped":50}\n',
      stderr: `Loading 50 of 100 items (from line 52) into stopped (key id) at ${proxy.endpoint}\nWrote into the existing table stopped: 50 items.\n`,
    });
    expect(await count("stopped")).toBe(100);
  });

  it.each(["fast", "-1", "10000000"])("refuses ITEMFILTER_DYNAMODB_RETRY_MS=%s (exit 2)", async (value) => {
    const run = await runCli(["load", "--dynamodb-endpoint", proxy.endpoint, "--table", "t-env", "--data", "hundred.ndjson", "--key", "id"], { cwd: dir, env: { ITEMFILTER_DYNAMODB_RETRY_MS: value } });
    expect(run).toEqual({ code: 2, stdout: "", stderr: `itemfilter: ITEMFILTER_DYNAMODB_RETRY_MS must be a whole number of milliseconds from 0 to 9999999, not "${value}"\n` });
  });

  it("refuses a --resume-from past the last item (exit 2)", async () => {
    const run = await load("t-past", "hundred.ndjson", "--resume-from", "102");
    expect(run).toEqual({ code: 2, stdout: "", stderr: "itemfilter: --resume-from 102: hundred.ndjson has no item on or after line 102 (its last item is on line 101)\n" });
  });
});

describe("load checks every item against DynamoDB's rules before the first write", () => {
  const big = "x".repeat(410 * 1024);
  const deep = (levels: number): unknown => (levels === 0 ? "leaf" : { a: deep(levels - 1) });
  const files: [string, string, string][] = [
    ["big.ndjson", ndjson(120, (i) => (i === 101 ? { big } : {})), "big.ndjson line 101: the item is 419,854 bytes as DynamoDB counts them, over its limit of 409,600 (400 KB)"],
    ["empty-name.ndjson", ndjson(40, (i) => (i === 26 ? { "": 1 } : {})), "empty-name.ndjson line 26: the item has an attribute with an empty name, which DynamoDB refuses"],
    ["nested-name.ndjson", ndjson(3, (i) => (i === 3 ? { m: { list: [{ "": 1 }] } } : {})), "nested-name.ndjson line 3: 'm.list[0]' has an attribute with an empty name, which DynamoDB refuses"],
    ["deep.ndjson", ndjson(3, (i) => (i === 2 ? { d: deep(32) } : {})), "deep.ndjson line 2: 'd' nests 33 levels deep; DynamoDB takes at most 32"],
    ["long-key.ndjson", `${line(1)}\n${JSON.stringify({ id: "k".repeat(2049) })}\n`, "long-key.ndjson line 2: the partition key 'id' is 2049 bytes; DynamoDB takes at most 2048"],
    [
      "tables.json",
      `{"tables": {"other": {"primaryKey": "id", "items": [{"id": "x", "":1}]},\n  "t": {"primaryKey": "id", "items": [\n    {"id": "a"},\n    {"id": "b", "s": "]}\\""}, {"id": "c"},\n    {"id": "d", "": 2}\n  ]}}}\n`,
      "tables.json line 5: the item has an attribute with an empty name, which DynamoDB refuses",
    ],
    ["linked.ndjson", `${line(1)}\n\n${line(2, { "": 0 })}\n`, ""],
    ["linked.json", '{"tables": {"t": {"primaryKey": "id", "items": "linked.ndjson"}}}', "linked.ndjson line 3: the item has an attribute with an empty name, which DynamoDB refuses"],
    ["dup.ndjson", `${line(1)}\n${line(2)}\n${line(3)}\n${line(2)}\n`, "dup.ndjson lines 2 and 4 hold items with the same key; each item needs its own"],
  ];
  for (const [name, text] of files) writeFileSync(join(dir, name), text);

  it.each(files.filter(([name]) => name !== "linked.ndjson"))("%s: names the file, the line and the rule, and writes nothing (exit 2)", async (name, _text, message) => {
    const table = `refused-${name.replace(/\W/g, "-")}`;
    const run = name.endsWith(".json")
      ? await runCli(["load", "--dynamodb-endpoint", proxy.endpoint, "--table", "t", "--data", name], { cwd: dir, ...FAST })
      : await load(table, name);
    expect({ code: run.code, stdout: run.stdout, last: run.stderr.split("\n").slice(-2).join("\n") }).toEqual({
      code: 2,
      stdout: "",
      last: `itemfilter: cannot load into ${name.endsWith(".json") ? "t" : table}: ${message}; nothing was written\n`,
    });
    expect(await tables()).not.toContain(name.endsWith(".json") ? "t" : table);
  });

  it("refuses a number no store holds as the data file is read, naming its line and where it is (issue 32: the file reader keeps every other number exactly)", async () => {
    writeFileSync(join(dir, "tiny.ndjson"), ndjson(2, (i) => (i === 2 ? { tiny: [1, 5e-324] } : {})));
    const run = await load("refused-tiny", "tiny.ndjson");
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: "" });
    expect(run.stderr).toMatch(/^itemfilter: cannot load the data file: E_FILE_JSON: \S*tiny\.ndjson:2: the number 5e-324 at tiny\[1\] is not one DynamoDB can hold \(beyond 1e-130 to below 1e126\); write it as a string to keep it \(column \d+\)\n$/);
    expect(await tables()).not.toContain("refused-tiny");
  });

  it("takes an item of exactly 400 KB as DynamoDB counts it", async () => {
    // "id" 2 + "i0001" 5, "n" 1 + 2 (the number 1: a byte of digits, one of exponent), "s" 1: 11 bytes besides the string.
    writeFileSync(join(dir, "edge.ndjson"), `${line(1, { s: "y".repeat(409_600 - 11) })}\n`);
    const run = await load("edge", "edge.ndjson");
    expect(run.code).toBe(0);
    writeFileSync(join(dir, "over.ndjson"), `${line(1, { s: "y".repeat(409_600 - 10) })}\n`);
    const over = await load("over", "over.ndjson");
    expect(over.stderr).toContain("over.ndjson line 1: the item is 409,601 bytes as DynamoDB counts them");
  });
});

describe("find through throttling", () => {
  beforeAll(async () => {
    const run = await load("found", "hundred.ndjson");
    if (run.code !== 0) throw new Error(run.stderr);
  });
  const find = () => runCli(["find", "--dynamodb-endpoint", proxy.endpoint, "--table", "found", "--output", "ndjson", "n > 90"], FAST);

  it("retries a throttled Scan and a throttled DescribeTable, and finds every item", async () => {
    proxy.rules = [
      { operation: "Scan", fault: "throttle", calls: [1, 2, 3].map((i) => proxy.calls("Scan") + i) },
      { operation: "DescribeTable", fault: "throttle", calls: [proxy.calls("DescribeTable") + 1] },
    ];
    const run = await find();
    expect({ code: run.code, stderr: run.stderr, lines: run.stdout.trim().split("\n").length }).toEqual({ code: 0, stderr: "", lines: 10 });
  });

  it("finds an item whose number no double holds, every digit printed (issue 32; it was exit 3: 'store numbers of at most 15 to 17 significant digits')", async () => {
    const client = direct();
    try {
      await client.send(new PutItemCommand({ TableName: "found", Item: { id: { S: "i9999" }, n: { N: "12345678901234567891" } } }));
      const run = await runCli(["find", "--dynamodb-endpoint", proxy.endpoint, "--table", "found", "--output", "ndjson", 'id = "i9999"'], FAST);
      // The key first, then the rest by name; the number is printed as a JSON number with every digit.
      expect({ code: run.code, stderr: run.stderr, stdout: run.stdout }).toEqual({ code: 0, stderr: "", stdout: '{"id":"i9999","n":12345678901234567891}\n' });
    } finally {
      await client.send(new DeleteItemCommand({ TableName: "found", Key: { id: { S: "i9999" } } }));
      client.destroy();
    }
  });

  it("gives up after the retry bound with exit 3 and DynamoDB's own error shown", async () => {
    proxy.rules = [{ operation: "Scan", fault: "throttle", from: 1 }];
    const run = await find();
    expect(run).toEqual({
      code: 3,
      stdout: "",
      stderr:
        "itemfilter: DynamoDB did not run the Scan on table 'found' through 10 retries in a row: ProvisionedThroughputExceededException: The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.; DynamoDB is throttling the table: try again later, or give it more capacity\n",
    });
  });
});
