import { DynamoDBClient, ScanCommand } from "@aws-sdk/client-dynamodb";
import { createClient, ServiceError } from "@itemfilter/client";
import { DynamoRunError, findAll, RequestTimeoutError } from "@itemfilter/dynamodb/run";
import { createDynamoStore, writeTable } from "@itemfilter/dynamodb/store";
import { createEmulator, type Emulator, type Item } from "@itemfilter/emulator";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { localClient } from "../support/dynamoBackend.js";
import { startDynamoDbLocal, type DynamoDbLocal } from "../support/dynamoDbLocal.js";
import { startThrottlingProxy, type ThrottlingProxy } from "../support/throttlingProxy.js";

/*
 * Time limits on DynamoDB calls (issue 40 §3): a call that gets no answer is
 * aborted after the policy's timeoutMs and retried as a transient fault, and
 * the store behind `serve` answers throttling within its answer budget, a
 * 429 with Retry-After that the client honours, instead of retrying past the
 * client's own timeout. Faults come from the proxy ("hang" holds a call
 * unanswered) and from DynamoDB Local frozen with SIGSTOP. Timeouts are short
 * here through the options; no test asserts how long anything took.
 */
const CREDENTIALS = { applicationKey: "timeouts-key", authenticationToken: "timeouts-token" };
const ITEMS: Item[] = Array.from({ length: 30 }, (_, i) => ({ id: `i${i}`, n: i }));
// Long enough for DynamoDB Local on a loaded machine to answer, short enough for a test that waits it out.
const SHORT = { baseDelayMs: 1, timeoutMs: 1000 };

let db: DynamoDbLocal;
let proxy: ThrottlingProxy;
let direct: DynamoDBClient;
let viaProxy: DynamoDBClient;

beforeAll(async () => {
  db = await startDynamoDbLocal();
  proxy = await startThrottlingProxy(db.endpoint, { seed: 5 });
  direct = localClient(db);
  viaProxy = new DynamoDBClient({ endpoint: proxy.endpoint, region: "us-east-1", credentials: db.credentials, maxAttempts: 1 });
  await writeTable({ client: direct, table: "items", key: "id", items: ITEMS });
  // The JVM's first Scans are slow while it warms up; a test's short timeout should meet only the faults it sets.
  for (let i = 0; i < 5; i++) await viaProxy.send(new ScanCommand({ TableName: "items" }));
}, 120_000);
afterEach(() => {
  proxy.rules = [];
  db.resume();
});
afterAll(async () => {
  viaProxy?.destroy();
  direct?.destroy();
  await proxy?.stop();
  await db?.stop();
});

const collect = async <T>(items: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};
const next = (operation: string, ...offsets: number[]) => offsets.map((i) => proxy.calls(operation) + i);

