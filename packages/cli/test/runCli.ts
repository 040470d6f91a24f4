import { PassThrough, Readable, Writable } from "node:stream";
import { createCli, type CliOptions } from "@itemfilter/cli";

/** A writable that keeps everything written to it as text. */
export class Capture extends Writable {
  text = "";
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
    done();
  }
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions extends Omit<CliOptions, "stdin" | "stdout" | "stderr"> {
  /** Text on stdin; an empty stream when left out. */
  input?: string;
}

/** Runs the command in-process with captured streams and a clean environment. */
export async function runCli(argv: string[], options: RunOptions = {}): Promise<CliRun> {
  const stdout = new Capture();
  const stderr = new Capture();
  const { input, ...rest } = options;
  const cli = createCli({ env: {}, ...rest, stdin: Readable.from(input === undefined ? [] : [input]), stdout, stderr });
  const code = await cli.run(argv);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** stdin for a REPL test: write to it as a person would type. */
export function typing(): PassThrough {
  return new PassThrough();
}

export interface ServeRun {
  url: string;
  /** Aborts the command and resolves to its whole run. */
  stop(): Promise<CliRun>;
}

/** Runs `serve` in-process until stop(); resolves once it has printed its URL. */
export async function startServe(argv: string[], options: RunOptions = {}): Promise<ServeRun> {
  const stdout = new Capture();
  const stderr = new Capture();
  const controller = new AbortController();
  const { input: _input, ...rest } = options;
  const done = createCli({ env: {}, ...rest, stdin: Readable.from([]), stdout, stderr, signal: controller.signal }).run(argv);
  let finished: number | undefined;
  void done.then((code) => (finished = code));
  while (!stdout.text.includes("\n") && finished === undefined) await new Promise((r) => setTimeout(r, 5));
  if (finished !== undefined) throw new Error(`serve exited ${finished}: ${stderr.text}`);
  return {
    url: stdout.text.trim(),
    stop: async () => {
      controller.abort();
      const code = await done;
      return { code, stdout: stdout.text, stderr: stderr.text };
    },
  };
}
