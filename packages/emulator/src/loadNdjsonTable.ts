import { parseNdjsonLines } from "./loadNdjsonItems.js";
import { readTextFile } from "./readTextFile.js";
import { buildTable } from "./Table.js";
import type { TableDefinition } from "./types.js";

/**
 * Reads an NDJSON file as one table and checks it as createEmulator will:
 * every problem (a bad line, a number a double would change, an item nested
 * too deep, two items with one key) is an EmulatorError naming the file and
 * the line, found here rather than when the emulator starts.
 */
export async function loadNdjsonTable(file: string, name: string, keys: { primaryKey: string; secondaryKey?: string }): Promise<TableDefinition> {
  const { items, lines } = parseNdjsonLines(await readTextFile(file), file);
  const definition: TableDefinition = keys.secondaryKey === undefined ? { primaryKey: keys.primaryKey, items } : { primaryKey: keys.primaryKey, secondaryKey: keys.secondaryKey, items };
  buildTable(name, definition, { file, lineOf: (index) => lines[index]! });
  return definition;
}
