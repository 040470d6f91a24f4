import { createClient, ServiceError } from "@itemfilter/client";
import { writeTable } from "@itemfilter/dynamodb/store";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { localClient } from "../../../test/support/dynamoBackend.js";
import { startDynamoDbLocal, type DynamoDbLocal } from "../../../test/support/dynamoDbLocal.js";
import { startThrottlingProxy, type ThrottlingProxy } from "../../../test/support/throttlingProxy.js";
import { runCli, startServe } from "./runCli.js";

/*
 * --timeout (issue 40 §3): find, load and serve on a DynamoDB that does not
 * answer (frozen with SIGSTOP, or a call the proxy holds) end with exit 3 and
 * a clear message when the retry policy gives up, and serve answers
 * throttling within --timeout as a 429 with Retry-After. The retry policy's
 * first wait is 1 ms here; timeouts are a second, and nothing asserts how
 * long a run took.
 */
const AWS_NAMES = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION"];
const saved = Object.fromEntries(AWS_NAMES.map((name) => [name, process.env[name]]));
const FAST = { env: { ITEMFILTER_DYNAMODB_RETRY_MS: "1" } };
const dir = mkdtempSync(join(tmpdir(), "itemfilter-timeouts-"));
writeFileSync(join(dir, "ten.ndjson"), Array.from({ length: 10 }, (_, i) => JSON.stringify({ id: `i${i}`, n: i })).join("\n") + "\n");

let db: DynamoDbLocal;
let proxy: ThrottlingProxy;

beforeAll(async () => {
  db = await startDynamoDbLocal();
  proxy = await startThrottlingProxy(db.endpoint, { seed: 11 });
  Object.assign(process.env, db.env);
  const client = localClient(db);
  try {
    await writeTable({ client, table: "found", key: "id", items: Array.from({ length: 10 }, (_, i) => ({ id: `i${i}`, n: i })) });
  } finally {
    client.destroy();
  }
  // Warm the JVM, so a one-second timeout meets only the faults a test sets.
  for (let i = 0; i < 3; i++) await runCli(["find", "--dynamodb-endpoint", db.endpoint, "--table", "found", "--output", "ndjson"], FAST);
}, 120_000);
afterEach(() => {
  proxy.rules = [];
  db.resume();
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await proxy?.stop();
  await db?.stop();
});

describe("find --dynamodb-endpoint --timeout", () => {
  it("ends with exit 3 when a frozen DynamoDB never answers the Scan", async () => {
    db.pause();
    const run = await runCli(["find", "--dynamodb-endpoint", db.endpoint, "--table", "found", "--primary-key", "id", "--timeout", "0.3", "n > 5"], FAST);
    expect(run).toEqual({
      code: 3,
      stdout: "",
      stderr:
        `itemfilter: DynamoDB at ${db.endpoint} did not answer within 0.3 s; trying again, up to 10 times in a row (--timeout sets the wait)\n` +
        `itemfilter: DynamoDB did not run the Scan on table 'found' through 10 retries in a row: TimeoutError: DynamoDB did not answer within 300 ms; is DynamoDB at ${db.endpoint} running, and reachable? (--timeout sets the wait, 0.3 s now)\n`,
    });
  });

  it("ends with exit 3 when a frozen DynamoDB never answers DescribeTable", async () => {
    db.pause();
    const run = await runCli(["find", "--dynamodb-endpoint", db.endpoint, "--table", "found", "--timeout", "0.3", "n > 5"], FAST);
    expect(run).toEqual({
      code: 3,
      stdout: "",
      stderr:
        `itemfilter: DynamoDB at ${db.endpoint} did not answer within 0.3 s; trying again, up to 10 times in a row (--timeout sets the wait)\n` +
        `itemfilter: DynamoDB at ${db.endpoint} did not answer within 0.3 s through 10 retries in a row; is it running, and reachable? (--timeout sets the wait)\n`,
    });
  });

  it("retries a Scan the proxy holds unanswered, and finds the items", async () => {
    proxy.rules = [{ operation: "Scan", fault: "hang", calls: [proxy.calls("Scan") + 1] }];
    const run = await runCli(["find", "--dynamodb-endpoint", proxy.endpoint, "--table", "found", "--timeout", "1", "--output", "ndjson", "n > 7"], FAST);
    expect({ code: run.code, stderr: run.stderr, lines: run.stdout.trim().split("\n").length }).toEqual({
      code: 0,
      stderr: `itemfilter: DynamoDB at ${proxy.endpoint} did not answer within 1 s; trying again, up to 10 times in a row (--timeout sets the wait)\n`,
      lines: 2,
    });
    expect(proxy.faulted("Scan")).toBeGreaterThanOrEqual(1);
  });

  it.each([["0"], ["-1"], ["abc"], ["3601"], ["0.0001"]])("refuses --timeout %s (exit 2)", async (value) => {
    const run = await runCli(["find", "--dynamodb-endpoint", db.endpoint, "--table", "found", "--timeout", value, "n > 5"], FAST);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--timeout must be a number of seconds from 0.001 to 3600, such as 30 or 0.5");
  });
});

