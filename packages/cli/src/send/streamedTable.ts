import { SchemaInference } from "@itemfilter/core";
import { scanNdjsonTable } from "@itemfilter/emulator";
import { basename, extname } from "node:path";
import { MAX_SEEN } from "../attributeHints.js";
import type { CliContext } from "../cliContext.js";
import { checkUserFile, MAX_BYTES, throwIfAborted } from "../readText.js";
import { loadError, type Tables } from "./loadTables.js";

type Item = Record<string, unknown>;

/**
 * What list, query and find know of an NDJSON data file they read as a
 * stream, in place of its items: the inferred schema of the attributes the
 * filter names, and the first items (the sample the empty-result hints read).
 */
export interface StreamedTable {
  name: string;
  /** Inferred over every item, for the `names` of the reduction only. */
  inference: SchemaInference;
  sample: Item[];
}

/**
 * How a command reduces the data file to the items its requests can return:
 * built from the filter compiled before the file is read, and checked once
 * it was read (the schema the whole file gives may refuse the filter, or in
 * principle change it, and then the whole file is loaded as before).
 */
export interface DataReduction {
  table: string;
  /** The attributes whose inferred types the command's checks read. */
  names: readonly string[];
  /** Whether the item can be in the answer to one of the requests the command will send. */
  keep(item: Item): boolean;
  /** Whether the requests the command builds with what the file told are those `keep` was built for. */
  holds(streamed: StreamedTable): boolean;
}

/**
 * The embedded tables for a --data file read as a stream, holding only the
 * items a reduction keeps (scanNdjsonTable: every check of the whole file,
 * the same errors, memory bounded by the kept items), or undefined when the
 * file must be loaded whole: not NDJSON (a tables file is one JSON document),
 * not the command's table, or the reduction does not hold.
 */
export async function streamedTables(ctx: CliContext, file: string, reduction: DataReduction): Promise<{ tables: Tables; streamed: StreamedTable } | undefined> {
  const ext = extname(file).toLowerCase();
  if (ext !== ".ndjson" && ext !== ".jsonl") return undefined;
  const path = await checkUserFile(ctx, file, "data file", MAX_BYTES.data);
  const name = basename(path, extname(path));
  if (name !== reduction.table) return undefined;
  const streamed: StreamedTable = { name, inference: new SchemaInference(reduction.names), sample: [] };
  const keep = (item: Item): boolean => {
    // Ctrl-C ends the read between two items.
    throwIfAborted(ctx);
    streamed.inference.add(item);
    if (streamed.sample.length < MAX_SEEN) streamed.sample.push(item);
    return reduction.keep(item);
  };
  let scanned;
  try {
    scanned = await scanNdjsonTable(path, name, { primaryKey: "id" }, { keep });
  } catch (error) {
    throw loadError(error, file);
  }
  throwIfAborted(ctx);
  return reduction.holds(streamed) ? { tables: { [name]: scanned.definition }, streamed } : undefined;
}

