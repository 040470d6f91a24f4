import type { PlanKeys } from "@itemfilter/core";
import type { TableDefinition } from "@itemfilter/emulator";
import { usageError } from "../cliError.js";

export interface KeyNames {
  primaryKey: string | undefined;
  secondaryKey: string | undefined;
}

/**
 * The table's keys for a plan. Where the table is known (the embedded
 * data), its own keys, and --primary-key / --secondary-key must name them:
 * a key the table does not have would put a key query's condition on the
 * real key, and a primary key without the table's secondary key would read
 * a partition as if it held one item (issue 17), so either is a usage error.
 * Where the table is not known (a service), the names given, as given.
 * Undefined when no primary key is known: the plan then uses listItems only.
 */
export function tableKeys(given: KeyNames, table: TableDefinition | undefined): PlanKeys | undefined {
  if (table !== undefined) return knownKeys(given, table);
  const primary = given.primaryKey;
  if (primary === undefined) return undefined;
  const secondary = given.secondaryKey;
  if (secondary === undefined) return { primary };
  if (secondary === primary) throw usageError(`the secondary key must differ from the primary key, and both are '${primary}'`);
  return { primary, secondary };
}

function knownKeys(given: KeyNames, table: TableDefinition): PlanKeys {
  const primary = table.primaryKey;
  const secondary = table.secondaryKey;
  const its = secondary === undefined ? `its key is '${primary}', and it has no secondary key` : `its keys are '${primary}' and '${secondary}'`;
  if (given.primaryKey !== undefined && given.primaryKey !== primary) {
    throw usageError(`--primary-key '${given.primaryKey}' is not this table's primary key (${its}); leave the key options out to use the table's own`);
  }
  if (given.secondaryKey !== undefined && given.secondaryKey !== secondary) {
    throw usageError(`--secondary-key '${given.secondaryKey}' is not this table's secondary key (${its}); leave the key options out to use the table's own`);
  }
  return secondary === undefined ? { primary } : { primary, secondary };
}
