// Issue 42 on DynamoDB Local: a list screen, in order and counted. Counts of items read (ScannedCount, from
// onEvent) do not depend on the machine's load, so these figures are counts, not times.
// A table of 200,000 orders in 10 partitions (tenant), with a global index on (status, createdAt), ALL:
//  a. findPage's first page of 20 of `status = "open"` ordered by `createdAt desc`: items read (target <= 5 x 20);
//  b. page 2 through the cursor: items read, and that none of page 1's items is read again;
//  c. count with Select COUNT vs counting findAll's items: the items DynamoDB returns (Count sums vs items
//     shipped), the items read, and the time of each (one round; count ships no item).
// Alone: `npx tsc -b packages/dynamodb && node packages/bench/src/orderBench.mjs [--items N]`. Needs Java.
import { CreateTableCommand } from "@aws-sdk/client-dynamodb";
import { pathToFileURL } from "node:url";
import { count, describeTable, explain, findAll, findPage } from "../../dynamodb/dist/run.js";
import { load, startLocal } from "./dynamoBench.mjs";

const TABLE = "orders";
const TENANTS = 10;

function orderItem(i) {
  return {
    tenant: { S: `t${i % TENANTS}` },
    id: { N: String(i) },
    status: { S: ["open", "shipped", "closed", "open", "returned"][(i * 7) % 5] },
    createdAt: { N: String(1_700_000_000 + ((i * 7919) % 1_000_003)) },
    total: { N: String(((i * 131) % 100000) / 100) },
  };
}

/** Items read (ScannedCount) and returned (Count) over the DynamoDB calls `run` makes. */
async function reads(run) {
  const seen = { scanned: 0, returned: 0, calls: 0 };
  const onEvent = (e) => {
    if (e.command === "DescribeTable") return;
    seen.calls++;
    seen.scanned += e.scanned ?? 0;
    seen.returned += e.items ?? 0;
  };
  const start = process.hrtime.bigint();
  const result = await run(onEvent);
  return { result, ...seen, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

export async function benchOrder({ items = 200_000 } = {}) {
  const local = await startLocal();
  try {
    const client = local.client;
    await client.send(new CreateTableCommand({
      TableName: TABLE,
      AttributeDefinitions: [{ AttributeName: "tenant", AttributeType: "S" }, { AttributeName: "id", AttributeType: "N" }, { AttributeName: "status", AttributeType: "S" }, { AttributeName: "createdAt", AttributeType: "N" }],
      KeySchema: [{ AttributeName: "tenant", KeyType: "HASH" }, { AttributeName: "id", KeyType: "RANGE" }],
      GlobalSecondaryIndexes: [{ IndexName: "byStatusCreated", KeySchema: [{ AttributeName: "status", KeyType: "HASH" }, { AttributeName: "createdAt", KeyType: "RANGE" }], Projection: { ProjectionType: "ALL" } }],
      BillingMode: "PAY_PER_REQUEST",
    }));
    const loaded = await load(client, items, TABLE, orderItem);
    const keys = await describeTable(client, TABLE);
    const filter = 'status = "open"';
    const base = { table: TABLE, filter, keys, orderBy: "createdAt desc", limit: 20 };
    const plan = explain({ table: TABLE, filter, keys, orderBy: "createdAt desc" }).map((r) => `${r.command} ${r.input.IndexName ?? "table"} (${r.order.how}${r.order.last ? ", last" : ""})`);
    const first = await reads((onEvent) => findPage(client, { ...base, onEvent }));
    const second = await reads((onEvent) => findPage(client, { ...base, cursor: first.result.cursor, onEvent }));
    // The reference: the 40 newest open orders, by the documented order, from the generator.
    const open = [];
    for (let i = 0; i < items; i++) if (orderItem(i).status.S === "open") open.push({ id: i, createdAt: Number(orderItem(i).createdAt.N) });
    open.sort((a, b) => b.createdAt - a.createdAt || (`t${a.id % TENANTS}` < `t${b.id % TENANTS}` ? -1 : `t${a.id % TENANTS}` > `t${b.id % TENANTS}` ? 1 : a.id - b.id));
    const ids = (page) => page.items.map((item) => Number(item.id));
    const exact = JSON.stringify([...ids(first.result), ...ids(second.result)]) === JSON.stringify(open.slice(0, 40).map((o) => o.id));
    const counted = await reads((onEvent) => count(client, { table: TABLE, filter, keys, onEvent }));
    const listed = await reads(async (onEvent) => {
      let n = 0;
      for await (const _ of findAll(client, { table: TABLE, filter, keys, onEvent })) n++;
      return n;
    });
    return {
      items,
      loadMs: Math.round(loaded.ms),
      plan,
      firstPage: { itemsRead: first.scanned, calls: first.calls, target: 5 * 20, met: first.scanned <= 100 },
      // Page 2 starts after page 1's last item (its key as ExclusiveStartKey): re-reading page 1 would read 20 more.
      secondPage: { itemsRead: second.scanned, calls: second.calls, target: 5 * 20, met: second.scanned <= 100, rereadPage1: second.scanned >= 20 + first.scanned },
      pagesExact: exact,
      // Select COUNT ships no item (DynamoDB's Count is the whole answer); findAll ships every match.
      count: { answer: counted.result, itemsShipped: 0, itemsRead: counted.scanned, calls: counted.calls, ms: Math.round(counted.ms) },
      findAllCount: { answer: listed.result, itemsShipped: listed.returned, itemsRead: listed.scanned, calls: listed.calls, ms: Math.round(listed.ms) },
      countsAgree: counted.result === listed.result && counted.result === open.length,
    };
  } finally {
    local.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const at = process.argv.indexOf("--items");
  const items = at > 0 ? Number(process.argv[at + 1]) : 200_000;
  console.log(JSON.stringify(await benchOrder({ items }), null, 2));
}
