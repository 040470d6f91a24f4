// Planning time against compiling time for the same text (issue 17): CPU time of one `plan` ÷ one
// `compileList` (to its result, or to its error for a filter it refuses), per round, medianed.
// CPU time rather than wall time: it is what the planner costs, and it is less disturbed by a busy machine.
// Alone: `npx tsc -b packages/core && node packages/core/scripts/bundle.mjs && node packages/bench/src/planCost.mjs`
import { pathToFileURL } from "node:url";
import { compileList, plan } from "@itemfilter/core";
import { TYPICAL } from "./inputs.mjs";
import { ratioSummary, summary } from "./stats.mjs";

const equalities = (n, prefix = "a") => Array.from({ length: n }, (_, i) => `${prefix}${i} = ${i}`);
const anyOf = (n, prefix) => `(${Array.from({ length: n }, (_, i) => `${prefix}${i} = ${i}`).join(" or ")})`;
function nestedOrs(depth) {
  let t = "z = 1";
  for (let i = 0; i < depth; i++) t = `(x${i} = 1 or y${i} = 1) and (${t}) or w${i} = 1`;
  return t;
}

/**
 * The inputs: the typical filter, 256 conjuncts (the most the default limits
 * allow), issue 17's 2.8 KB filter, and the worst case found within the
 * default limits (ors nested 15 deep, refused as too large; the search is in
 * packages/core/test/planTime.test.ts's list). Same text for both calls.
 */
export const PLAN_COST_INPUTS = [
  { name: "typical", text: TYPICAL },
  { name: "256 conjuncts", text: equalities(256).join(" and ") },
  { name: "200 equalities and two 16-way ors (issue 17)", text: [...equalities(200), anyOf(16, "o"), anyOf(16, "o")].join(" and ") },
  { name: "worst case: ors nested 15 deep", text: nestedOrs(15), worst: true },
];

function cpuMsPerCall(fn, calls) {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) fn();
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000 / calls;
}

const attempt = (fn) => () => {
  try {
    fn();
  } catch (e) {
    if (typeof e?.code !== "string") throw e;
  }
};

/** Per input: CPU ms of plan and of compileList, and their per-round ratio, over `rounds` interleaved rounds. */
export function benchPlanCost({ rounds = 9, minMs = 40 } = {}) {
  return PLAN_COST_INPUTS.map(({ name, text, worst = false }) => {
    const p = attempt(() => plan(text));
    const c = attempt(() => compileList(text));
    // Warm up, then pick call counts that take about minMs each.
    for (let i = 0; i < 20; i++) {
      p();
      c();
    }
    const calls = (fn) => Math.max(3, Math.ceil(minMs / Math.max(cpuMsPerCall(fn, 5), 0.001)));
    const planCalls = calls(p);
    const compileCalls = calls(c);
    const planMs = [];
    const compileMs = [];
    for (let r = 0; r < rounds; r++) {
      const first = r % 2 === 0;
      if (first) planMs.push(cpuMsPerCall(p, planCalls));
      compileMs.push(cpuMsPerCall(c, compileCalls));
      if (!first) planMs.push(cpuMsPerCall(p, planCalls));
    }
    let outcome;
    try {
      outcome = `${plan(text).requests.length} requests`;
    } catch (e) {
      outcome = e.code;
    }
    return { name, chars: text.length, worst, outcome, planMs: summary(planMs), compileMs: summary(compileMs), ratio: ratioSummary(planMs, compileMs) };
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of benchPlanCost()) {
    process.stdout.write(
      `${r.name} (${r.chars} chars, ${r.outcome}): plan ${r.planMs.median.toFixed(3)} ms, compileList ${r.compileMs.median.toFixed(3)} ms CPU; plan ÷ compile ${r.ratio.median.toFixed(1)}× (${r.ratio.min.toFixed(1)}–${r.ratio.max.toFixed(1)})\n`,
    );
  }
}