describe("load --timeout", () => {
  it("retries a BatchWriteItem the proxy holds unanswered, and writes every item", async () => {
    proxy.rules = [{ operation: "BatchWriteItem", fault: "hang", calls: [proxy.calls("BatchWriteItem") + 1] }];
    const run = await runCli(["load", "--dynamodb-endpoint", proxy.endpoint, "--table", "held", "--data", "ten.ndjson", "--key", "id", "--timeout", "1"], { cwd: dir, ...FAST });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: '{"table":"held","created":true,"written":10}\n' });
    expect(run.stderr).toContain(`itemfilter: DynamoDB at ${proxy.endpoint} did not answer within 1 s; trying again, up to 10 times in a row (--timeout sets the wait)\n`);
  });
});

describe("serve --dynamodb-endpoint --timeout", () => {
  it("answers throttling within --timeout as 429 with Retry-After, and the client reports the throttling after honouring it", async () => {
    // The default first wait (100 ms, doubling): without the budget the server would retry for half a minute.
    // 3 s, not 1: --timeout is also each call's limit, and on a loaded machine a throttled call answered after a
    // second would be a timeout, the answer a 503.
    const serve = await startServe(["serve", "--dynamodb-endpoint", proxy.endpoint, "--port", "0", "--timeout", "3"], { env: { ITEMFILTER_APPLICATION_KEY: "k", ITEMFILTER_AUTH_TOKEN: "t" } });
    try {
      proxy.rules = [{ operation: "Scan", fault: "throttle", from: 1 }];
      const waits: number[] = [];
      const client = createClient({ baseUrl: serve.url, applicationKey: "k", authenticationToken: "t", timeoutMs: 5_000, sleep: async (ms: number) => void waits.push(ms) });
      const error = await client.listItems({ table: "found" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect({ status: (error as ServiceError).status, message: (error as ServiceError).serviceMessage, waits }).toEqual({
        status: 429,
        message: 'DynamoDB is throttling reads of table "found" (ProvisionedThroughputExceededException); try again later',
        waits: [1000, 1000],
      });
    } finally {
      await serve.stop();
    }
  });
});

describe("list --base-url --timeout", () => {
  it("is the client's timeoutMs: a service that never answers is E_TIMEOUT, exit 3", async () => {
    const server = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    try {
      const { port } = server.address() as { port: number };
      const run = await runCli(["list", "--base-url", `http://127.0.0.1:${port}`, "--table", "t", "--timeout", "0.2"], { env: { ITEMFILTER_APPLICATION_KEY: "k", ITEMFILTER_AUTH_TOKEN: "secret-token" } });
      expect(run).toEqual({ code: 3, stdout: "", stderr: "itemfilter: E_TIMEOUT: listItems: no complete response within 200 ms (timeoutMs) (after 3 attempts)\n" });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
