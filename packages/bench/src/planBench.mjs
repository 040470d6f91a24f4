// Plan execution against the emulator over loopback HTTP, through @itemfilter/client:
//  1. `age < 18 or plan = "pro"`: findAll's plan (two listItems requests, each filtered by the service)
//     against one unfiltered scan of every item, filtered locally with core's evaluate;
//  2. `id = "<one id>" and ts > 5`: findAll with the table's keys (one queryItems on one partition)
//     against the same filter run as a full scan (findAll without keys: one filtered listItems).
// Each figure is the median of interleaved rounds (the two ways alternate, and which goes first
// alternates too), after one warm-up round of each. Each round of figure 2 times PARTITION_CALLS partition
// queries in a row (ms per query): one alone is too short to time on a shared machine.
// Alone: `npx tsc -b packages/core packages/client packages/emulator && node packages/bench/src/planBench.mjs`
// Relative imports of the built packages: the bench does not depend on the client or the emulator.
import { pathToFileURL } from "node:url";
import { prepareEvaluate } from "@itemfilter/core";
import { createClient } from "../../client/dist/index.js";
import { createEmulator } from "../../emulator/dist/index.js";
import { ratioSummary, summary } from "./stats.mjs";

const CREDENTIALS = { applicationKey: "bench-key", authenticationToken: "bench-token" };
const PLANS = ["free", "basic", "team", "free", "basic", "team", "free", "pro"];
const PARTITIONS = 1000;
/** Partition queries timed together in each round of figure 8b (ms per query). */
export const PARTITION_CALLS = 10;

/** `count` items with id (1,000 partitions), ts (unique within a partition), age and plan. Deterministic. */
export function planItems(count) {
  const items = new Array(count);
  for (let i = 0; i < count; i++) {
    items[i] = { id: `u${String(i % PARTITIONS).padStart(4, "0")}`, ts: Math.floor(i / PARTITIONS), age: (i * 7919) % 90, plan: PLANS[(i * 31) % PLANS.length] };
  }
  return items;
}

/** ms per call of `times` sequential calls, and the count of the last (every call must give the same). */
async function timed(fn, times = 1) {
  const start = process.hrtime.bigint();
  let count;
  for (let i = 0; i < times; i++) {
    const n = await fn();
    if (count !== undefined && n !== count) throw new Error(`planBench: one way gave ${n} items, then ${count}`);
    count = n;
  }
  return { ms: Number(process.hrtime.bigint() - start) / 1e6 / times, count };
}

async function count(iterable) {
  let n = 0;
  for await (const _ of iterable) n++;
  return n;
}

/**
 * Runs `a` and `b` in alternating order for `rounds` rounds (plus a warm-up of each); both must agree on the count.
 * `aTimes`: calls of `a` per round, timed together (ms per call), for a call too short to time alone.
 */
async function interleave(rounds, a, b, aTimes = 1) {
  await a();
  await b();
  const as = [];
  const bs = [];
  let counts;
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? [[a, aTimes], [b, 1]] : [[b, 1], [a, aTimes]];
    const first = await timed(...order[0]);
    const second = await timed(...order[1]);
    const [ta, tb] = r % 2 === 0 ? [first, second] : [second, first];
    if (ta.count !== tb.count) throw new Error(`planBench: the two ways disagree (${ta.count} against ${tb.count} items)`);
    counts = ta.count;
    as.push(ta.ms);
    bs.push(tb.ms);
  }
  return { a: as, b: bs, count: counts };
}

/**
 * Both figures as data. `speedup` is the per-round ratio (the other way's
 * time over the plan's), summarised; the targets are speedup > 1 for the
 * `or` filter and ≥ 10 for the partition query.
 */
export async function benchPlan({ items = 100_000, rounds = 9 } = {}) {
  const data = planItems(items);
  const emulator = createEmulator({ tables: { people: { primaryKey: "id", secondaryKey: "ts", items: data } }, credentials: [CREDENTIALS] });
  const baseUrl = await emulator.start();
  const client = createClient({ baseUrl, ...CREDENTIALS });
  const keys = { primary: "id", secondary: "ts" };
  try {
    const orFilter = 'age < 18 or plan = "pro"';
    const orPlan = client.explain({ table: "people", filter: orFilter, keys });
    const or = await interleave(
      rounds,
      () => count(client.findAll({ table: "people", filter: orFilter, keys })),
      async () => {
        // Prepared once, as findAll prepares its residuals once.
        const passes = prepareEvaluate(orFilter);
        let n = 0;
        for await (const item of client.listAll({ table: "people" })) if (passes(item)) n++;
        return n;
      },
    );

    const partitionFilter = 'id = "u0042" and ts > 5';
    const partitionPlan = client.explain({ table: "people", filter: partitionFilter, keys });
    const scanPlan = client.explain({ table: "people", filter: partitionFilter });
    // One partition query takes under a millisecond: a pause of the process (the machine is shared) or a
    // collection of the scan's garbage would be most of a lone call's time, so each round times PARTITION_CALLS.
    const partition = await interleave(
      rounds,
      () => count(client.findAll({ table: "people", filter: partitionFilter, keys })),
      () => count(client.findAll({ table: "people", filter: partitionFilter })),
      PARTITION_CALLS,
    );

    return {
      items,
      rounds,
      or: {
        filter: orFilter,
        plan: orPlan.requests.map((r) => r.operation),
        matched: or.count,
        planMs: summary(or.a),
        scanMs: summary(or.b),
        speedup: ratioSummary(or.b, or.a),
      },
      partition: {
        filter: partitionFilter,
        plan: partitionPlan.requests.map((r) => r.operation),
        scan: scanPlan.requests.map((r) => r.operation),
        matched: partition.count,
        callsPerRound: PARTITION_CALLS,
        planMs: summary(partition.a),
        scanMs: summary(partition.b),
        speedup: ratioSummary(partition.b, partition.a),
      },
    };
  } finally {
    client.close();
    await emulator.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchPlan();
  const ms = (s) => `${s.median.toFixed(1)} ms (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;
  const lines = [
    `plan execution, ${result.items} items in the emulator, median of ${result.rounds} interleaved rounds`,
    `${result.or.filter}: plan [${result.or.plan.join(", ")}] ${ms(result.or.planMs)}; unfiltered scan + local evaluate ${ms(result.or.scanMs)}; ${result.or.speedup.median.toFixed(2)}× faster (per round ${result.or.speedup.min.toFixed(2)}–${result.or.speedup.max.toFixed(2)}); ${result.or.matched} items`,
    `${result.partition.filter}: partition query [${result.partition.plan.join(", ")}] ${ms(result.partition.planMs)} per query (${result.partition.callsPerRound} a round); full scan [${result.partition.scan.join(", ")}] ${ms(result.partition.scanMs)}; ${result.partition.speedup.median.toFixed(1)}× faster (per round ${result.partition.speedup.min.toFixed(1)}–${result.partition.speedup.max.toFixed(1)}); ${result.partition.matched} items`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}