describe("findAll under a time limit", () => {
  it("retries a Scan that gets no answer, and finds every item", async () => {
    const [a, b] = next("Scan", 1, 2);
    proxy.rules = [{ operation: "Scan", fault: "hang", calls: [a!, b!] }];
    const before = proxy.calls("Scan");
    const told: unknown[] = [];
    const retry = { ...SHORT, onRetry: ({ error, retry }: { error: unknown; retry: number }) => told.push([(error as Error).name, (error as RequestTimeoutError).timeoutMs, retry]) };
    expect((await collect(findAll(viaProxy, { TableName: "items", filter: "n >= 0", retry }))).length).toBe(30);
    expect(proxy.calls("Scan") - before).toBe(3);
    // onRetry heard of each, the timeout named.
    expect(told).toEqual([
      ["TimeoutError", 1000, 1],
      ["TimeoutError", 1000, 2],
    ]);
  });

  it("gives up with E_DYNAMO_BUSY when no attempt is answered, the timeout in its message, params and cause", async () => {
    proxy.rules = [{ operation: "Scan", fault: "hang", from: 1 }];
    const before = proxy.calls("Scan");
    const error = await collect(findAll(viaProxy, { TableName: "items", filter: "", retry: { ...SHORT, retries: 2 } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynamoRunError);
    expect(error).toMatchObject({
      code: "E_DYNAMO_BUSY",
      message: "DynamoDB did not run the Scan on table 'items' through 2 retries in a row: TimeoutError: DynamoDB did not answer within 1000 ms",
      hint: "DynamoDB is stopped, unreachable or slower than the timeout (1000 ms a call): check the endpoint, or give a longer retry.timeoutMs",
      params: { timeoutMs: 1000 },
    });
    expect((error as DynamoRunError).cause).toBeInstanceOf(RequestTimeoutError);
    expect(proxy.calls("Scan") - before).toBe(3);
  });

  it("gives up on a frozen DynamoDB Local (SIGSTOP), DescribeTable included", async () => {
    db.pause();
    const error = await collect(findAll(direct, { TableName: "items", filter: 'id = "i3"', keys: { partition: "id" }, retry: { ...SHORT, retries: 1 } })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_DYNAMO_BUSY", message: "DynamoDB did not run the DescribeTable on table 'items' through 1 retries in a row: TimeoutError: DynamoDB did not answer within 1000 ms" });
    db.resume();
    // Answered again once it runs.
    expect(await collect(findAll(direct, { TableName: "items", filter: 'id = "i3"', keys: { partition: "id" }, retry: SHORT }))).toEqual([{ id: "i3", n: 3 }]);
  });

  it.each([[0], [-1], [1.5], [2 ** 31]])("refuses retry.timeoutMs %j", (timeoutMs) => {
    expect(() => findAll(viaProxy, { TableName: "items", filter: "", retry: { timeoutMs } })).toThrow(RangeError);
  });
});

describe("writeTable under a time limit", () => {
  it("retries a BatchWriteItem that gets no answer, and writes every item", async () => {
    const [a] = next("BatchWriteItem", 1);
    proxy.rules = [{ operation: "BatchWriteItem", fault: "hang", calls: [a!] }];
    await writeTable({ client: viaProxy, table: "written", key: "id", items: ITEMS, retry: SHORT });
    expect((await direct.send(new ScanCommand({ TableName: "written", Select: "COUNT" }))).Count).toBe(30);
  });
});

describe("the store answers within its budget", () => {
  let emulator: Emulator;
  let url: string;
  let throttled: Emulator | undefined;
  let throttledUrl: string;
  beforeAll(async () => {
    // The retry policy's own waits (100 ms doubling) would go on for half a minute; the budget ends them.
    emulator = createEmulator({ store: createDynamoStore({ client: viaProxy, answerWithinMs: 2_000, retry: { timeoutMs: 1_000 } }), credentials: [CREDENTIALS], pageSize: 100 });
    url = await emulator.start(0);
    // For the throttling tests, no call's own timeout short of the budget: on a loaded machine a throttled call
    // answered after a second would have been a timeout, and the answer a 503 (what they test is the 429).
    throttled = createEmulator({ store: createDynamoStore({ client: viaProxy, answerWithinMs: 3_000, retry: { timeoutMs: 60_000 } }), credentials: [CREDENTIALS], pageSize: 100 });
    throttledUrl = await throttled.start(0);
  });
  afterAll(async () => {
    await emulator?.stop();
    await throttled?.stop();
  });

  /** A client with a timeout of its own (longer than the store's budget), whose waits are recorded (and not waited). */
  function client(at = url) {
    const waits: number[] = [];
    const c = createClient({ baseUrl: at, ...CREDENTIALS, timeoutMs: 10_000, maxAttempts: 3, sleep: async (ms: number) => void waits.push(ms) });
    return { c, waits };
  }

  it("answers throttling 429 with Retry-After: 1, which the client waits, and the client reports the throttling, not a timeout", async () => {
    proxy.rules = [{ operation: "Scan", fault: "throttle", from: 1 }];
    const { c, waits } = client(throttledUrl);
    const error = await c.listItems({ table: "items" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect({ status: (error as ServiceError).status, message: (error as ServiceError).serviceMessage, attempts: (error as ServiceError).attempts, waits }).toEqual({
      status: 429,
      message: 'DynamoDB is throttling reads of table "items" (ProvisionedThroughputExceededException); try again later',
      attempts: 3,
      waits: [1000, 1000],
    });
  });

  it("sends Retry-After on the wire", async () => {
    proxy.rules = [{ operation: "Scan", fault: "throttle", from: 1 }];
    const response = await fetch(`${throttledUrl}/listItems`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...CREDENTIALS, table: "items" }) });
    expect({ status: response.status, retryAfter: response.headers.get("retry-after") }).toEqual({ status: 429, retryAfter: "1" });
    await response.text();
  });

  it("answers 503 when DynamoDB does not answer within the budget", async () => {
    proxy.rules = [{ operation: "Scan", fault: "hang", from: 1 }];
    const { c } = client();
    const error = await c.listItems({ table: "items" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect({ status: (error as ServiceError).status, message: (error as ServiceError).serviceMessage }).toEqual({ status: 503, message: "DynamoDB did not answer (TimeoutError); try again later" });
  });

  it("reads every item once DynamoDB answers again", async () => {
    const [a] = next("Scan", 1);
    proxy.rules = [{ operation: "Scan", fault: "hang", calls: [a!] }];
    const { c } = client();
    expect((await collect(c.listAll({ table: "items" }))).length).toBe(30);
  });
});
