import type { Item } from "@itemfilter/client";
import type { Plan } from "@itemfilter/core";
import type { TableDefinition } from "@itemfilter/emulator";

/**
 * A plan without key types, over a table whose keys all have one type, may
 * send a key query with a value of the other type, which the emulator
 * refuses with a 400 as DynamoDB does; findAll and findPage read that
 * refusal as no match (issue 33). The property tests count such plans, so
 * they show the refusal is really met.
 */

/** The one type a key has in every item that has it, as the emulator reads the table; undefined when mixed or absent. */
function keyType(items: readonly Item[], name: string): string | undefined {
  const types = new Set(items.map((i) => i[name]).filter((v) => v !== undefined && v !== null).map((v) => typeof v));
  return types.size === 1 ? [...types][0] : undefined;
}

/** Whether the plan sends a key query with a value of the other type than the table's key. */
export function otherKeyType(plan: Plan, definition: TableDefinition): boolean {
  const primary = keyType(definition.items as Item[], definition.primaryKey);
  const secondary = definition.secondaryKey === undefined ? undefined : keyType(definition.items as Item[], definition.secondaryKey);
  return plan.requests.some((r) => {
    if (r.operation !== "queryItems") return false;
    if (primary !== undefined && r.key !== undefined && typeof r.key.primary !== primary) return true;
    const values = r.filter === undefined ? [] : Array.isArray(r.filter.value) ? r.filter.value : [r.filter.value];
    return secondary !== undefined && values.some((v) => typeof v !== secondary);
  });
}

