import { dirname, resolve } from "node:path";
import { EmulatorError } from "./EmulatorError.js";
import { parseJsonFile } from "./parseJsonFile.js";
import { loadNdjsonTable } from "./loadNdjsonTable.js";
import { readTextFile } from "./readTextFile.js";
import { buildTable } from "./Table.js";
import type { TableDefinition } from "./types.js";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads tables from a JSON file `{"tables": {name: {primaryKey, secondaryKey?, items}}}`.
 * `items` is an array of objects, or the path of an NDJSON file (relative to
 * this file). Each table is checked as createEmulator would check it, so a
 * bad file fails here with its name rather than later.
 */
export async function loadTablesFromFile(file: string): Promise<Record<string, TableDefinition>> {
  const text = await readTextFile(file);
  const value = parseJsonFile(text, file);
  const shape = (message: string): never => {
    throw new EmulatorError("E_FILE_SHAPE", message, { file });
  };
  if (!isObject(value)) shape('the file must hold an object {"tables": {…}}');
  const top = value as Record<string, unknown>;
  for (const name of Object.keys(top)) if (name !== "tables") shape(`unknown member ${JSON.stringify(name)}; the file holds only "tables"`);
  if (!isObject(top.tables)) shape('"tables" must be an object of table definitions by name');

  const tables: Record<string, TableDefinition> = {};
  for (const [name, raw] of Object.entries(top.tables as Record<string, unknown>)) {
    if (!isObject(raw)) shape(`table ${JSON.stringify(name)} must be an object {primaryKey, secondaryKey?, items}`);
    const def = raw as Record<string, unknown>;
    for (const member of Object.keys(def)) {
      if (member !== "primaryKey" && member !== "secondaryKey" && member !== "items") shape(`table ${JSON.stringify(name)} has an unknown member ${JSON.stringify(member)}`);
    }
    let definition: TableDefinition;
    try {
      if (typeof def.items === "string") {
        // An NDJSON file of items: its problems name that file and the item's line.
        if (typeof def.primaryKey !== "string" || (def.secondaryKey !== undefined && typeof def.secondaryKey !== "string")) {
          buildTable(name, { primaryKey: def.primaryKey, secondaryKey: def.secondaryKey, items: [] } as unknown as TableDefinition);
        }
        const keys = { primaryKey: def.primaryKey as string, ...(def.secondaryKey === undefined ? {} : { secondaryKey: def.secondaryKey as string }) };
        definition = await loadNdjsonTable(resolve(dirname(file), def.items), name, keys);
      } else {
        definition = { primaryKey: def.primaryKey, secondaryKey: def.secondaryKey, items: def.items } as TableDefinition;
        if (definition.secondaryKey === undefined) delete definition.secondaryKey;
        buildTable(name, definition);
      }
    } catch (error) {
      if (error instanceof EmulatorError && error.file === undefined) throw new EmulatorError(error.code, error.message.replace(/^E_\w+: /, ""), { file, table: name });
      throw error;
    }
    // Assignment to tables["__proto__"] would set the prototype and drop the table; a table may have any name.
    Object.defineProperty(tables, name, { value: definition, enumerable: true, writable: true, configurable: true });
  }
  return tables;
}
