import { loadNdjsonItems, loadTablesFromFile, type TableDefinition } from "@itemfilter/emulator";
import { readFile, stat } from "node:fs/promises";
import { basename, dirname, extname, resolve } from "node:path";
import type { CliContext } from "../cliContext.js";
import { usageError } from "../cliError.js";
import { checkUserFile, MAX_BYTES, throwIfAborted } from "../readText.js";
import { demoDataPath } from "./demoDataPath.js";

export type Tables = Record<string, TableDefinition>;

/** A tables file this small is read once more here to check the NDJSON files it names; larger ones hold their items inline. */
const PEEK_BYTES = 1024 * 1024;

/**
 * Tables for the embedded emulator: a JSON file `{"tables": {...}}`, an
 * NDJSON file of items (one table named after the file, keyed by `id`), or
 * the demo data. A bad file is a usage error that names it. Every file is
 * checked to be a regular file of bounded size before the emulator's loader
 * reads it, since that loader reads whatever it is given to the end.
 */
export async function loadTables(ctx: CliContext, file: string | undefined): Promise<Tables> {
  const path = file === undefined ? demoDataPath() : await checkUserFile(ctx, file, "data file", MAX_BYTES.data);
  try {
    const ext = extname(path).toLowerCase();
    if (ext === ".ndjson" || ext === ".jsonl") {
      const items = await loadNdjsonItems(path);
      throwIfAborted(ctx);
      if (!items.every((item) => Object.hasOwn(item, "id"))) {
        throw usageError(`every item in the NDJSON file '${file}' needs an "id" (its primary key); for other keys, name the file from a JSON tables file`);
      }
      return { [basename(path, extname(path))]: { primaryKey: "id", items } };
    }
    if (file !== undefined) await checkNamedFiles(ctx, path);
    const tables = await loadTablesFromFile(path);
    throwIfAborted(ctx);
    return tables;
  } catch (error) {
    if (error instanceof Error && error.name === "EmulatorError") throw usageError(`cannot load the data file: ${error.message}`);
    throw error;
  }
}

/** The NDJSON files a small tables file names for its items get the same check as the file itself. */
async function checkNamedFiles(ctx: CliContext, path: string): Promise<void> {
  const { size } = await stat(path);
  if (size > PEEK_BYTES) return;
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, "utf8"));
  } catch {
    return; // the loader reports what is wrong with it, with a line number
  }
  const tables = (value as { tables?: unknown } | null)?.tables;
  if (typeof tables !== "object" || tables === null) return;
  for (const table of Object.values(tables as Record<string, unknown>)) {
    const items = (table as { items?: unknown } | null)?.items;
    if (typeof items === "string") await checkUserFile(ctx, resolve(dirname(path), items), "items file", MAX_BYTES.data);
  }
}
