import { isFilterError, validateListFilter, validateQueryFilter, type QueryFilter } from "@itemfilter/core";
import { MAX_FILTER_CONDITIONS } from "./readPageInSlices.js";
import { readMembers, type Operation } from "./readMembers.js";
import { RequestError } from "./RequestError.js";
import type { KeyValue } from "./keyValues.js";
import type { Page } from "./runListItems.js";
import type { Store, StoreTable } from "./Store.js";

export interface ServeContext {
  store: Store;
  pageSize: number;
}

/** Filters are checked by core alone, so the emulator accepts exactly what core accepts; its message carries the JSON path. */
function checkFilter<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (isFilterError(error)) {
      // The caller is a program: its developer gets the hint (the next step) after the message.
      const hint = error.diagnostics[0]!.hint;
      throw new RequestError(400, `invalid filter: ${error.message}${hint === undefined ? "" : `; hint: ${hint}`}`);
    }
    throw error;
  }
}

/**
 * Names the tables there are, for a caller who has already authenticated:
 * a local emulator has nothing to hide from its own user, and a typo is the usual cause.
 */
function knownTables(tableNames: readonly string[]): string {
  const names = [...tableNames].sort();
  if (names.length === 0) return "; this emulator has no tables";
  const shown = names.slice(0, 10).map((n) => JSON.stringify(n)).join(", ");
  return `; the tables are ${shown}${names.length > 10 ? ` and ${names.length - 10} more` : ""}`;
}

/**
 * DynamoDB refuses a key condition whose value is not of the key's type
 * ("Condition parameter type does not match schema type"), so `beginsWith "1"`
 * on a number key is a 400 here too, never an empty answer that reads as "no match".
 * Where the store knows no key types (a store over DynamoDB leaves the check to DynamoDB), nothing is checked here.
 */
function checkKeyTypes(table: StoreTable, primary: KeyValue | undefined, filter: QueryFilter | undefined): void {
  const mismatch = (what: string, name: string, type: string | undefined, value: unknown): void => {
    if (type === undefined || typeof value === type) return;
    throw new RequestError(400, `${what} must be a ${type}: the key ${JSON.stringify(name)} of table ${JSON.stringify(table.name)} holds ${type}s, not ${typeof value}s`);
  };
  if (primary !== undefined) mismatch("'key.primary'", table.primaryKey, table.keyTypes?.primary, primary);
  if (filter === undefined) return;
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  values.forEach((v, i) => mismatch(`'filter.value${Array.isArray(filter.value) ? `[${i}]` : ""}'`, table.secondaryKey!, table.keyTypes?.secondary, v));
}

/**
 * Serves one authenticated request body: members checked, table found, filter
 * validated by core, one page read from the store (the in-memory store reads
 * it in slices, so other requests are answered meanwhile).
 */
export async function serveOperation(operation: Operation, body: Record<string, unknown>, context: ServeContext): Promise<Page> {
  const members = readMembers(operation, body);
  const { store } = context;
  const table = await store.table(members.table);
  if (table === undefined) throw new RequestError(404, `there is no table ${JSON.stringify(members.table.slice(0, 100))}${knownTables(await store.tableNames())}`);

  if (operation === "listItems") {
    const count = Array.isArray(members.filter) ? members.filter.length : 1;
    if (members.hasFilter && count > MAX_FILTER_CONDITIONS) {
      throw new RequestError(400, `invalid filter: ${count} conditions; one request takes at most ${MAX_FILTER_CONDITIONS} (as DynamoDB takes at most 300 operators in one expression); split the filter or check the rest locally`);
    }
    const filters = members.hasFilter ? checkFilter(() => validateListFilter(members.filter, { path: "filter" })) : [];
    return store.listItems({ table, filters, limit: members.limit, startKey: members.startKey, pageSize: context.pageSize });
  }

  const secondaryKey = table.secondaryKey;
  // A whole partition (key.primary, no filter) reads the primary key alone: any table has one.
  if (secondaryKey === undefined && (members.primary === undefined || members.hasFilter)) {
    throw new RequestError(400, `table ${JSON.stringify(table.name)} has no secondary key, so it can be queried only for a whole partition (key.primary without a filter); use listItems`);
  }
  let filter: QueryFilter | undefined;
  if (members.hasFilter) filter = checkFilter(() => validateQueryFilter(members.filter, { path: "filter" }));
  checkKeyTypes(table, members.primary, filter);
  return store.queryItems({
    table: { name: table.name, primaryKey: table.primaryKey, secondaryKey },
    filter,
    primary: members.primary,
    limit: members.limit,
    startKey: members.startKey,
    searchForward: members.searchForward,
    pageSize: context.pageSize,
  });
}
