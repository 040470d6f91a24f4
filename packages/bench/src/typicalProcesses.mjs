import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { summary } from "./stats.mjs";

/**
 * Issue 26 asks for figures 1a and 1b "in the median over rounds and over at
 * least three fresh processes": one process's JIT and heap layout can move
 * the ratio by a tenth or more. The main run is one process; this spawns
 * `extra` more, each running the typical compile rounds alone, and pools
 * every per-round ratio, so the target is judged on all of them.
 */
export function benchTypicalProcesses(mainTypical, settings, extra) {
  const child = fileURLToPath(new URL("./typicalChild.mjs", import.meta.url));
  const processes = [perProcess(mainTypical)];
  for (let i = 0; i < extra; i++) {
    const out = execFileSync(process.execPath, ["--expose-gc", child, JSON.stringify(settings)], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024, stdio: ["ignore", "pipe", "inherit"] });
    processes.push(perProcess(JSON.parse(out)));
  }
  const pooled = (key) => summary(processes.flatMap((p) => p[key].samples));
  return { processes: processes.map(({ vsFastestPeer, vsLiqe, fastestPeer }) => ({ fastestPeer, vsFastestPeer: vsFastestPeer.summary, vsLiqe: vsLiqe.summary })), vsFastestPeer: pooled("vsFastestPeer"), vsLiqe: pooled("vsLiqe") };
}

/** One process's per-round ratios: compileList ÷ the fastest peer of that round, and ÷ liqe. */
function perProcess(typical) {
  const core = typical.rows.find((r) => r.name === "core compileList").samples;
  const peers = typical.rows.filter((r) => r.kind === "peer");
  const liqe = typical.rows.find((r) => r.name === "liqe parse").samples;
  const vsFastest = core.map((x, i) => x / Math.max(...peers.map((p) => p.samples[i])));
  const vsLiqe = core.map((x, i) => x / liqe[i]);
  return { fastestPeer: typical.fastestPeer, vsFastestPeer: { samples: vsFastest, summary: summary(vsFastest) }, vsLiqe: { samples: vsLiqe, summary: summary(vsLiqe) } };
}
