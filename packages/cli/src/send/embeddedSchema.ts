import type { Schema } from "@itemfilter/core";
import { schemaOfItems } from "../attributeHints.js";
import { tableNamed, type Tables } from "./loadTables.js";
import type { StreamedTable } from "./streamedTable.js";

/**
 * The embedded table's items as a schema (unless --no-infer-schema), so a
 * misspelt name is an error with the nearest name, not an empty result.
 * Undefined for a service's table, whose items the command does not have.
 */
export function embeddedSchema(tables: Tables | undefined, table: string, infer: boolean, streamed?: StreamedTable): Schema | undefined {
  const found = tableNamed(tables, table);
  if (found === undefined || !infer) return undefined;
  // A streamed table's items are only those kept: the schema of the whole file was inferred as it was read.
  return streamed?.name === table ? streamed.inference.schema() : schemaOfItems(found.items);
}

/**
 * For a key query on an embedded table: the secondary key's type, as the
 * items tell it, so `key beginsWith "1"` on a number key is refused before
 * anything is sent (DynamoDB refuses it; an empty answer would read as "no
 * match"). Other names pass through, for compileQuery to refuse as not the key.
 */
export function embeddedKeySchema(tables: Tables | undefined, table: string, secondaryKey: string | undefined, infer: boolean, streamed?: StreamedTable): Schema | undefined {
  const found = tableNamed(tables, table);
  if (found === undefined || !infer || secondaryKey === undefined) return undefined;
  const inferred = (streamed?.name === table ? streamed.inference.schema() : schemaOfItems(found.items)).attributes;
  const type = Object.hasOwn(inferred, secondaryKey) ? inferred[secondaryKey]!.type : undefined;
  return type === undefined ? undefined : { attributes: { [secondaryKey]: { type } }, allowUnknown: true };
}
