// Measures the emulator over loopback HTTP, through @itemfilter/client:
//  1. listItems throughput: items scanned per second over 100,000 items with a 5-filter array;
//  2. queryItems latency with key.primary (partition index + binary search) against full scans.
// Run after a build: `npx tsc -b packages/emulator packages/client && node packages/emulator/scripts/measure.mjs`
// Relative imports of the built packages: the emulator does not depend on the client.
import { createClient } from "../../client/dist/index.js";
import { createEmulator } from "../dist/index.js";
import { serveOperation } from "../dist/serveOperation.js";
import { buildTable } from "../dist/Table.js";

const N = 100_000;
const credentials = [{ applicationKey: "bench-key", authenticationToken: "bench-token" }];
const statuses = ["active", "inactive", "pending", "banned"];
const names = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"];

const people = Array.from({ length: N }, (_, i) => ({
  id: `u${String(i).padStart(6, "0")}`,
  name: `${names[i % names.length]}-${i % 997}`,
  score: (i * 7919) % 1000,
  status: statuses[i % statuses.length],
  tags: i % 3 === 0 ? ["red", "blue"] : ["green"],
  age: 18 + (i % 60),
}));
const PARTITIONS = 100;
const events = Array.from({ length: N }, (_, i) => ({ device: `d${i % PARTITIONS}`, ts: Math.floor(i / PARTITIONS), value: i % 13 }));

const fiveFilters = [
  { item: "score", operator: "greaterEqual", value: 100 },
  { item: "status", operator: "notEquals", value: "banned" },
  { item: "name", operator: "beginsWith", value: "a" },
  { item: "tags", operator: "contains", value: "red" },
  { item: "age", operator: "between", value: [20, 60] },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(2)} ms`;

const emulator = createEmulator({
  tables: { people: { primaryKey: "id", items: people }, events: { primaryKey: "device", secondaryKey: "ts", items: events } },
  credentials,
  pageSize: N, // one page holds every match, so one request scans the whole table
});
const baseUrl = await emulator.start();
const client = createClient({ baseUrl, ...credentials[0] });

async function timed(fn) {
  const start = process.hrtime.bigint();
  const result = await fn();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

// 1. listItems throughput.
for (let i = 0; i < 3; i++) await client.listItems({ table: "people", filter: fiveFilters }); // warm-up
const scans = [];
let matched = 0;
for (let i = 0; i < 15; i++) {
  const [t, page] = await timed(() => client.listItems({ table: "people", filter: fiveFilters }));
  if (page.stopKey !== undefined) throw new Error("expected one page");
  matched = page.items.length;
  scans.push(t);
}
const scanMs = median(scans);
console.log(`listItems, ${N} items, 5-filter array (${matched} match): median ${ms(scanMs)} per full scan = ${Math.round(N / (scanMs / 1000)).toLocaleString("en")} items scanned/s (HTTP round trip included)`);

// The same scan in-process, without HTTP or JSON: the matching itself.
const tables = new Map([["people", buildTable("people", { primaryKey: "id", items: people })]]);
const body = { table: "people", filter: fiveFilters };
for (let i = 0; i < 5; i++) serveOperation("listItems", body, { tables, pageSize: N });
const direct = [];
for (let i = 0; i < 25; i++) direct.push((await timed(async () => serveOperation("listItems", body, { tables, pageSize: N })))[0]);
console.log(`  in-process (no HTTP, no JSON): median ${ms(median(direct))} per scan = ${Math.round(N / (median(direct) / 1000)).toLocaleString("en")} items scanned/s`);

// 2. queryItems latency: key.primary vs full scans of the same selection.
const range = { operator: "between", value: [400, 420] };
const cases = [
  ["queryItems with key.primary (index)", () => client.queryItems({ table: "events", key: { primary: "d42" }, filter: range })],
  ["queryItems without key.primary (scan, all partitions)", () => client.queryItems({ table: "events", filter: range })],
  [
    "listItems, same selection as filters (full scan)",
    () => client.listItems({ table: "events", filter: [{ item: "device", operator: "equals", value: "d42" }, { item: "ts", operator: "between", value: [400, 420] }] }),
  ],
];
for (const [name, run] of cases) {
  for (let i = 0; i < 5; i++) await run();
  const times = [];
  let count = 0;
  for (let i = 0; i < 50; i++) {
    const [t, page] = await timed(run);
    count = page.items.length;
    times.push(t);
  }
  console.log(`${name}: median ${ms(median(times))}, p90 ${ms([...times].sort((a, b) => a - b)[44])} (${count} items)`);
}

client.close();
await emulator.stop();
