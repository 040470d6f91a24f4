/**
 * Where one partition query's time goes (issue 26), on both sides: the
 * emulator in one process and a loop of client.findAll with keys (figure
 * 8b's query) in another, each under --cpu-prof; then, per request, the
 * time inside each function (inclusive) and the top self times of each side.
 * `node packages/bench/src/requestProfile.mjs [seconds]` (build first).
 * Profiles sample every ~1 ms, so a function's µs per request is an
 * estimate; the ratios between them are what to read.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const CREDENTIALS = { applicationKey: "bench-key", authenticationToken: "bench-token" };
const FILTER = 'id = "u0042" and ts > 5';
const self = fileURLToPath(import.meta.url);
const [role = "main", arg = "6"] = process.argv.slice(2);

if (role === "server") {
  const { createEmulator } = await import("../../emulator/dist/index.js");
  const { planItems } = await import("./planBench.mjs");
  const emulator = createEmulator({ tables: { people: { primaryKey: "id", secondaryKey: "ts", items: planItems(100_000) } }, credentials: [CREDENTIALS] });
  process.stdout.write(`${await emulator.start()}\n`);
  // Ends when the parent closes stdin, so the profile is written on a normal exit.
  process.stdin.resume();
  process.stdin.on("end", () => void emulator.stop().then(() => process.exit(0)));
} else if (role === "client") {
  const { createClient } = await import("../../client/dist/index.js");
  const [baseUrl, seconds] = [process.argv[4], Number(arg)];
  const client = createClient({ baseUrl, ...CREDENTIALS });
  const run = async () => {
    let n = 0;
    for await (const _ of client.findAll({ table: "people", filter: FILTER, keys: { primary: "id", secondary: "ts" } })) n++;
    return n;
  };
  for (let i = 0; i < 500; i++) await run();
  const end = Date.now() + seconds * 1000;
  let calls = 0;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  while (Date.now() < end) {
    await run();
    calls++;
  }
  const used = process.cpuUsage(cpu);
  client.close();
  process.stdout.write(`${JSON.stringify({ calls, ms: Number(process.hrtime.bigint() - start) / 1e6 / calls, cpuUs: (used.user + used.system) / calls })}\n`);
} else {
  const dir = mkdtempSync(join(tmpdir(), "itemfilter-reqprof-"));
  const server = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir", join(dir, "server"), self, "server"], { stdio: ["pipe", "pipe", "inherit"] });
  const baseUrl = await new Promise((resolve) => server.stdout.once("data", (d) => resolve(String(d).trim())));
  const result = JSON.parse(execFileSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", join(dir, "client"), self, "client", arg, baseUrl], { encoding: "utf8" }));
  server.stdin.end();
  await new Promise((resolve) => server.once("exit", resolve));
  console.log(`client.findAll with keys: ${result.calls} requests, ${result.ms.toFixed(3)} ms each, client CPU ${result.cpuUs.toFixed(0)} µs each`);
  for (const side of ["client", "server"]) {
    const profile = JSON.parse(readFileSync(join(dir, side, readdirSync(join(dir, side))[0]), "utf8"));
    report(side, profile, result.calls);
  }
  rmSync(dir, { recursive: true, force: true });
}

function frameName(frame) {
  const file = frame.url.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, "").replace(/^file:\/\/.*\/packages\//, "");
  return `${frame.functionName || "(anonymous)"} ${file}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
}

/** µs per request inside each function of ours, node-fetch's and Node's HTTP (inclusive), and the top self times. */
function report(side, profile, calls) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const usPerSample = (profile.endTime - profile.startTime) / profile.samples.length;
  const inclusive = new Map();
  const selfTime = new Map();
  for (const [id, n] of hits) {
    const leaf = frameName(byId.get(id).callFrame);
    selfTime.set(leaf, (selfTime.get(leaf) ?? 0) + n);
    const seen = new Set();
    for (let p = id; p !== undefined; p = parent.get(p)) {
      const name = frameName(byId.get(p).callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + n);
    }
  }
  const us = (n) => ((n * usPerSample) / calls).toFixed(1).padStart(7);
  const ours = /client\/dist|emulator\/dist|core\/dist|node-fetch\/src\/index\.js:4|DOMException|writev|\(garbage collector\)|\(idle\)/;
  console.log(`\n${side}: µs per request inside (inclusive), ours, node-fetch's fetch, the socket write, GC, idle`);
  for (const [name, n] of [...inclusive].filter(([k]) => ours.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${us(n)}  ${name}`);
  console.log(`${side}: top self time, µs per request`);
  for (const [name, n] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${us(n)}  ${name}`);
}
