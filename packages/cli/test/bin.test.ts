import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { toExactTransfer } from "@itemfilter/emulator";
import { scanDataRange, type DataRangeJob } from "../src/send/scanDataRange.js";
import { runCli } from "./runCli.js";
import { onOtherNode } from "../../../test/support/onOtherNode.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "itemfilter.mjs");
const bundle = join(root, "dist-bundle");

/**
 * How long one run of the binary may take before it counts as hung: a hang
 * guard, not a speed check. One run takes well under a second on an idle
 * machine; on a 2-core machine shared with other work it has taken several.
 */
const SPAWN_GUARD_MS = 60_000;

/** Runs the built binary as a user would, with a clean environment. */
function spawn(args: string[], input = "", env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { input, encoding: "utf8", env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env }, timeout: SPAWN_GUARD_MS });
  if (result.error !== undefined) throw new Error(`itemfilter ${args.join(" ")}: ${result.error.message}`);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  // The bundle is what the binary runs: build it from the current sources.
  const built = spawnSync(process.execPath, [join(root, "scripts", "bundle.mjs")], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`bundle failed: ${built.stderr}`);
});

describe("the built binary", () => {
  it("compiles an argument", () => {
    expect(spawn(["compile", "a = 1"])).toEqual({ status: 0, stdout: '[{"item":"a","operator":"equals","value":1}]\n', stderr: "" });
  });

  it("compiles stdin, one filter per line", () => {
    expect(spawn(["compile", "--lines", "--query"], ">= 1\nkey beginsWith 'x'\n")).toEqual({
      status: 0,
      stdout: '{"operator":"greaterEqual","value":1}\n{"operator":"beginsWith","value":"x"}\n',
      stderr: "",
    });
  });

  it.each([
    [["compile", "a ="], 1],
    [["compile", "--nope"], 2],
    [[], 2],
    [["list", "--table", "nope"], 3],
  ])("%j exits %i", (args, status) => {
    const run = spawn(args);
    expect(run.status).toBe(status);
    expect(run.stdout).toBe("");
    expect(run.stderr).not.toBe("");
  });

  it("lists from the embedded demo data with no setup at all", () => {
    const run = spawn(["list", "--table", "users", "--output", "ndjson", "age >= 30"]);
    const demo = JSON.parse(readFileSync(join(root, "demo", "demo.json"), "utf8")) as { tables: { users: { items: { age: number }[] } } };
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      demo.tables.users.items
        .filter((u) => u.age >= 30)
        .map((u) => `${JSON.stringify(u)}\n`)
        .join(""),
    );
  });
});

describe("the bundle's layout", () => {
  /** The files a module loads before it runs: static imports, followed transitively. */
  function staticClosure(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:from\s*|import\s*)"(\.{1,2}\/[^"]+)"/g)) staticClosure(join(dirname(file), m[1]!), seen);
    return seen;
  }

  it("loads no REPL, emulator or client code for compile, nor yargs for compile EXPR", () => {
    const runCompile = readdirSync(join(bundle, "chunks")).find((f) => /^runCompile-.*\.mjs$/.test(f));
    expect(runCompile).toBeDefined();
    const files = [...staticClosure(join(bundle, "main.mjs")), ...staticClosure(join(bundle, "chunks", runCompile!))];
    const text = files.map((f) => readFileSync(f, "utf8")).join("\n");
    expect(text).toContain("chevrotain");
    for (const marker of ['"readline"', '"node:readline"', '"node:http"', '"http"', "createServer", "E_NETWORK", "node-fetch", "Show help"]) expect(text).not.toContain(marker);
  });
});

