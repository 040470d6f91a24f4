// The test command's runs of vitest (`npx -y pnpm@10 test` runs this after test/prepareMachine.sh): the whole
// suite on this machine's Node, and beside it, one after another, the tests' typecheck and the runs on the
// supported Node versions that are not this machine's, with binaries from the npm registry's node-<platform>-<arch>
// packages (by `npm pack`, so npm checks each against the registry's integrity hash), kept under
// node_modules/.cache/itemfilter-node. Nothing else is downloaded. The first run's output is on the terminal;
// each other job writes a log there, shown in full when the job fails.
//
// What runs where, and why (README "Node versions"): a second whole run would double the test time, so
//   - this machine's Node: every test (in two parts: test/browser runs in the second lane, see below);
//   - Node 24: every test but those whose work happens in another engine: test/dynamodb (DynamoDB Local,
//     a JVM, answers the property tests' oracle) and test/browser (Chromium runs the code). The Node side
//     of both (the AWS SDK, the client, the emulator, the CLI) runs on Node 24 in the other tests;
//   - Node 22: the libraries' unit tests, packages/*/test but the CLI's (four fifths of the unit tests' time:
//     they start processes and servers; the CLI's own code runs on this machine's Node and on Node 24).
// On the Node 24 and 22 runs a property test draws a quarter of its inputs (test/support/propertyRuns.ts), and the
// checks no Node changes (typechecks, publint, attw) are skipped (test/support/onOtherNode.ts).
// A run for the Node major this machine already has is left out. ITEMFILTER_TEST_NODES picks runs by
// name, comma-separated: `machine`, `24`, `22` (e.g. `machine` while working on one change); test files
// given after the command replace each run's own selection (`node test/runTests.mjs packages/cli/test/bin.test.ts`
// runs that file on every Node, without the typecheck).
//
// The last line is the total over the runs, "tests: N passed, N failed, N skipped"; the exit code is 1
// when any run failed (every run goes on, so one failure does not hide another Node's).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cache = join(root, "node_modules", ".cache", "itemfilter-node");
const vitest = join(root, "node_modules", "vitest", "vitest.mjs");

/** The Node versions the packages support besides the machine's (engines: >=22.12), newest patch when this was written. */
const NODES = { 24: "24.22.3", 22: "22.23.5" };

/** The share of a property test's inputs drawn on the other Nodes' runs (README "Node versions"). */
const PROPERTY_SHARE = 0.25;

// args: vitest's file filters; exclude: globs left out (through ITEMFILTER_TEST_EXCLUDE, which vitest.config.ts
// gives its projects: vitest's own --exclude does not reach them).
const runs = [
  { id: "machine", major: Number(process.versions.node.split(".")[0]), node: process.execPath, args: [], exclude: [] },
  { id: "24", major: 24, version: NODES[24], args: [], exclude: ["test/dynamodb/**", "test/browser/**"] },
  { id: "22", major: 22, version: NODES[22], args: ["packages/"], exclude: ["packages/cli/**"] },
];

const picked = process.env.ITEMFILTER_TEST_NODES?.split(",").map((s) => s.trim()).filter(Boolean);
const unknown = picked?.filter((id) => !runs.some((run) => run.id === id)) ?? [];
if (unknown.length > 0) {
  console.error(`runTests: ITEMFILTER_TEST_NODES names ${unknown.join(", ")}; the runs are ${runs.map((run) => run.id).join(", ")}`);
  process.exit(2);
}

const only = process.argv.slice(2);
const selected = runs.filter((run) => {
  if (picked !== undefined && !picked.includes(run.id)) return false;
  if (run.id !== "machine" && run.major === runs[0].major && (picked === undefined || picked.includes("machine"))) {
    console.error(`runTests: this machine's Node is ${process.version}: the Node ${run.major} run is the first one`);
    return false;
  }
  return true;
});
// Binaries first (a download's messages before any test output).
for (const run of selected) run.node ??= nodeBinary(run.version);

// Two lanes at once: the first run with its output on the terminal, and beside it the tests' typecheck and the
// other runs one after another, each writing to a log that is shown when it ends badly. Most test files wait on
// processes (the CLI, DynamoDB Local, Chromium), so one run alone left a 2-core machine idle for much of its
// time; the lanes fill it (README "Node versions").
// The machine's run is the longest: its browser tests (a minute, much of it waiting on Chromium) run in the other
// lane, first, so that the two lanes end together.
const [whole, ...rest] = selected;
const split = whole?.id === "machine" && only.length === 0;
const first = split ? { ...whole, exclude: [...whole.exclude, "test/browser/**"] } : whole;
const jobs = [
  ...(split ? [{ ...whole, id: "machine-browser", args: ["test/browser/"] }] : []),
  ...(only.length > 0 ? [] : [{ id: "types", label: "the tests' typecheck", command: process.execPath, args: [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "test/tsconfig.json"] }]),
  ...rest,
].map((job) => (job.id === "types" ? job : vitestJob(job)));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = 0;
const [firstOk, restOk] = await Promise.all([first === undefined ? true : runJob(vitestJob(first), "inherit"), runLane(jobs)]);
if (!firstOk) failed++;
if (!restOk) failed++;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);

