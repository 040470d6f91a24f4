import { loadNdjsonTable, loadTablesFromFile, type TableDefinition } from "@itemfilter/emulator";
import { basename, extname } from "node:path";
import type { CliContext } from "../cliContext.js";
import { usageError } from "../cliError.js";
import { checkUserFile, MAX_BYTES, throwIfAborted } from "../readText.js";
import { demoDataPath } from "./demoDataPath.js";

export type Tables = Record<string, TableDefinition>;

/**
 * The table of that name, or undefined: a table name is data, so
 * `constructor` or `__proto__` is an unknown table, not a member of Object.prototype.
 */
export function tableNamed(tables: Tables | undefined, name: string): TableDefinition | undefined {
  return tables !== undefined && Object.hasOwn(tables, name) ? tables[name] : undefined;
}

/**
 * Tables for the embedded emulator: a JSON file `{"tables": {...}}`, an
 * NDJSON file of items (one table named after the file, keyed by `id`), or
 * the demo data. A bad file is a usage error that names it. The emulator's
 * loaders read only regular files of bounded size (NDJSON files a tables file
 * names included); the file named here is checked first so the message
 * speaks of the option the user gave.
 */
export async function loadTables(ctx: CliContext, file: string | undefined): Promise<Tables> {
  const path = file === undefined ? demoDataPath() : await checkUserFile(ctx, file, "data file", MAX_BYTES.data);
  try {
    const ext = extname(path).toLowerCase();
    if (ext === ".ndjson" || ext === ".jsonl") {
      const name = basename(path, extname(path));
      // Checked as the emulator will check it, so every problem names the file and line here.
      const table = await loadNdjsonTable(path, name, { primaryKey: "id" });
      throwIfAborted(ctx);
      return { [name]: table };
    }
    const tables = await loadTablesFromFile(path);
    throwIfAborted(ctx);
    return tables;
  } catch (error) {
    throw loadError(error, file);
  }
}

/** A loader's EmulatorError as the usage error the CLI prints for the data file; other errors as they are. */
export function loadError(error: unknown, file: string | undefined): unknown {
  if (!(error instanceof Error) || error.name !== "EmulatorError") return error;
  if ((error as { code?: string }).code === "E_ITEM" && error.message.includes('needs its primary key "id"') && file !== undefined && /\.(ndjson|jsonl)$/i.test(file)) {
    return usageError(`every item in the NDJSON file '${file}' needs an "id" (its primary key); for other keys, name the file from a JSON tables file`);
  }
  return usageError(`cannot load the data file: ${error.message}`);
}
