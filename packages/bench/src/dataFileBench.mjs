import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
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

/**
 * `count` items like the demo users table, one per line: in key order (as an
 * export from the service comes), or `shuffled`: the same lines with the keys
 * in a fixed scattered order (key i on line i × 7919 mod count; 7919 is prime
 * and divides no count used here, so every key occurs once), byte for byte
 * the same size.
 */
function writeItems(file, count, shuffled = false) {
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
    const key = shuffled ? (i * 7919) % count : i;
    const item = { id: `u${String(key).padStart(7, "0")}`, age: 18 + next(70), plan: plans[next(4)], city: cities[next(8)], tags: tagSets[next(5)], score: next(10000) / 100 };
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
 * order rotating), the median of the per-round time ratios; the peak RSS
 * of both at 250,000 and 1,000,000 items, whose ratio says whether memory
 * grows with the file; find and query timed once each. Issue 44: the CLI
 * runs over the file in key order and over the same items not in key order
 * (which it used to read twice) in every round.
 */
export function benchDataFile({ items = 1_000_000, smallItems = 250_000, rounds = 5 } = {}) {
  if (!existsSync(CLI)) return { na: "packages/cli/bin/itemfilter.mjs does not exist (yet)" };
  const dir = mkdtempSync(join(tmpdir(), "itemfilter-bench-data-"));
  try {
    writeFileSync(join(dir, "plain.mjs"), PLAIN);
    writeFileSync(join(dir, "rss.cjs"), RSS_PRELOAD);
    const big = join(dir, "users.ndjson");
    const small = join(dir, "few.ndjson");
    const bigShuffled = join(dir, "shuffled.ndjson");
    const smallShuffled = join(dir, "fewshuffled.ndjson");
    writeItems(big, items);
    writeItems(small, smallItems);
    writeItems(bigShuffled, items, true);
    writeItems(smallShuffled, smallItems, true);
    const table = (file) => basename(file, ".ndjson");
    const cli = (file, command = "list", extra = []) => [CLI, command, "--data", file, "--table", table(file), ...extra, "--output", "ndjson", "--", FILTER];
    const plain = (file) => [join(dir, "plain.mjs"), file];

    // The two must print the same lines (the CLI in key order, the script in the file's), or the times compare different work.
    const lines = (file) => readFileSync(file, "utf8").split("\n").sort().join("\n");
    for (const file of [small, smallShuffled]) {
      const probeCli = run(dir, cli(file), join(dir, "cli.out"));
      const probePlain = run(dir, plain(file), join(dir, "plain.out"));
      if (probeCli.status !== 0) return { na: `the CLI exited with ${probeCli.status}: ${probeCli.stderr.trim().split("\n")[0]}` };
      if (lines(join(dir, "cli.out")) !== lines(join(dir, "plain.out"))) return { na: `the CLI and the plain script printed different items from ${table(file)}` };
    }
    const matched = readFileSync(join(dir, "cli.out"), "utf8");

    const cliMs = [];
    const shuffledMs = [];
    const plainMs = [];
    const cliRss = [];
    const shuffledRss = [];
    const plainRss = [];
    // The script's work does not depend on the keys' order: it runs on the shuffled file, the same bytes but for the keys.
    const sides = [
      () => ["cli", run(dir, cli(big), "/dev/null")],
      () => ["shuffled", run(dir, cli(bigShuffled), "/dev/null")],
      () => ["plain", run(dir, plain(bigShuffled), "/dev/null")],
    ];
    for (let i = 0; i < rounds; i++) {
      const got = {};
      for (let k = 0; k < sides.length; k++) {
        const [name, r] = sides[(i + k) % sides.length]();
        if (r.status !== 0) return { na: `${name === "plain" ? "the plain script" : "the CLI"} exited with ${r.status}: ${r.stderr.trim().split("\n")[0]}` };
        got[name] = r;
      }
      cliMs.push(got.cli.ms);
      cliRss.push(got.cli.rss);
      shuffledMs.push(got.shuffled.ms);
      shuffledRss.push(got.shuffled.rss);
      plainMs.push(got.plain.ms);
      plainRss.push(got.plain.rss);
    }
    // Peak RSS at the smaller size, two runs each (the lower is the figure: RSS only gains from noise).
    const smallCli = [run(dir, cli(small), "/dev/null"), run(dir, cli(small), "/dev/null")];
    const smallShuffledCli = [run(dir, cli(smallShuffled), "/dev/null"), run(dir, cli(smallShuffled), "/dev/null")];
    const smallPlain = [run(dir, plain(smallShuffled), "/dev/null"), run(dir, plain(smallShuffled), "/dev/null")];
    const find = run(dir, cli(big, "find"), "/dev/null");
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
      shuffledMs: summary(shuffledMs),
      ratioShuffled: ratioSummary(shuffledMs, plainMs),
      rss: {
        cli: { small: minimum(smallCli.map((r) => r.rss)), big: minimum(cliRss) },
        shuffled: { small: minimum(smallShuffledCli.map((r) => r.rss)), big: minimum(shuffledRss) },
        plain: { small: minimum(smallPlain.map((r) => r.rss)), big: minimum(plainRss) },
      },
      find: { ms: find.ms, rss: find.rss, status: find.status },
      query: { ms: query.ms, rss: query.rss, status: query.status, stderr: query.stderr.trim().split("\n")[0] },
      samples: { cliMs, shuffledMs, plainMs, cliRss, shuffledRss, plainRss },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes("--quick");
  console.log(JSON.stringify(benchDataFile(quick ? { items: 100_000, smallItems: 25_000, rounds: 3 } : {}), null, 2));
}
