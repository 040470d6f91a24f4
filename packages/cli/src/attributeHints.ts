import { attributeWarnings, inferSchema, isFilterError, type AttributeWarning, type Schema } from "@itemfilter/core";

type Item = Record<string, unknown>;

/**
 * The CLI's two uses of what items tell about a table's attributes, on
 * core's inferSchema and attributeWarnings:
 *
 * - schemaOfItems: the embedded tables' items as a schema, so a misspelt name
 *   is E_UNKNOWN_ATTRIBUTE with "did you mean" instead of an empty result;
 * - attributeHints: for a table with no schema, warnings about names no item
 *   seen has, and about `=`, `!=` or `in` on attributes that hold arrays.
 */

/** Most items kept as the sample hints are drawn from. */
export const MAX_SEEN = 1000;

/** Attribute names and value types of items, as a schema that refuses other names. */
export function schemaOfItems(items: readonly Item[]): Schema {
  return inferSchema(items);
}

/**
 * Warnings for a filter against the items seen so far. None when no items
 * were seen, for a key query (it names only the key, which compileQuery
 * checks), or when the filter does not parse (the compiler reports that).
 */
export function attributeHints(source: string, items: readonly Item[], options: { mode: "list" | "query" }): AttributeWarning[] {
  if (items.length === 0 || options.mode === "query") return [];
  try {
    return attributeWarnings(source, inferSchema(items));
  } catch (error) {
    if (isFilterError(error)) return [];
    throw error;
  }
}
