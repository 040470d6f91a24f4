import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { CliContext } from "./cliContext.js";
import { usageError } from "./cliError.js";

/** Reads a file the user named, relative to the command's directory; a missing file is a usage error. */
export async function readUserFile(ctx: CliContext, file: string, what: string): Promise<string> {
  try {
    return await readFile(resolve(ctx.cwd, file), "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : "it cannot be read";
    throw usageError(`cannot read the ${what} '${file}': ${why}`);
  }
}

/** All of stdin as text. On a terminal, says how to finish, since a silent wait looks like a hang. */
export async function readStdin(ctx: CliContext): Promise<string> {
  if (ctx.tty.stdin) ctx.err("Reading the filter from stdin; end it with Ctrl-D.\n");
  const chunks: string[] = [];
  const stream = ctx.stdin;
  stream.setEncoding?.("utf8");
  const read = (async () => {
    for await (const chunk of stream as AsyncIterable<string | Buffer>) chunks.push(typeof chunk === "string" ? chunk : chunk.toString("utf8"));
    return chunks.join("");
  })();
  const signal = ctx.signal;
  if (signal === undefined) return read;
  // Ctrl-C while a person types a filter at the terminal ends the wait.
  return Promise.race([
    read,
    new Promise<never>((_, reject) => {
      const stop = (): void => reject(Object.assign(new Error("interrupted"), { name: "AbortError" }));
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
    }),
  ]);
}
