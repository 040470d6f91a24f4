import type { PlanKeys } from "@itemfilter/core";
import type { TableDefinition } from "@itemfilter/emulator";
import { usageError } from "../cliError.js";

export interface KeyNames {
  primaryKey: string | undefined;
  secondaryKey: string | undefined;
}

/**
 * The table's keys for a plan: --primary-key and --secondary-key, else the
 * embedded table's own (a --primary-key of its own drops the table's
 * secondary key, which belongs to the other primary key). Undefined when no
 * primary key is known: the plan then uses listItems only. Key names that
 * clash are a usage error, not a plan option error.
 */
export function tableKeys(given: KeyNames, table: TableDefinition | undefined): PlanKeys | undefined {
  const primary = given.primaryKey ?? table?.primaryKey;
  if (primary === undefined) return undefined;
  const secondary = given.secondaryKey ?? (given.primaryKey === undefined ? table?.secondaryKey : undefined);
  if (secondary === undefined) return { primary };
  if (secondary === primary) throw usageError(`the secondary key must differ from the primary key, and both are '${primary}'`);
  return { primary, secondary };
}
