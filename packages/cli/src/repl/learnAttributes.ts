import type { AttributeSchema, AttributeType, Schema } from "@itemfilter/core";

/**
 * Attribute names and types seen in items, for completion. A name seen with
 * both strings and numbers gets no type, so completion offers every operator.
 */
export function learnAttributes(learned: Map<string, AttributeType | null>, items: readonly Record<string, unknown>[]): void {
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      const type: AttributeType | null = typeof value === "number" ? "number" : typeof value === "string" ? "string" : null;
      if (!learned.has(name)) learned.set(name, type);
      else if (learned.get(name) !== type) learned.set(name, null);
    }
  }
}

/** A schema for completion only: it names attributes but accepts any other name. */
export function learnedSchema(learned: ReadonlyMap<string, AttributeType | null>): Schema | undefined {
  if (learned.size === 0) return undefined;
  const attributes: Record<string, AttributeSchema> = {};
  for (const [name, type] of learned) attributes[name] = type === null ? {} : { type };
  return { attributes, allowUnknown: true };
}
