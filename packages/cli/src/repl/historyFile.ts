import { mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

type Env = Readonly<Record<string, string | undefined>>;

export const HISTORY_SIZE = 500;

/** ITEMFILTER_HISTORY_FILE, else $XDG_CONFIG_HOME/itemfilter/history, else ~/.config/itemfilter/history. */
export function historyPath(env: Env): string {
  const explicit = env.ITEMFILTER_HISTORY_FILE;
  if (explicit !== undefined && explicit !== "") return explicit;
  const config = env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== "" ? env.XDG_CONFIG_HOME : join(env.HOME ?? homedir(), ".config");
  return join(config, "itemfilter", "history");
}

/** Entries newest first, as readline keeps them; a missing or unreadable file is an empty history. */
export async function loadHistory(file: string): Promise<string[]> {
  try {
    const text = await readFile(file, "utf8");
    return text.split("\n").filter((line) => line.trim() !== "").reverse().slice(0, HISTORY_SIZE);
  } catch {
    return [];
  }
}

/**
 * Writes entries (newest first) oldest first, one per line. Only the owner
 * may read it, since filters can hold personal values. Failing to save is
 * not worth interrupting anyone over, so it reports and carries on.
 */
export async function saveHistory(file: string, entries: readonly string[]): Promise<string | undefined> {
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const lines = entries.slice(0, HISTORY_SIZE).reverse();
    await writeFile(file, lines.length === 0 ? "" : `${lines.join("\n")}\n`, { mode: 0o600 });
    return undefined;
  } catch (error) {
    return `could not save the history to ${file}: ${(error as Error).message}`;
  }
}