describe("the built binary reads a data file in parallel ranges (issue 26 §3)", () => {
  const dir = mkdtempSync(join(tmpdir(), "itemfilter-bin-ranges-"));
  const line = (i: number, extra: Record<string, unknown> = {}): string => JSON.stringify({ id: `u${String(i).padStart(6, "0")}`, age: 18 + ((i * 7) % 70), plan: i % 4 === 1 ? "pro" : "free", ...extra });
  const lines = (from: number, n: number): string[] => Array.from({ length: n }, (_, k) => line(from + k));
  const files: Record<string, string> = {
    good: `${lines(0, 3000).join("\n")}\n`,
    badLineLate: `${[...lines(0, 2500), '{"id":"u9"', ...lines(2500, 400)].join("\n")}\n`,
    badItemEarlyBadLineLate: `${[...lines(0, 10), '{"plan":"pro"}', ...lines(10, 2500), "[1]", ...lines(2510, 400)].join("\n")}\n`,
    badItemLate: `${[...lines(0, 2800), '{"id":"u1","v":1e400}', ...lines(2800, 100)].join("\n")}`,
    unsortedDuplicate: `${[...lines(1500, 1500), ...lines(0, 1500), line(2999)].join("\n")}\n`,
    unsortedAcrossBoundary: `${[...lines(1500, 1500), ...lines(0, 1500)].join("\n")}\n`,
    mixedKeys: `${[...Array.from({ length: 1500 }, (_, i) => JSON.stringify({ id: i, age: 80, plan: "pro" })), ...lines(0, 1500)].join("\n")}\n`,
    bomLate: `${[...lines(0, 2000), `\uFEFF${line(2000)}`].join("\n")}\n`,
    tiny: `${line(1)}\n`,
    // Issue 32: items whose numbers only an ExactTransfer brings back from a worker thread.
    exactNumbers: `${Array.from({ length: 3000 }, (_, i) => `{"id":${1234567890123456789n + BigInt(i)},"age":${18 + ((i * 7) % 70)},"plan":"${i % 4 === 1 ? "pro" : "free"}","price":9007199254740993.${i}}`).join("\n")}\n`,
    empty: "",
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, `${name}.ndjson`), text);

  const commands = (name: string, file: string): string[][] => [
    ["list", "--table", name, "--data", file, "--output", "ndjson", "--", 'age >= 70 and plan = "pro"'],
    ["find", "--table", name, "--data", file, "--output", "ndjson", "--", 'age < 20 or plan = "pro"'],
    ["query", "--table", name, "--data", file, "--key", "u000042", "--", ">= 1"],
    ["list", "--table", name, "--data", file, "--", 'plan = "team"'],
  ];
  // Three ranges: two worker threads and two boundaries (the in-process tests in streamedData.test.ts draw other counts).
  // One thread's answer comes from the same sources run in this process (a process start less per command; the
  // bundle's own one-thread reading is what the other tests of the binary run). Each case runs the binary 4 times:
  // its time limit is 4 runs' hang guards, not a fixed 30 s.
  // Each file is read by two of the four commands, in turn, so each command reads five or six of the files (a run of
  // the binary in three ranges costs about 0.6 s of CPU: the whole table took a minute of a test run); on the other
  // Nodes' runs (test/support/onOtherNode.ts), by one, there to check the binary's threads on that engine.
  it.each(Object.keys(files).map((name, i) => [name, i] as const))(
    "%s: list, find and query give one thread's bytes and exit code with 3 ranges",
    async (name, i) => {
      const file = join(dir, `${name}.ndjson`);
      for (const args of commands(name, file).filter((_, k) => k === i % 4 || (!onOtherNode && k === (i + 2) % 4))) {
        const one = await runCli(args, { env: { NO_COLOR: "1", ITEMFILTER_DATA_THREADS: "1" } });
        expect(spawn(args, "", { ITEMFILTER_DATA_THREADS: "3" }), `${args[0]} in 3 ranges`).toEqual({ status: one.code, stdout: one.stdout, stderr: one.stderr });
      }
    },
    4 * SPAWN_GUARD_MS,
  );

  it("the bundle's worker script scans a range as this thread does (so the ranges above did not fall back)", async () => {
    const file = join(dir, "badItemEarlyBadLineLate.ndjson");
    const size = readFileSync(file).length;
    const job: DataRangeJob = { scan: { file, range: { start: 0, end: size, first: true, last: true }, primaryKey: "id", checkItems: true }, filters: [[{ item: "plan", operator: "equals", value: "pro" }]], names: ["age", "plan"] };
    const worker = new Worker(pathToFileURL(join(bundle, "dataWorker.mjs")), { workerData: toExactTransfer(job) });
    const answer = await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    expect(answer).toEqual({ ok: toExactTransfer(await scanDataRange(job)) });
    expect((answer as { ok: { value: { scan: { kept: unknown[] } } } }).ok.value.scan.kept.length).toBeGreaterThan(0);
  });
});
