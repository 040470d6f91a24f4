import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ratioSummary, summary } from "./stats.mjs";

const CLI = fileURLToPath(new URL("../../cli/bin/itemfilter.mjs", import.meta.url));
const FILTER = 'age >= 70 and plan = "pro"';

/**
 * The plain Node script issue 26 §3 measures the CLI against: readline over
 * createReadStream, JSON.parse per line, the same test, the matching lines
 * written out.
 */
const PLAIN = `import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
const lines = createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity });
for await (const line of lines) {
  if (line === "") continue;
  const item = JSON.parse(line);
  if (item.age >= 70 && item.plan === "pro") process.stdout.write(line + "\\n");
}
`;

/**
 * Loaded with -r into both processes: their peak RSS, written where the bench
 * reads it. On Linux it is VmHWM, the peak of this process's own memory since
 * its exec: getrusage's maxRSS would count the bench's own memory too, which
 * a forked child holds until it execs.
 */
const RSS_PRELOAD = `process.on("exit", () => {
  const fs = require("node:fs");
  let bytes = process.resourceUsage().maxRSS * 1024;
  try {
    const kb = /VmHWM:\\s*(\\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
    if (kb !== null) bytes = Number(kb[1]) * 1024;
  } catch {}
  fs.writeFileSync(process.env.BENCH_RSS_FILE, String(bytes));
});
`;

/** `count` items like the demo users table, in key order (as an export from the service comes), one per line. */
function writeItems(file, count) {
  const plans = ["free", "pro", "team", "enterprise"];
  const cities = ["Lisbon", "Oslo", "Paris", "Berlin", "Madrid", "Rome", "Vienna", "Prague"];
  const tagSets = [["beta"], ["beta", "vip"], [], ["vip"], ["early", "beta"]];
  let seed = 42;
  const next = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return Math.floor((seed / 4294967296) * n);
  };
  const fd = openSync(file, "w");
  let chunk = "";
  for (let i = 0; i < count; i++) {
    const item = { id: `u${String(i).padStart(7, "0")}`, age: 18 + next(70), plan: plans[next(4)], city: cities[next(8)], tags: tagSets[next(5)], score: next(10000) / 100 };
    chunk += `${JSON.stringify(item)}\n`;
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = "";
    }
  }
  writeSync(fd, chunk);
  closeSync(fd);
}

/** One run: wall ms, peak RSS bytes, exit status; stdout to `out` (a file, or /dev/null). */
function run(dir, args, out) {
  const rssFile = join(dir, "rss");
  const fd = openSync(out, "w");
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ["-r", join(dir, "rss.cjs"), ...args], { stdio: ["ignore", fd, "pipe"], env: { ...process.env, NO_COLOR: "1", BENCH_RSS_FILE: rssFile }, maxBuffer: 1 << 20 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  closeSync(fd);
  return { ms, rss: Number(readFileSync(rssFile, "utf8")), status: r.status, stderr: String(r.stderr ?? "") };
}

/**
 * Issue 26 §3, figure 12: `itemfilter list --data FILE` over 1,000,000 NDJSON
 * items (about 80 MB) against the plain script, in interleaved rounds (the
 * order alternating), the median of the per-round time ratios; the peak RSS
 * of both at 250,000 and 1,000,000 items, whose ratio says whether memory
 * grows with the file; find and query timed once each.
 */
export function benchDataFile({ items = 1_000_000, smallItems = 250_000, rounds = 5 } = {}) {
  if (!existsSync(CLI)) return { na: "packages/cli/bin/itemfilter.mjs does not exist (yet)" };
  const dir = mkdtempSync(join(tmpdir(), "itemfilter-bench-data-"));
  try {
    writeFileSync(join(dir, "plain.mjs"), PLAIN);
    writeFileSync(join(dir, "rss.cjs"), RSS_PRELOAD);
    const big = join(dir, "users.ndjson");
    const small = join(dir, "few.ndjson");
    writeItems(big, items);
    writeItems(small, smallItems);
    const cli = (file, table, command = "list", extra = []) => [CLI, command, "--data", file, "--table", table, ...extra, "--output", "ndjson", "--", FILTER];
    const plain = (file) => [join(dir, "plain.mjs"), file];

    // The two must print the same lines, or the times compare different work.
    const probeCli = run(dir, cli(small, "few"), join(dir, "cli.out"));
    const probePlain = run(dir, plain(small), join(dir, "plain.out"));
    if (probeCli.status !== 0) return { na: `the CLI exited with ${probeCli.status}: ${probeCli.stderr.trim().split("\n")[0]}` };
    const matched = readFileSync(join(dir, "cli.out"), "utf8");
    if (matched !== readFileSync(join(dir, "plain.out"), "utf8")) return { na: "the CLI and the plain script printed different items" };

    const cliMs = [];
    const plainMs = [];
    const cliRss = [];
    const plainRss = [];
    for (let i = 0; i < rounds; i++) {
      const first = i % 2 === 0;
      const c = () => run(dir, cli(big, "users"), "/dev/null");
      const p = () => run(dir, plain(big), "/dev/null");
      let a;
      let b;
      if (first) {
        a = c();
        b = p();
      } else {
        b = p();
        a = c();
      }
      if (a.status !== 0) return { na: `the CLI exited with ${a.status}: ${a.stderr.trim().split("\n")[0]}` };
      cliMs.push(a.ms);
      cliRss.push(a.rss);
      plainMs.push(b.ms);
      plainRss.push(b.rss);
    }
    // Peak RSS at the smaller size, two runs each (the lower is the figure: RSS only gains from noise).
    const smallCli = [run(dir, cli(small, "few"), "/dev/null"), run(dir, cli(small, "few"), "/dev/null")];
    const smallPlain = [run(dir, plain(small), "/dev/null"), run(dir, plain(small), "/dev/null")];
    const find = run(dir, cli(big, "users", "find"), "/dev/null");
    // An NDJSON table has no secondary key, so a key query is refused, after the whole file is checked.
    const query = run(dir, [CLI, "query", "--data", big, "--table", "users", "--key", "u0000042", "--secondary-key", "age", "--", ">= 70"], "/dev/null");
    const minimum = (xs) => Math.min(...xs);
    return {
      na: null,
      command: `node packages/cli/bin/itemfilter.mjs list --data FILE --table T '${FILTER}' --output ndjson > /dev/null`,
      items,
      smallItems,
      bytes: statSync(big).size,
      matched: matched.split("\n").length - 1,
      rounds,
      cliMs: summary(cliMs),
      plainMs: summary(plainMs),
      ratio: ratioSummary(cliMs, plainMs),
      rss: {
        cli: { small: minimum(smallCli.map((r) => r.rss)), big: minimum(cliRss) },
        plain: { small: minimum(smallPlain.map((r) => r.rss)), big: minimum(plainRss) },
      },
      find: { ms: find.ms, rss: find.rss, status: find.status },
      query: { ms: query.ms, rss: query.rss, status: query.status, stderr: query.stderr.trim().split("\n")[0] },
      samples: { cliMs, plainMs, cliRss, plainRss },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes("--quick");
  console.log(JSON.stringify(benchDataFile(quick ? { items: 100_000, smallItems: 25_000, rounds: 3 } : {}), null, 2));
}
