import { summary } from "./stats.mjs";

const now = () => process.hrtime.bigint();

/** Results land here so no call can be optimised away as dead code. */
let sink; // eslint-disable-line no-unused-vars

/**
 * One full collection before a section, so it does not inherit the previous
 * section's garbage (needs --expose-gc). Not before every batch: several forced
 * full GCs between two runs of a function make V8 drop its optimised code, so
 * each batch would re-warm, and code that is slow to optimise would be
 * penalised (measured: compileList typical 2.5x slower after 8 forced GCs).
 */
function collect() {
  if (typeof globalThis.gc === "function") globalThis.gc();
}

/** Wall time of `iterations` calls in ms, and the process CPU time over the same span. */
function timeBatch(run, iterations) {
  const cpu0 = process.cpuUsage();
  const start = now();
  for (let i = 0; i < iterations; i++) sink = run();
  const ms = Number(now() - start) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * Warms a candidate until it has run at least `minCalls` times and for
 * `warmupMs` (V8 optimises by call and loop counts, and the core needs a few
 * thousand calls), or for 4 × `warmupMs` if it is slow; then picks the
 * iteration count that makes one batch last about `batchMs`.
 */
export function calibrate(run, { warmupMs, batchMs, minCalls = 3000 }) {
  let calls = 0;
  let spent = 0;
  let n = 1;
  while (!((calls >= minCalls && spent >= warmupMs) || (calls >= 2 && spent >= 4 * warmupMs))) {
    spent += timeBatch(run, n).ms;
    calls += n;
    if (spent < warmupMs / 4) n *= 2;
  }
  return Math.max(1, Math.round(batchMs / (spent / calls)));
}

/** CPU time over wall time of every timed batch: well under 1 means other processes took the CPU. */
const cpuShares = [];

export function cpuShareSummary() {
  return cpuShares.length === 0 ? null : summary(cpuShares);
}

/**
 * Times every candidate in every round, interleaved: round r starts at
 * candidate r (mod count) so no candidate always runs first or last.
 * Returns per-candidate samples in calls per second (wall time), one per round.
 */
export function runRounds(candidates, { rounds, batchMs, warmupMs, minCalls }) {
  collect();
  const iterations = candidates.map((c) => calibrate(c.run, { warmupMs, batchMs, minCalls }));
  const samples = candidates.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < candidates.length; k++) {
      const i = (r + k) % candidates.length;
      const { ms, cpuMs } = timeBatch(candidates[i].run, iterations[i]);
      samples[i].push((iterations[i] * 1000) / ms);
      cpuShares.push(cpuMs / ms);
    }
  }
  return candidates.map((c, i) => ({ name: c.name, iterations: iterations[i], opsPerSec: samples[i], stats: summary(samples[i]) }));
}
