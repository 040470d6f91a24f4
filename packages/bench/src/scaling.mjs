import { compileList } from "@itemfilter/core";
import { raisedLimits, repeatLarge } from "./inputs.mjs";
import { runRounds } from "./measure.mjs";
import { summary } from "./stats.mjs";

/**
 * compileList on `large` repeated 1× to 1,000×, and JSON.parse of each
 * compiled output as the reference, all interleaved in the same rounds.
 * `vsFirst` is the per-character time at each size over the per-character
 * time at the first size, taken per round, then summarised.
 */
export function benchScaling(multiples, settings) {
  const candidates = [];
  for (const k of multiples) {
    const source = repeatLarge(k);
    const options = raisedLimits(k);
    const json = JSON.stringify(compileList(source, options));
    candidates.push({ name: `compileList ${k}x`, family: "compileList", k, chars: source.length, run: () => compileList(source, options) });
    candidates.push({ name: `JSON.parse ${k}x`, family: "JSON.parse", k, chars: json.length, run: () => JSON.parse(json) });
  }
  const results = runRounds(candidates, settings);
  const ns = results.map((r, i) => r.opsPerSec.map((x) => 1e9 / (x * candidates[i].chars)));
  const rows = candidates.map((c, i) => {
    const base = candidates.findIndex((d) => d.family === c.family && d.k === multiples[0]);
    return {
      name: c.name,
      family: c.family,
      k: c.k,
      chars: c.chars,
      iterations: results[i].iterations,
      msPerCall: summary(results[i].opsPerSec.map((x) => 1000 / x)),
      nsPerChar: summary(ns[i]),
      vsFirst: summary(ns[i].map((x, round) => x / ns[base][round])),
    };
  });
  return { multiples, rows };
}

/** The per-round ratio summary of per-char time at `k` copies over the first size, or null if not measured. */
export function scalingRatio(scaling, family, k) {
  return scaling.rows.find((r) => r.family === family && r.k === k)?.vsFirst ?? null;
}
