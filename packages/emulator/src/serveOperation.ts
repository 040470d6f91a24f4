import { isFilterError, validateListFilter, validateQueryFilter, type QueryFilter } from "@itemfilter/core";
import type { Grant } from "./accessList.js";
import { MAX_FILTER_CONDITIONS } from "./readPageInSlices.js";
import { readMembers, type Operation } from "./readMembers.js";
import { RequestError } from "./RequestError.js";
import { keyValueType, type KeyValue } from "./keyValues.js";
import type { Page } from "./runListItems.js";
import type { Store, StoreTable } from "./Store.js";
import type { TableScope } from "./tableScope.js";

export interface ServeContext {
  store: Store;
  pageSize: number;
  /** What the request's credential may read. */
  grant: Grant;
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
 * The answer for a table that is not there, and for one the credential may
 * not read: the same bytes, naming no other table, so a key learns nothing
 * about the tables it is not given (nor, over DynamoDB, the account's).
 */
const noSuchTable = (name: string): RequestError => new RequestError(404, `there is no table ${JSON.stringify(name.slice(0, 100))}`);

/**
 * The table, if the credential may read it. The store is asked either way,
 * so both refusals take the same path; what it throws about a table the
 * credential may not read (a binary key, say) would tell that it exists.
 */
async function grantedTable(store: Store, grant: Grant, name: string): Promise<StoreTable> {
  if (!grant.mayRead(name)) {
    await store.table(name).catch(() => undefined);
    throw noSuchTable(name);
  }
  const table = await store.table(name);
  if (table === undefined) throw noSuchTable(name);
  return table;
}

/** The page without the items the scope does not select; its stopKey stays, so paging goes on where the store stopped. */
function scoped(page: Page, scope: TableScope | undefined): Page {
  if (scope === undefined) return page;
  const items = page.items.filter(scope.test);
  return items.length === page.items.length ? page : { ...page, items };
}

/**
 * DynamoDB refuses a key condition whose value is not of the key's type
 * ("Condition parameter type does not match schema type"), so `beginsWith "1"`
 * on a number key is a 400 here too, never an empty answer that reads as "no match".
 * Where the store knows no key types (a store over DynamoDB leaves the check to DynamoDB), nothing is checked here.
 */
function checkKeyTypes(table: StoreTable, primary: KeyValue | undefined, filter: QueryFilter | undefined): void {
  const mismatch = (what: string, name: string, type: string | undefined, value: unknown): void => {
    if (type === undefined || keyValueType(value) === type) return;
    throw new RequestError(400, `${what} must be a ${type}: the key ${JSON.stringify(name)} of table ${JSON.stringify(table.name)} holds ${type}s, not ${keyValueType(value)}s`);
  };
  if (primary !== undefined) mismatch("'key.primary'", table.primaryKey, table.keyTypes?.primary, primary);
  if (filter === undefined) return;
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  values.forEach((v, i) => mismatch(`'filter.value${Array.isArray(filter.value) ? `[${i}]` : ""}'`, table.secondaryKey!, table.keyTypes?.secondary, v));
}

/**
 * Serves one authenticated request body: members checked, table found (and
 * readable with the credential), filter validated by core, one page read from
 * the store (the in-memory store reads it in slices, so other requests are
 * answered meanwhile), less any item outside the credential's scope.
 */
export async function serveOperation(operation: Operation, body: Record<string, unknown>, context: ServeContext): Promise<Page> {
  const members = readMembers(operation, body);
  const { store } = context;
  const table = await grantedTable(store, context.grant, members.table);
  const scope = context.grant.scope(table.name);

  if (operation === "listItems") {
    const count = Array.isArray(members.filter) ? members.filter.length : 1;
    if (members.hasFilter && count > MAX_FILTER_CONDITIONS) {
      throw new RequestError(400, `invalid filter: ${count} conditions; one request takes at most ${MAX_FILTER_CONDITIONS} (as DynamoDB takes at most 300 operators in one expression); split the filter or check the rest locally`);
    }
    const filters = members.hasFilter ? checkFilter(() => validateListFilter(members.filter, { path: "filter" })) : [];
    // The scope's own filters narrow what the store returns where they fit in one request; the test on each item is what guarantees it.
    const pushed = scope?.filters !== undefined && filters.length + scope.filters.length <= MAX_FILTER_CONDITIONS ? [...filters, ...scope.filters] : filters;
    return scoped(await store.listItems({ table, filters: pushed, limit: members.limit, startKey: members.startKey, pageSize: context.pageSize }), scope);
  }

  const secondaryKey = table.secondaryKey;
  // A whole partition (key.primary, no filter) reads the primary key alone: any table has one.
  if (secondaryKey === undefined && (members.primary === undefined || members.hasFilter)) {
    throw new RequestError(400, `table ${JSON.stringify(table.name)} has no secondary key, so it can be queried only for a whole partition (key.primary without a filter); use listItems`);
  }
  let filter: QueryFilter | undefined;
  if (members.hasFilter) filter = checkFilter(() => validateQueryFilter(members.filter, { path: "filter" }));
  checkKeyTypes(table, members.primary, filter);
  const page = await store.queryItems({
    table: { name: table.name, primaryKey: table.primaryKey, secondaryKey },
    filter,
    primary: members.primary,
    limit: members.limit,
    startKey: members.startKey,
    searchForward: members.searchForward,
    pageSize: context.pageSize,
  });
  return scoped(page, scope);
}
