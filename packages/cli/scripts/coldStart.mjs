// Measures the CLI's cold start against a bare `node -e 0`, median of N runs
// each, interleaved so that load on the machine affects both alike.
// Usage: node packages/cli/scripts/coldStart.mjs [runs] (default 15)
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const bin = join(dirname(fileURLToPath(import.meta.url)), "..", "bin", "itemfilter.mjs");
const runs = Math.max(10, Number(process.argv[2] ?? 15));
const cases = {
  "node -e 0": ["-e", "0"],
  "itemfilter compile 'a = 1'": [bin, "compile", "a = 1"],
  // Any option takes the yargs path; the line above is the fast path.
  "itemfilter compile --compact 'a = 1'": [bin, "compile", "--compact", "a = 1"],
};

function once(args) {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (const args of Object.values(cases)) once(args); // warm the file cache
for (let i = 0; i < runs; i++) for (const [name, args] of Object.entries(cases)) times[name].push(once(args));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const base = median(times["node -e 0"]);
for (const [name, xs] of Object.entries(times)) {
  const m = median(xs);
  console.log(`${name.padEnd(38)} median ${m.toFixed(1)} ms over ${runs} runs (${(m / base).toFixed(2)}x node -e 0)`);
}