function vitestJob(run) {
  const args = only.length > 0 ? only : run.args;
  const exclude = only.length > 0 ? [] : run.exclude;
  const what = `${args.length === 0 ? "every test" : args.join(" ")}${exclude.length === 0 ? "" : ` but ${exclude.join(", ")}`}`;
  const label = run.id.startsWith("machine") ? `Node ${process.version} (this machine's)` : `Node v${run.version}`;
  const report = join(cache, `results-${run.id}.json`);
  return {
    id: run.id,
    label: `${label}: ${what}`,
    report,
    command: run.node,
    args: [vitest, "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    // Whatever a test spawns by name (node, npx, pnpm's scripts) runs on the same Node.
    // On the other Nodes a property draws a quarter of its inputs (test/support/propertyRuns.ts), and the checks
    // whose answer no Node changes (typechecks, publint, attw) are left to the machine's run (test/support/onOtherNode.ts).
    env: {
      PATH: `${dirname(run.node)}:${process.env.PATH ?? ""}`,
      ITEMFILTER_TEST_EXCLUDE: exclude.join(","),
      ...(run.id.startsWith("machine") ? {} : { ITEMFILTER_PROPERTY_SHARE: String(PROPERTY_SHARE), ITEMFILTER_OTHER_NODE: "1" }),
    },
  };
}

/** The jobs one after another; true when every one passed (each runs even when one before it failed). */
async function runLane(lane) {
  let ok = true;
  for (const job of lane) if (!(await runJob(job, "log"))) ok = false;
  return ok;
}

/** One job, its output on this terminal ("inherit") or in a log shown when it fails ("log"); true when it passed. */
function runJob(job, output) {
  mkdirSync(cache, { recursive: true });
  if (job.report !== undefined) rmSync(job.report, { force: true });
  const log = join(cache, `log-${job.id}.txt`);
  console.error(`\nrunTests: ${job.label}${output === "log" ? ` (output in ${log})` : ""}`);
  const started = Date.now();
  const stdio = output === "inherit" ? "inherit" : ["ignore", openSync(log, "w"), openSync(log, "a")];
  const child = spawn(job.command, job.args, { cwd: root, stdio, env: { ...process.env, ...job.env } });
  return new Promise((resolve) => {
    child.on("close", (status, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const counts = job.report === undefined ? undefined : readCounts(job.report);
      const ok = status === 0 && (job.report === undefined || (counts !== undefined && counts.failed === 0));
      if (counts !== undefined) for (const key of Object.keys(totals)) totals[key] += counts[key];
      if (!ok && output === "log") console.error(readFileSync(log, "utf8"));
      const result = job.report === undefined ? (ok ? "passed" : "failed") : counts === undefined ? "no results" : `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
      console.error(`runTests: ${job.label}: ${result} in ${seconds} s (exit ${status ?? signal})`);
      resolve(ok);
    });
  });
}

/** The counts of vitest's JSON report, or undefined when the run wrote none (it could not start). */
function readCounts(file) {
  if (!existsSync(file)) return undefined;
  const json = JSON.parse(readFileSync(file, "utf8"));
  return { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
}

/**
 * The `node` binary of a version, from the npm package node-<platform>-<arch>@version (the binaries the
 * npm package `node` installs), packed by npm into the cache once and unpacked there.
 */
function nodeBinary(version) {
  const name = `node-${process.platform}-${process.arch}`;
  const dir = join(cache, `${name}-${version}`);
  const bin = join(dir, "bin", "node");
  if (existsSync(bin)) return bin;
  mkdirSync(cache, { recursive: true });
  console.error(`runTests: fetching Node ${version} (npm pack ${name}@${version}, once)`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const pack = () => spawnSync(npm, ["pack", `${name}@${version}`, "--pack-destination", cache, "--silent"], { cwd: cache, encoding: "utf8" });
  const tarball = join(cache, `${name}-${version}.tgz`);
  // Once more after a failure: a registry's passing fault should not fail the tests.
  let packed = pack();
  if (packed.status !== 0 || !existsSync(tarball)) packed = pack();
  if (packed.status !== 0 || !existsSync(tarball)) fail(`npm pack ${name}@${version} failed: ${(packed.stderr || packed.stdout || String(packed.error)).trim().split("\n").slice(-3).join(" ")}`);
  const staging = `${dir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  const untar = spawnSync("tar", ["-xzf", tarball, "-C", staging, "--strip-components=1"], { encoding: "utf8" });
  rmSync(tarball, { force: true });
  if (untar.status !== 0) fail(`unpacking ${tarball} failed: ${untar.stderr.trim()}`);
  // Renamed into place whole, so an interrupted fetch is never taken for a binary.
  renameSync(staging, dir);
  const check = spawnSync(bin, ["--version"], { encoding: "utf8" });
  if (check.stdout.trim() !== `v${version}`) fail(`${bin} --version said ${JSON.stringify(check.stdout.trim() || check.stderr.trim())}, not v${version}`);
  return bin;
}

function fail(message) {
  console.error(`runTests: ${message}`);
  process.exit(1);
}
