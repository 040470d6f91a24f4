import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parse } from "@itemfilter/core";
import { TYPICAL } from "./inputs.mjs";
import { toJsep, toLiqe, toScim } from "./peerSyntax.mjs";
import { median, ratioSummary, summary } from "./stats.mjs";

const CHILD = fileURLToPath(new URL("./firstFilterChild.mjs", import.meta.url));

/** The candidates: each library imported from node_modules, then one call on typical in its own syntax. */
function candidates() {
  const doc = parse(TYPICAL);
  return [
    { name: "core", label: "@itemfilter/core compileList", text: TYPICAL },
    { name: "liqe", label: "liqe parse", text: toLiqe(doc) },
    { name: "jsep", label: "jsep", text: toJsep(doc) },
    { name: "scim2-parse-filter", label: "scim2-parse-filter parse", text: toScim(doc) },
    { name: "none", label: "node, no import (floor)", text: "x" },
  ];
}

function spawnOnce(c) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CHILD, c.name, c.text], { encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`time to first filter, ${c.label}: exited ${r.status ?? r.error}: ${(r.stderr || "").trim().split("\n")[0]}`);
  return { ms, inside: JSON.parse(r.stdout) };
}

/**
 * Time to first filter: the wall time of a fresh `node` process that imports
 * a library from node_modules and makes one typical call, what an app or a
 * script meets on every start. Each round spawns every candidate once, the
 * first one rotating, after one untimed run of each to warm the file cache;
 * ratios to core are per round, then medianed.
 */
export function benchFirstFilter({ runs }) {
  const list = candidates();
  for (const c of list) spawnOnce(c);
  const samples = Object.fromEntries(list.map((c) => [c.name, { wall: [], importMs: [], callMs: [], cpuMs: [] }]));
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < list.length; i++) {
      const c = list[(r + i) % list.length];
      const { ms, inside } = spawnOnce(c);
      const s = samples[c.name];
      s.wall.push(ms);
      s.importMs.push(inside.importMs);
      s.callMs.push(inside.callMs);
      s.cpuMs.push(inside.cpuMs);
    }
  }
  const core = samples.core.wall;
  return {
    runs,
    rows: list.map((c) => {
      const s = samples[c.name];
      return {
        name: c.name,
        label: c.label,
        chars: c.text.length,
        wallMs: summary(s.wall),
        importMs: median(s.importMs),
        callMs: median(s.callMs),
        // CPU time of the whole process (start-up included): less sensitive than wall time to a busy machine.
        cpuMs: median(s.cpuMs),
        coreCpuRatio: c.name === "core" ? null : ratioSummary(samples.core.cpuMs, s.cpuMs),
        coreRatio: c.name === "core" ? null : ratioSummary(core, s.wall),
        samples: s.wall,
      };
    }),
  };
}
