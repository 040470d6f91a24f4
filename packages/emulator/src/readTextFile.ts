import { open, stat } from "node:fs/promises";
import { EmulatorError } from "./EmulatorError.js";

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The largest data file the loaders read: a table held in memory past this is a mistake, not a data set. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/**
 * What the path names, checked before it is opened: a regular file of at most
 * `maxBytes`, whose size is returned. /dev/zero, a FIFO or a terminal would
 * otherwise be read without end (and opening a FIFO blocks until a writer
 * comes). Every problem is an E_FILE_READ EmulatorError naming the file.
 */
export async function checkTextFile(file: string, maxBytes = MAX_FILE_BYTES): Promise<number> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) fileReadError(file, "it is a directory");
    if (!info.isFile()) fileReadError(file, "it is not a regular file (a device, FIFO or socket)");
    if (info.size > maxBytes) fileReadError(file, `it is ${info.size} bytes, more than the ${maxBytes} allowed`);
    return info.size;
  } catch (error) {
    throw readProblem(file, error);
  }
}

/** The E_FILE_READ error for a file that could not be read, as every loader words it. */
export function readProblem(file: string, error: unknown): EmulatorError {
  if (error instanceof EmulatorError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : `cannot read it (${code ?? "unknown error"})`;
  return new EmulatorError("E_FILE_READ", why, { file });
}

/** The error for a file that is not UTF-8. */
export function notUtf8(file: string): EmulatorError {
  return new EmulatorError("E_FILE_READ", "the file is not valid UTF-8", { file });
}

function fileReadError(file: string, why: string): never {
  throw new EmulatorError("E_FILE_READ", why, { file });
}

/**
 * A file's text, strictly UTF-8. Only a regular file of at most `maxBytes` is
 * read (checkTextFile), and the read stops at the size it had.
 */
export async function readTextFile(file: string, maxBytes = MAX_FILE_BYTES): Promise<string> {
  const size = await checkTextFile(file, maxBytes);
  let bytes: Buffer | undefined;
  try {
    const handle = await open(file, "r");
    try {
      bytes = Buffer.alloc(size);
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
    throw readProblem(file, error);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw notUtf8(file);
  }
}
