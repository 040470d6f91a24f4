import { existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import { benchBundleSize } from "./bundleSize.mjs";
import { benchColdStart } from "./coldStart.mjs";
import { benchCompile } from "./compileBench.mjs";
import { benchEvaluation } from "./evaluation.mjs";
import { benchExplain } from "./explainBench.mjs";
import { benchFirstFilter } from "./firstFilter.mjs";
import { cpuShareSummary } from "./measure.mjs";
import { benchPlanCost } from "./planCost.mjs";
import { HUGE_COPIES, LARGE, SMALL, TYPICAL, raisedLimits, repeatLarge } from "./inputs.mjs";
import { renderReport } from "./report.mjs";
import { benchScaling } from "./scaling.mjs";
import { benchTypicalProcesses } from "./typicalProcesses.mjs";
import { evaluateTargets } from "./targets.mjs";

const FLAGS = ["--quick", "--write", "--dynamodb", "--no-dynamodb"];
const unknown = process.argv.slice(2).filter((arg) => !FLAGS.includes(arg));
if (unknown.length > 0) {
  console.error(`bench: unknown argument ${unknown.join(" ")}; the flags are ${FLAGS.join(", ")}`);
  process.exit(2);
}
const quick = process.argv.includes("--quick");
// results.json is tracked: a run rewrites it only when asked, so trying the bench leaves the checkout clean.
const write = process.argv.includes("--write");
// Loading DynamoDB Local takes minutes, more than the rest of a quick run: a quick run leaves it out unless asked.
const withDynamo = process.argv.includes("--dynamodb") || (!quick && !process.argv.includes("--no-dynamodb"));
if (typeof globalThis.gc !== "function") {
  console.error("bench: run with node --expose-gc (pnpm bench does) so each section starts from a collected heap");
}

/** Full run: about 3 minutes on an idle 2-core box. --quick: a smoke run of every figure but DynamoDB's in about a minute. */
const S = quick
  ? { rounds: 3, batchMs: 10, warmupMs: 30, hugeRounds: 3, multiples: [1, 10, 200], coldRuns: 4, firstFilterRuns: 3, probeTimeoutMs: 2000, perOpBudgetMs: 1000 }
  : { rounds: 9, batchMs: 50, warmupMs: 200, hugeRounds: 7, multiples: [1, 10, 100, 200, 1000], coldRuns: 15, firstFilterRuns: 15, probeTimeoutMs: 12000, perOpBudgetMs: 1000 };

const started = Date.now();
const step = (what) => console.error(`bench: ${what} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
const rounds = { rounds: S.rounds, batchMs: S.batchMs, warmupMs: S.warmupMs, probeTimeoutMs: S.probeTimeoutMs, perOpBudgetMs: S.perOpBudgetMs };
const bigRounds = { ...rounds, rounds: S.hugeRounds, warmupMs: 0 };

const compile = {};
step("compile small");
compile.small = await benchCompile("small", SMALL, undefined, rounds);
step("compile typical");
compile.typical = await benchCompile("typical", TYPICAL, undefined, rounds);
step("compile typical in fresh processes");
compile.typicalProcesses = benchTypicalProcesses(compile.typical, rounds, quick ? 1 : 2);
step("compile large");
compile.large = await benchCompile("large", LARGE, undefined, rounds);
step("compile huge");
const largeOpsPerSec = Object.fromEntries(compile.large.rows.map((r) => [r.name, r.stats.median]));
compile.huge = await benchCompile("huge", repeatLarge(HUGE_COPIES), raisedLimits(HUGE_COPIES), bigRounds, { copies: HUGE_COPIES, largeOpsPerSec });
step("evaluation");
const evaluation = benchEvaluation({ ...rounds, batchMs: S.batchMs * 1.5, minCalls: 5 });
step("explain");
const explain = benchExplain(rounds);
step("scaling");
const scaling = benchScaling(S.multiples, { ...bigRounds, warmupMs: S.warmupMs / 2 });
step("cold start");
const coldStart = benchColdStart({ runs: S.coldRuns });
step("time to first filter");
const firstFilter = benchFirstFilter({ runs: S.firstFilterRuns });
step("bundle size");
const size = await benchBundleSize();
const plan = await planFigures();
step("plan cost");
const planCost = benchPlanCost(quick ? { rounds: 3, minMs: 10 } : {});
const dynamo = await dynamoFigures();
const requestCost = await requestCostFigures();
const dataFile = await dataFileFigures();

const results = {
  quick,
  machine: {
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString(),
  },
  settings: S,
  // Median share of wall time this process was on a CPU during timed batches; well under 1 means a contended machine.
  cpuShare: null,
  durationSec: 0,
  compile,
  evaluation,
  explain,
  scaling,
  coldStart,
  firstFilter,
  size,
  plan,
  planCost,
  dynamo,
  requestCost,
  dataFile,
};
results.cpuShare = cpuShareSummary();
results.targets = evaluateTargets(results);
results.durationSec = (Date.now() - started) / 1000;
step("done");

console.log(renderReport(results));
if (write) {
  const file = new URL("../results.json", import.meta.url);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.error(`bench: wrote packages/bench/results.json in ${results.durationSec.toFixed(0)} s total`);
} else {
  console.error(`bench: done in ${results.durationSec.toFixed(0)} s total (results.json left as it was: --write writes it)`);
}

/** Issue 26: where one request's time goes, node-fetch alone among the ways (src/requestCost.mjs). */
async function requestCostFigures() {
  step("request cost");
  try {
    const { benchRequestCost } = await import(new URL("./requestCost.mjs", import.meta.url).href);
    return { na: null, ...(await benchRequestCost(quick ? { items: 20_000, rounds: 3, batch: 20 } : {})) };
  } catch (e) {
    return { na: `requestCost failed: ${String(e?.message ?? e).split("\n")[0]}` };
  }
}

/** Issue 26 §3: list over an NDJSON data file against a plain Node script (src/dataFileBench.mjs). */
async function dataFileFigures() {
  step("data file");
  try {
    const { benchDataFile } = await import(new URL("./dataFileBench.mjs", import.meta.url).href);
    return benchDataFile(quick ? { items: 100_000, smallItems: 25_000, rounds: 3 } : {});
  } catch (e) {
    return { na: `dataFileBench failed: ${String(e?.message ?? e).split("\n")[0]}` };
  }
}

/**
 * The issue-11 plan figures: src/planBench.mjs (its owner's file) runs plans
 * against the emulator through the client. A failure there is reported in
 * its section rather than losing the rest of the run.
 */
async function planFigures() {
  const file = new URL("./planBench.mjs", import.meta.url);
  if (!existsSync(file)) return { na: "src/planBench.mjs does not exist yet" };
  step("plan");
  try {
    const { benchPlan } = await import(file.href);
    return { na: null, ...(await benchPlan(quick ? { items: 20_000, rounds: 3 } : {})) };
  } catch (e) {
    return { na: `planBench failed: ${String(e?.message ?? e).split("\n")[0]}` };
  }
}

/**
 * The issue-22 figures on DynamoDB Local (src/dynamoBench.mjs): it needs Java
 * and the built @itemfilter/dynamodb, and loading the table takes minutes, so
 * `--no-dynamodb` leaves it out; a failure is reported in its rows.
 */
async function dynamoFigures() {
  if (!withDynamo) return { na: quick ? "left out of --quick (--dynamodb adds it)" : "left out (--no-dynamodb)" };
  step("dynamodb (loading DynamoDB Local takes a while)");
  try {
    const { benchDynamo } = await import(new URL("./dynamoBench.mjs", import.meta.url).href);
    return { na: null, ...(await benchDynamo(quick ? { items: 20_000, rounds: 3 } : {})) };
  } catch (e) {
    return { na: `dynamoBench failed: ${String(e?.message ?? e).split("\n")[0]}` };
  }
}
