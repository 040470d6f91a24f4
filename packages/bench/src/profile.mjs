/**
 * Profiles one core call on one bench input and prints the top self-time
 * functions. `pnpm --filter @itemfilter/bench run profile [input] [call] [seconds]`
 * with input small|typical|large|huge, call compileList|parse.
 * It re-runs itself under --cpu-prof, then reads the profile it wrote.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileList, parse } from "@itemfilter/core";
import { HUGE_COPIES, LARGE, SMALL, TYPICAL, raisedLimits, repeatLarge } from "./inputs.mjs";

const [input = "typical", call = "compileList", seconds = "3"] = process.argv.slice(2).filter((a) => a !== "--child");
const INPUTS = {
  small: [SMALL, undefined],
  typical: [TYPICAL, undefined],
  large: [LARGE, undefined],
  huge: [repeatLarge(HUGE_COPIES), raisedLimits(HUGE_COPIES)],
};

if (process.argv.includes("--child")) {
  const [source, options] = INPUTS[input];
  const fn = call === "parse" ? parse : compileList;
  const end = Date.now() + Number(seconds) * 1000;
  let calls = 0;
  while (Date.now() < end) {
    fn(source, options);
    calls++;
  }
  console.log(`${call}(${input}): ${calls} calls in ${seconds} s`);
} else {
  if (!(input in INPUTS)) throw new Error(`unknown input ${input}; use ${Object.keys(INPUTS).join(", ")}`);
  const dir = mkdtempSync(join(tmpdir(), "itemfilter-prof-"));
  const self = fileURLToPath(import.meta.url);
  process.stdout.write(execFileSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", dir, self, input, call, seconds, "--child"], { encoding: "utf8" }));
  const profile = JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]), "utf8"));
  rmSync(dir, { recursive: true, force: true });
  printTop(profile, 25);
}

/** Self time per function (name, file, line), from the sample counts of a V8 .cpuprofile. */
function printTop(profile, count) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const self = new Map();
  for (const [id, n] of hits) {
    const f = byId.get(id).callFrame;
    const file = f.url.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, "").replace(/^file:\/\/.*\/packages\//, "");
    const key = `${f.functionName || "(anonymous)"}  ${file}${f.url ? `:${f.lineNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + n);
  }
  const total = profile.samples.length;
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`top ${count} self time of ${total} samples:`);
  for (const [key, n] of rows) console.log(`${((100 * n) / total).toFixed(1).padStart(5)}%  ${key}`);
}
