import type { Schema } from "@itemfilter/core";
import { schemaOfItems } from "../attributeHints.js";
import type { Tables } from "./loadTables.js";

/**
 * The embedded table's items as a schema (unless --no-infer-schema), so a
 * misspelt name is an error with the nearest name, not an empty result.
 * Undefined for a service's table, whose items the command does not have.
 */
export function embeddedSchema(tables: Tables | undefined, table: string, infer: boolean): Schema | undefined {
  const found = tables?.[table];
  return found === undefined || !infer ? undefined : schemaOfItems(found.items);
}
