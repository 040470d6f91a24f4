import type { ListFilter, QueryFilter } from "@itemfilter/core";
import type { KeyValue } from "./keyValues.js";
import type { Page, PageKey } from "./runListItems.js";
import type { TableScope } from "./tableScope.js";

/**
 * The credential's scope, for a read under one. The store makes it part of
 * what it evaluates, as though the table held only the items it selects:
 * `limit` counts only items in the scope, the page fills only with items in
 * the scope that also match the filter, and a stopKey is the key of the
 * last item in the scope it evaluated, present only when another item in the
 * scope follows. So where a page stops never depends on an item outside the
 * scope (PROTOCOL.md, "Scopes"). A store that must stop reading before
 * it knows (a budget of calls) returns where it stopped with `opaque: true`,
 * and the handler seals that key before it leaves the server.
 */
export interface ScopedRead {
  scope?: TableScope | undefined;
}

/** A table as the request handler sees it: its name, the names of its keys and, where known, their types. */
export interface StoreTable {
  readonly name: string;
  readonly primaryKey: string;
  readonly secondaryKey?: string | undefined;
  /** The type every key value has, where the store knows it: a query with a value of the other type is refused. */
  readonly keyTypes?: { readonly primary?: "string" | "number" | undefined; readonly secondary?: "string" | "number" | undefined };
}

/** One listItems page to read: the request's members, already checked (the filters by core). */
export interface ListRead extends ScopedRead {
  table: StoreTable;
  /** Combined with AND; empty for every item. */
  filters: readonly ListFilter[];
  /** Most items to evaluate. */
  limit: number | undefined;
  startKey: PageKey | undefined;
  /** Most items the page may hold. */
  pageSize: number;
}

/**
 * One queryItems page to read: with key.primary and no filter, the whole
 * partition (items without the secondary key too, on any table); otherwise
 * on a table that has a secondary key, only items that have it.
 */
export interface QueryRead extends ScopedRead {
  table: StoreTable;
  filter: QueryFilter | undefined;
  /** key.primary: read only this partition. */
  primary: KeyValue | undefined;
  limit: number | undefined;
  /** Without `secondary` only in a whole-partition read, after an item without one. */
  startKey: PageKey | undefined;
  searchForward: boolean;
  pageSize: number;
}

/**
 * Where the items live. The request handler (createEmulator) does everything
 * the protocol asks of a request (Host check, credentials, members, limits,
 * filter validation, response shapes, errors) and leaves a store only the
 * reading: the emulator's tables in memory are one store, DynamoDB tables
 * (`@itemfilter/dynamodb/store`) another. A store refuses a request it cannot
 * serve by throwing a `RequestError` (status and message), answered in the
 * JSON error shape; anything else it throws is answered 500, as a bug.
 */
export interface Store {
  /** The table of that name, or undefined when there is none. */
  table(name: string): Promise<StoreTable | undefined>;
  /** Every table's name, for a caller that lists them (the handler's 404 names no table but the one asked for). */
  tableNames(): Promise<readonly string[]>;
  listItems(read: ListRead): Promise<Page>;
  queryItems(read: QueryRead): Promise<Page>;
}
