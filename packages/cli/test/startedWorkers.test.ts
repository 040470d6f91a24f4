import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it, vi } from "vitest";
import { rangeCount, StartedWorkers, streamedDataFile } from "../src/send/startedWorkers.js";

/**
 * Issue 44 (packages/bench figure 12): a large data file's worker threads
 * start as the command starts, before its modules load, and wait for their
 * ranges; the scan takes them, and the command ends those it did not take.
 */

const dir = mkdtempSync(join(tmpdir(), "itemfilter-started-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A worker that waits for one message and answers it doubled, as dataWorker.ts waits for its job.
const echo = join(dir, "echo.mjs");
writeFileSync(echo, 'import { parentPort } from "node:worker_threads";\nparentPort.once("message", (n) => parentPort.postMessage(n * 2));\n');
const script = pathToFileURL(echo);

function answer(worker: Worker, n: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.postMessage(n);
  });
}

describe("streamedDataFile: the data file a command line streams, from its words alone", () => {
  it.each<[string, string[], string | undefined]>([
    ["list --data FILE", ["list", "--table", "t", "--data", "t.ndjson", "--", "age > 3"], "t.ndjson"],
    ["find --data=FILE", ["find", "--data=big.jsonl", "x = 1"], "big.jsonl"],
    ["query, the extension in capitals", ["query", "--data", "T.NDJSON", "--key", "a"], "T.NDJSON"],
    ["the last --data", ["list", "--data", "a.ndjson", "--data", "b.ndjson"], "b.ndjson"],
    ["a --data after -- is the filter's text", ["list", "--", "--data", "t.ndjson"], undefined],
    ["a tables file (one JSON document) is not streamed", ["list", "--data", "tables.json"], undefined],
    ["compile reads no data", ["compile", "--data", "t.ndjson"], undefined],
    ["serve loads the file whole", ["serve", "--data", "t.ndjson"], undefined],
    ["--data without its value", ["list", "--data"], undefined],
    ["no command", [], undefined],
  ])("%s", (_, argv, file) => {
    expect(streamedDataFile(argv)).toBe(file);
  });
});

describe("rangeCount", () => {
  it("takes ITEMFILTER_DATA_THREADS when it is a whole number, else one range for a small file or no worker script", () => {
    const small = join(dir, "small.ndjson");
    writeFileSync(small, '{"id":1}\n');
    expect(rangeCount({ ITEMFILTER_DATA_THREADS: "3" }, small, true)).toBe(3);
    expect(rangeCount({ ITEMFILTER_DATA_THREADS: "1" }, small, true)).toBe(1);
    expect(rangeCount({ ITEMFILTER_DATA_THREADS: "x" }, small, true)).toBe(1);
    expect(rangeCount({}, small, true)).toBe(1);
    expect(rangeCount({}, join(dir, "missing.ndjson"), true)).toBe(1);
  });
});

describe("StartedWorkers", () => {
  const env = { ITEMFILTER_DATA_THREADS: "3" };

  it("starts a thread per range after the first, hands each out once, and ends those not taken", async () => {
    const started = new StartedWorkers();
    started.startFor(["list", "--data", "t.ndjson"], env, dir, script);
    // Asked again (createCli asks too when main.ts already did): nothing more starts.
    started.startFor(["list", "--data", "t.ndjson"], env, dir, script);
    const first = started.take()!;
    const second = started.take()!;
    expect(started.take()).toBeUndefined();
    expect(await Promise.all([answer(first, 2), answer(second, 5)])).toEqual([4, 10]);
  });

  it("ends the threads nobody took when the command ends", () => {
    const terminate = vi.spyOn(Worker.prototype, "terminate");
    try {
      const started = new StartedWorkers();
      started.startFor(["find", "--data=t.jsonl"], env, dir, script);
      expect(started.waiting).toBe(2);
      started.take()!.postMessage(1);
      started.close();
      expect(started.waiting).toBe(0);
      expect(terminate).toHaveBeenCalledTimes(1);
    } finally {
      terminate.mockRestore();
    }
  });

  it("starts nothing for a command that streams no file, one range, or no worker script", () => {
    for (const [argv, threads, url] of [
      [["compile", "--data", "t.ndjson"], "3", script],
      [["list", "--data", "t.ndjson"], "1", script],
      [["list", "--data", "t.ndjson"], "3", undefined],
    ] as const) {
      const started = new StartedWorkers();
      started.startFor(argv, { ITEMFILTER_DATA_THREADS: threads }, dir, url);
      expect(started.take()).toBeUndefined();
    }
  });

  it("does not hand out a thread that failed to start", async () => {
    const started = new StartedWorkers();
    started.startFor(["list", "--data", "t.ndjson"], { ITEMFILTER_DATA_THREADS: "2" }, dir, pathToFileURL(join(dir, "no-such-worker.mjs")));
    // The thread fails as it loads its module; until then it waits to be taken like any other.
    await vi.waitFor(() => expect(started.waiting).toBe(0), { timeout: 30_000, interval: 20 });
    expect(started.take()).toBeUndefined();
  });
});
