import { stat, readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { CliContext } from "./cliContext.js";
import { usageError } from "./cliError.js";

/** Most bytes read from one file or from stdin, by what it holds: nothing is read without a bound. */
export const MAX_BYTES = {
  /** A --data file, or an NDJSON file it names. */
  data: 256 * 1024 * 1024,
  /** A --schema file. */
  schema: 16 * 1024 * 1024,
  /** A serve --access file. */
  access: 1024 * 1024,
  /** A --token-file. */
  token: 64 * 1024,
  /** Filters on stdin (`compile --lines` reads many). */
  stdin: 16 * 1024 * 1024,
} as const;

/**
 * Checks, before reading a byte, that a file the user named is a regular file
 * of at most `maxBytes`: /dev/zero, a FIFO or a terminal would otherwise be
 * read without end. Returns the resolved path.
 */
export async function checkUserFile(ctx: CliContext, file: string, what: string, maxBytes: number): Promise<string> {
  const path = resolve(ctx.cwd, file);
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw usageError(`cannot read the ${what} '${file}': ${why(error)}`);
  }
  if (info.isDirectory()) throw usageError(`cannot read the ${what} '${file}': it is a directory`);
  if (!info.isFile()) throw usageError(`cannot read the ${what} '${file}': it is not a regular file (a device, FIFO or socket); give a file`);
  if (info.size > maxBytes) throw usageError(`cannot read the ${what} '${file}': it is ${mib(info.size)}, more than the ${mib(maxBytes)} allowed`);
  return path;
}

/** Reads a file the user named, relative to the command's directory; a missing, special or huge file is a usage error. */
export async function readUserFile(ctx: CliContext, file: string, what: string, maxBytes: number): Promise<string> {
  const path = await checkUserFile(ctx, file, what, maxBytes);
  let text: string;
  try {
    text = await readFile(path, { encoding: "utf8", ...(ctx.signal === undefined ? {} : { signal: ctx.signal }) });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw usageError(`cannot read the ${what} '${file}': ${why(error)}`);
  }
  // The file may have grown between the check and the read.
  if (text.length > maxBytes) throw usageError(`cannot read the ${what} '${file}': it is more than the ${mib(maxBytes)} allowed`);
  return text;
}

/** An AbortError when Ctrl-C (or SIGTERM) arrived during work that could not listen for it. */
export function throwIfAborted(ctx: CliContext): void {
  if (ctx.signal?.aborted === true) throw Object.assign(new Error("interrupted"), { name: "AbortError" });
}

/** All of stdin as text, at most MAX_BYTES.stdin. On a terminal, says how to finish, since a silent wait looks like a hang. */
export async function readStdin(ctx: CliContext, maxBytes: number = MAX_BYTES.stdin): Promise<string> {
  if (ctx.tty.stdin) ctx.err("Reading the filter from stdin; end it with Ctrl-D.\n");
  const stream = ctx.stdin;
  const chunks: Buffer[] = [];
  let size = 0;
  let stopped = false;
  const read = (async () => {
    for await (const chunk of stream as AsyncIterable<string | Buffer>) {
      if (stopped) break;
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      size += bytes.length;
      if (size > maxBytes) {
        (stream as { pause?: () => void }).pause?.();
        throw usageError(`stdin holds more than the ${mib(maxBytes)} allowed for filters`);
      }
      chunks.push(bytes);
    }
    return Buffer.concat(chunks).toString("utf8");
  })();
  const signal = ctx.signal;
  if (signal === undefined) return read;
  // Ctrl-C while a person types a filter at the terminal, or while a pipe trickles, ends the wait.
  let stop: (() => void) | undefined;
  try {
    return await Promise.race([
      read,
      new Promise<never>((_, reject) => {
        stop = (): void => {
          stopped = true;
          reject(Object.assign(new Error("interrupted"), { name: "AbortError" }));
        };
        if (signal.aborted) stop();
        else signal.addEventListener("abort", stop, { once: true });
      }),
    ]);
  } finally {
    if (stop !== undefined) signal.removeEventListener("abort", stop);
  }
}

function why(error: unknown): string {
  const code = (error as { code?: string }).code;
  return code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : "it cannot be read";
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}
