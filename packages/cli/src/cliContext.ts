import { colorEnabled } from "./color.js";
import { Redactor } from "./redactor.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Which of the standard streams are terminals. */
export interface TtyFlags {
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
}

/** Everything the command touches of its process, so tests can run it in-process. */
export interface CliOptions {
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  env?: Env;
  /** One flag for all three streams, or each separately. Default: all false. */
  isTTY?: boolean | Partial<TtyFlags>;
  /** Relative file names (--data, --schema, --token-file) resolve against it. Default: process.cwd(). */
  cwd?: string;
  /** Terminal width for help and tables. */
  columns?: number;
  /** Passed to the client, for tests that fake the network. */
  fetch?: typeof globalThis.fetch;
  /** Ends long-running commands (serve, a REPL, a listing) when aborted. */
  signal?: AbortSignal;
  /**
   * The worker thread script that scans part of a large NDJSON data file
   * (the bundle's dataWorker.mjs, which main.ts names); without it a data
   * file is read in one thread.
   */
  dataWorker?: URL | undefined;
}

export interface CliContext {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly env: Env;
  readonly tty: TtyFlags;
  readonly color: { stdout: boolean; stderr: boolean };
  readonly cwd: string;
  readonly columns: number;
  readonly fetch: typeof globalThis.fetch | undefined;
  readonly signal: AbortSignal | undefined;
  readonly dataWorker: URL | undefined;
  readonly secrets: Redactor;
  /** Writes to stdout with every registered secret masked. */
  out(text: string): void;
  /** Writes to stderr with every registered secret masked. */
  err(text: string): void;
}

export function createContext(options: CliOptions): CliContext {
  const env = options.env ?? process.env;
  const flag = options.isTTY;
  const tty: TtyFlags =
    typeof flag === "boolean"
      ? { stdin: flag, stdout: flag, stderr: flag }
      : { stdin: flag?.stdin ?? false, stdout: flag?.stdout ?? false, stderr: flag?.stderr ?? false };
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const secrets = new Redactor();
  return {
    stdin: options.stdin ?? process.stdin,
    stdout,
    stderr,
    env,
    tty,
    color: { stdout: colorEnabled(env, tty.stdout), stderr: colorEnabled(env, tty.stderr) },
    cwd: options.cwd ?? process.cwd(),
    columns: Math.max(40, Math.min(options.columns ?? 80, 160)),
    fetch: options.fetch,
    signal: options.signal,
    dataWorker: options.dataWorker,
    secrets,
    out: (text) => void stdout.write(secrets.redact(text)),
    err: (text) => void stderr.write(secrets.redact(text)),
  };
}

/** Resolves when Ctrl-C (the context's signal) stops a command that serves until then; never without a signal. */
export function untilInterrupted(ctx: CliContext): Promise<void> {
  return new Promise<void>((resolve) => {
    if (ctx.signal === undefined) return; // runs until the process ends
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
