import { open, stat } from "node:fs/promises";
import { EmulatorError } from "./EmulatorError.js";

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The largest data file the loaders read: a table held in memory past this is a mistake, not a data set. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/**
 * A file's text, strictly UTF-8. Only a regular file of at most `maxBytes` is
 * read: /dev/zero, a FIFO or a terminal would otherwise be read without end
 * (and opening a FIFO blocks until a writer comes), so what the path names is
 * checked before it is opened, and the read stops at the size it had.
 */
export async function readTextFile(file: string, maxBytes = MAX_FILE_BYTES): Promise<string> {
  const fail = (why: string): never => {
    throw new EmulatorError("E_FILE_READ", why, { file });
  };
  let bytes: Buffer | undefined;
  try {
    const info = await stat(file);
    if (info.isDirectory()) fail("it is a directory");
    if (!info.isFile()) fail("it is not a regular file (a device, FIFO or socket)");
    if (info.size > maxBytes) fail(`it is ${info.size} bytes, more than the ${maxBytes} allowed`);
    const handle = await open(file, "r");
    try {
      bytes = Buffer.alloc(info.size);
      let filled = 0;
      while (filled < bytes.length) {
        const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      bytes = bytes.subarray(0, filled);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof EmulatorError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    fail(code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : `cannot read it (${code ?? "unknown error"})`);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new EmulatorError("E_FILE_READ", "the file is not valid UTF-8", { file });
  }
}
