import { isFilterError, validateListFilter, validateQueryFilter, type QueryFilter } from "@itemfilter/core";
import type { Grant } from "./accessList.js";
import { MAX_FILTER_CONDITIONS } from "./readPageInSlices.js";
import { isSealed, readMembers, type Operation, type SealedPageKey } from "./readMembers.js";
import { RequestError } from "./RequestError.js";
import { keyValueType, type KeyValue } from "./keyValues.js";
import type { Page, PageKey } from "./runListItems.js";
import type { PageKeySeal, SealBinding } from "./sealPageKey.js";
import type { Store, StoreTable } from "./Store.js";
import type { TableScope } from "./tableScope.js";

export interface ServeContext {
  store: Store;
  pageSize: number;
  /** What the request's credential may read. */
  grant: Grant;
  /** Seals the stopKeys a scoped read may not show (a position outside the scope), and opens them when sent back. */
  seal: PageKeySeal;
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
 * The table, if the credential may read it. A table it may not read is
 * refused before the store is asked anything: over DynamoDB, asking (a
 * DescribeTable, remembered only for a table that exists) would take longer
 * for a table that does not exist, and tell the names of the others by time.
 */
async function grantedTable(store: Store, grant: Grant, name: string): Promise<StoreTable> {
  if (!grant.mayRead(name)) throw noSuchTable(name);
  const table = await store.table(name);
  if (table === undefined) throw noSuchTable(name);
  return table;
}

const notOurs = (): RequestError => new RequestError(400, "'startKey' is not a stopKey of this table; send back the stopKey unchanged");

/** The startKey as the store takes it: a sealed one opened, which only the read that sealed it (operation, table, scope) can do. */
function openedStartKey(key: PageKey | SealedPageKey | undefined, seal: PageKeySeal, binding: SealBinding | undefined): PageKey | undefined {
  if (!isSealed(key)) return key;
  const opened = binding === undefined ? undefined : seal.open(key.sealed, binding);
  if (opened === undefined) throw notOurs();
  return opened;
}

/**
 * The page as it leaves the server. The store read it under the scope; each
 * item is checked once more all the same (the guarantee does not rest on a
 * store), and a stopKey the store marks as maybe outside the scope is sealed.
 */
function scoped(page: Page, scope: TableScope | undefined, seal: PageKeySeal, binding: SealBinding | undefined): Page {
  if (scope === undefined || binding === undefined) return page;
  const items = page.items.filter(scope.test);
  if (page.stopKey === undefined) return { items };
  return { items, stopKey: page.opaque === true ? ({ sealed: seal.seal(page.stopKey, binding) } as unknown as PageKey) : page.stopKey };
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
 * answered meanwhile) under the credential's scope, which the store makes
 * part of what it evaluates (Store.ts, ScopedRead).
 */
export async function serveOperation(operation: Operation, body: Record<string, unknown>, context: ServeContext): Promise<Page> {
  const members = readMembers(operation, body);
  const { store, seal } = context;
  const table = await grantedTable(store, context.grant, members.table);
  const scope = context.grant.scope(table.name);
  const binding = scope === undefined ? undefined : { operation, table: table.name, scope: scope.text };
  const startKey = openedStartKey(members.startKey, seal, binding);
  const scopeConditions = scope?.conditions ?? 0;

  if (operation === "listItems") {
    const count = members.hasFilter ? (Array.isArray(members.filter) ? members.filter.length : 1) : 0;
    // Every item is checked against the scope with the filter: its conditions count too, and a request with no room
    // for them is refused, never run with the scope left to a later check.
    if (count + scopeConditions > MAX_FILTER_CONDITIONS) {
      const split = scopeConditions === 0 ? "" : ` (${count} in the filter and ${scopeConditions} in the key's scope, which every item is checked against too)`;
      throw new RequestError(400, `invalid filter: ${count + scopeConditions} conditions${split}; one request takes at most ${MAX_FILTER_CONDITIONS} (as DynamoDB takes at most 300 operators in one expression); split the filter or check the rest locally`);
    }
    const filters = members.hasFilter ? checkFilter(() => validateListFilter(members.filter, { path: "filter" })) : [];
    const page = await store.listItems({ table, filters, limit: members.limit, startKey, pageSize: context.pageSize, scope });
    return scoped(page, scope, seal, binding);
  }

  if (1 + scopeConditions > MAX_FILTER_CONDITIONS) {
    throw new RequestError(400, `invalid filter: the key's scope holds ${scopeConditions} conditions, which every item is checked against; one request takes at most ${MAX_FILTER_CONDITIONS} in all`);
  }
  const secondaryKey = table.secondaryKey;
  // A whole partition (key.primary, no filter) reads the primary key alone: any table has one.
  if (secondaryKey === undefined && (members.primary === undefined || members.hasFilter)) {
    throw new RequestError(400, `table ${JSON.stringify(table.name)} has no secondary key, so it can be queried only for a whole partition (key.primary without a filter); use listItems`);
  }
  // readMembers checks this for a key sent in the clear; a sealed one only now shows its primary.
  if (isSealed(members.startKey) && members.primary !== undefined && startKey!.primary !== members.primary) throw notOurs();
  let filter: QueryFilter | undefined;
  if (members.hasFilter) filter = checkFilter(() => validateQueryFilter(members.filter, { path: "filter" }));
  checkKeyTypes(table, members.primary, filter);
  const page = await store.queryItems({
    table: { name: table.name, primaryKey: table.primaryKey, secondaryKey },
    filter,
    primary: members.primary,
    limit: members.limit,
    startKey,
    searchForward: members.searchForward,
    pageSize: context.pageSize,
    scope,
  });
  return scoped(page, scope, seal, binding);
}
