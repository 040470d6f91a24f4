import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { extname, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import type { Env } from "../cliContext.js";

/**
 * Below this size a data file is read in one thread: starting a worker
 * thread (about 50 ms with its modules) costs more than it saves.
 */
const PARALLEL_BYTES = 8 * 1024 * 1024;

/** The commands that read a --data file as a stream (streamedTables). */
const STREAMING = new Set(["list", "query", "find"]);

/**
 * How many ranges to read a data file in: ITEMFILTER_DATA_THREADS when set
 * (a whole number, for tests and measurements; 1 is one thread), else one
 * per core up to 4 for a file of PARALLEL_BYTES or more when there is a
 * worker script, else 1.
 */
export function rangeCount(env: Env, path: string, hasWorker: boolean): number {
  const forced = env.ITEMFILTER_DATA_THREADS;
  if (forced !== undefined && /^[1-9][0-9]?$/.test(forced)) return Number(forced);
  if (!hasWorker) return 1;
  return sizeOf(path) >= PARALLEL_BYTES ? Math.min(availableParallelism(), 4) : 1;
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    // The scan reports the problem.
    return 0;
  }
}

/**
 * The NDJSON data file a command line will read as a stream, as far as a
 * look at its words tells before yargs reads them: `list`, `query` or
 * `find` first, then `--data FILE` or `--data=FILE` before any `--`. Only a
 * guess, for starting worker threads early (StartedWorkers): a wrong one
 * costs a thread's start, never an answer.
 */
export function streamedDataFile(argv: readonly string[]): string | undefined {
  if (!STREAMING.has(argv[0] ?? "")) return undefined;
  let file: string | undefined;
  for (let i = 1; i < argv.length && argv[i] !== "--"; i++) {
    const word = argv[i]!;
    if (word === "--data") file = argv[++i];
    else if (word.startsWith("--data=")) file = word.slice("--data=".length);
  }
  if (file === undefined) return undefined;
  const ext = extname(file).toLowerCase();
  return ext === ".ndjson" || ext === ".jsonl" ? file : undefined;
}

/**
 * Worker threads for a data file's ranges, started as the command starts.
 * A thread takes about 150 ms to start and load its modules, which it
 * spends on the other core while this thread loads the command's own
 * modules and compiles the filter; started when the scan begins, it read
 * its range that much after this thread read its own (packages/bench
 * figure 12). A thread waits for its job (dataWorker.ts); one not taken is
 * ended when the command ends.
 */
export class StartedWorkers {
  #idle: Worker[] = [];
  #asked = false;

  /**
   * Starts the threads a streamed read of the file named in `argv` would
   * use (none when it would use none); only the first call does anything.
   */
  startFor(argv: readonly string[], env: Env, cwd: string, script: URL | undefined): void {
    if (this.#asked) return;
    this.#asked = true;
    const file = streamedDataFile(argv);
    if (file === undefined || script === undefined) return;
    for (let i = rangeCount(env, resolve(cwd, file), true) - 1; i > 0; i--) this.#start(script);
  }

  #start(script: URL): void {
    let worker: Worker;
    try {
      worker = new Worker(script);
    } catch {
      return; // the scan starts its own, and falls back to one thread if that fails too
    }
    const drop = (): void => {
      this.#idle = this.#idle.filter((w) => w !== worker);
    };
    // A thread that fails or ends before it is taken is not handed out.
    worker.once("error", drop);
    worker.once("exit", drop);
    this.#idle.push(worker);
  }

  /** How many started threads wait to be taken. */
  get waiting(): number {
    return this.#idle.length;
  }

  /** A started thread waiting for a job, or undefined. */
  take(): Worker | undefined {
    return this.#idle.shift();
  }

  /** Ends every thread not taken. */
  close(): void {
    for (const worker of this.#idle) void worker.terminate();
    this.#idle = [];
  }
}
