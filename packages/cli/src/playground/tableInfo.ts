import { inferSchema, type AttributeSchema, type Scalar } from "@itemfilter/core";
import type { TableDefinition } from "@itemfilter/emulator";

/** A schema attribute as the page's completion reads it: core's, plus the values worth offering. */
export type PageAttributeSchema = AttributeSchema & { values?: Scalar[] };

/** What the page needs to know of a table: its keys, size and a schema for checking and completion. */
export interface TableInfo {
  name: string;
  primaryKey: string;
  secondaryKey?: string;
  count: number;
  schema: { attributes: Record<string, PageAttributeSchema> };
}

/** At most this many distinct strings make an attribute's values worth offering in completion. */
const MAX_VALUES = 12;

/**
 * The distinct strings of each attribute whose values repeat and are few (a
 * plan, a status, a country), for completion after an operator.
 */
function repetitiveValues(items: readonly Record<string, unknown>[]): Map<string, string[]> {
  const seen = new Map<string, { strings: Set<string>; count: number }>();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (typeof value !== "string") continue;
      let entry = seen.get(name);
      if (entry === undefined) seen.set(name, (entry = { strings: new Set(), count: 0 }));
      entry.count++;
      if (entry.strings.size <= MAX_VALUES) entry.strings.add(value);
    }
  }
  const values = new Map<string, string[]>();
  for (const [name, entry] of seen) {
    if (entry.strings.size <= MAX_VALUES && entry.strings.size < entry.count) values.set(name, [...entry.strings].sort());
  }
  return values;
}

/**
 * The schema core infers from the items (every attribute seen, typed where
 * all its values agree), with the values of repetitive text attributes.
 * Names no item has are unknown attributes, so a typo gets "did you mean".
 */
export function tableInfo(name: string, table: TableDefinition): TableInfo {
  const inferred = inferSchema(table.items);
  const values = repetitiveValues(table.items);
  const attributes: Record<string, PageAttributeSchema> = {};
  for (const [attribute, spec] of Object.entries(inferred.attributes)) {
    const known = spec.type === "string" ? values.get(attribute) : undefined;
    attributes[attribute] = known === undefined ? { ...spec } : { ...spec, values: known };
  }
  return {
    name,
    primaryKey: table.primaryKey,
    ...(table.secondaryKey === undefined ? {} : { secondaryKey: table.secondaryKey }),
    count: table.items.length,
    schema: { attributes },
  };
}
