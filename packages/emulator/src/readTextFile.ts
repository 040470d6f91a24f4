import { readFile } from "node:fs/promises";
import { EmulatorError } from "./EmulatorError.js";

const decoder = new TextDecoder("utf-8", { fatal: true });

/** A file's text, strictly UTF-8; a missing or unreadable file is E_FILE_READ naming the file. */
export async function readTextFile(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : `cannot read it (${code ?? "unknown error"})`;
    throw new EmulatorError("E_FILE_READ", why, { file });
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new EmulatorError("E_FILE_READ", "the file is not valid UTF-8", { file });
  }
}
