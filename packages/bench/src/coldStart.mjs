import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ratioSummary, summary } from "./stats.mjs";

const CLI = fileURLToPath(new URL("../../cli/bin/itemfilter.mjs", import.meta.url));

function timedSpawn(args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, status: r.status, stdout: r.stdout, stderr: r.stderr, error: r.error };
}

/**
 * Spawns the CLI and a bare `node -e 0` in alternation (pairs are rounds),
 * after one untimed run of each to warm the file cache.
 */
export function benchColdStart({ runs }) {
  const cliArgs = [CLI, "compile", "a = 1"];
  const baseArgs = ["-e", "0"];
  if (!existsSync(CLI)) return { na: `packages/cli/bin/itemfilter.mjs does not exist (yet)`, runs: 0 };
  const probe = timedSpawn(cliArgs);
  if (probe.status !== 0) {
    return { na: `the CLI exited with ${probe.status ?? probe.error}: ${(probe.stderr || probe.stdout).trim().split("\n")[0]}`, runs: 0 };
  }
  timedSpawn(baseArgs);
  const cli = [];
  const base = [];
  for (let i = 0; i < runs; i++) {
    const first = i % 2 === 0;
    if (first) cli.push(timedSpawn(cliArgs).ms);
    base.push(timedSpawn(baseArgs).ms);
    if (!first) cli.push(timedSpawn(cliArgs).ms);
  }
  return {
    na: null,
    command: `node packages/cli/bin/itemfilter.mjs compile 'a = 1'`,
    output: probe.stdout.trim(),
    runs,
    cliMs: summary(cli),
    nodeMs: summary(base),
    cliSamples: cli,
    nodeSamples: base,
    ratio: ratioSummary(cli, base),
  };
}
