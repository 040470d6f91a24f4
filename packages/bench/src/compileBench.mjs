import { compileCandidates } from "./candidates.mjs";
import { probeOnce } from "./hugeProbe.mjs";
import { runRounds } from "./measure.mjs";
import { ratioSummary } from "./stats.mjs";

function firstLine(e) {
  return String(e?.message ?? e).split("\n")[0].slice(0, 160);
}

/**
 * Checks that every candidate accepts its text. On the inputs inside default
 * limits a failure is a bug in the bench and stops the run; on big inputs a
 * peer that cannot cope (too slow, stack overflow) is reported n/a with why.
 */
async function admit(candidates, big, settings) {
  const active = [];
  const na = [];
  for (const c of candidates) {
    // A peer whose time on `large`, scaled up, would blow the per-call budget is tried once in a worker that can be stopped.
    const largeOps = big?.largeOpsPerSec[c.name];
    const projectedMs = largeOps === undefined ? 0 : (big.copies * 1000) / largeOps;
    if (big && c.kind === "peer" && projectedMs > settings.perOpBudgetMs) {
      const probe = await probeOnce(c.name, big.copies, settings.probeTimeoutMs);
      console.error(`bench:   ${c.name} on ${big.copies}x large, projected ${(projectedMs / 1000).toFixed(1)} s per call, probe: ${probe.error ?? `${(probe.ms / 1000).toFixed(2)} s`}`);
      if (probe.error !== undefined) {
        na.push({ name: c.name, chars: c.text.length, reason: probe.error });
        continue;
      }
      if (probe.ms > settings.perOpBudgetMs) {
        na.push({ name: c.name, chars: c.text.length, singleRunMs: probe.ms, reason: `one parse took ${(probe.ms / 1000).toFixed(2)} s in a probe run, over the ${settings.perOpBudgetMs / 1000} s per-call budget for timed rounds` });
        continue;
      }
    }
    try {
      const out = c.run();
      if (out === undefined || out === null) throw new Error("returned nothing");
      active.push(c);
    } catch (e) {
      if (!big) throw new Error(`bench: ${c.name} rejects its own translation: ${firstLine(e)}\n  text: ${c.text.slice(0, 300)}`);
      na.push({ name: c.name, chars: c.text.length, reason: firstLine(e) });
    }
  }
  return { active, na };
}

/**
 * Compile throughput of all candidates on one input, interleaved in rounds.
 * `big` ({ copies, largeOpsPerSec }) marks an input of `copies` times `large`
 * with raised limits, where peers may be too slow or overflow the stack.
 */
export async function benchCompile(label, source, options, settings, big) {
  const { active, na } = await admit(compileCandidates(source, options), big, settings);
  const results = runRounds(active, settings);
  const byName = Object.fromEntries(results.map((r) => [r.name, r]));
  const core = byName["core compileList"].opsPerSec;
  const peers = results.filter((r, i) => active[i].kind === "peer");
  const fastestPerRound = core.map((_, i) => Math.max(...peers.map((p) => p.opsPerSec[i])));
  const rows = results.map((r, i) => ({
    name: r.name,
    kind: active[i].kind,
    chars: active[i].text.length,
    iterations: r.iterations,
    stats: r.stats,
    charsPerSecMedian: r.stats.median * active[i].text.length,
    // > 1 means compileList does more calls per second than this candidate.
    compileListSpeedup: ratioSummary(core, r.opsPerSec),
    samples: r.opsPerSec,
  }));
  const fastestPeer = peers.length === 0 ? null : [...peers].sort((a, b) => b.stats.median - a.stats.median)[0].name;
  return {
    label,
    chars: source.length,
    limits: options ?? "default",
    rows,
    na,
    fastestPeer,
    vsFastestPeer: peers.length === 0 ? null : ratioSummary(core, fastestPerRound),
  };
}
