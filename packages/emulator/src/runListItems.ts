import type { KeyValue } from "./keyValues.js";
import { firstIndex } from "./searchRange.js";
import { compareListOrder, type Row, type Table } from "./Table.js";
import type { Item } from "./types.js";

/** startKey/stopKey: the key of the last item evaluated. `secondary` is there when that item has one. */
export interface PageKey {
  primary: KeyValue;
  secondary?: KeyValue;
  /**
   * Only from a store that reads listItems from a secondary index (the
   * DynamoDB store, PROTOCOL.md "Over DynamoDB"): the index's name and that
   * item's values of the index's own keys. The in-memory store has no index
   * and refuses such a startKey.
   */
  index?: IndexPageKey;
}

/** Where in a secondary index a listItems page stopped. */
export interface IndexPageKey {
  name: string;
  primary: KeyValue;
  secondary?: KeyValue;
}

export interface Page {
  items: Item[];
  stopKey?: PageKey;
  /**
   * Set by a store on a scoped read whose stopKey may be the key of an item
   * outside the scope (it stopped at a read budget): the handler then sends
   * the key sealed (sealPageKey.ts), never as it is.
   */
  opaque?: boolean;
}

export interface ListRun {
  table: Table;
  /** Core's prepared filter, or null for no filter. */
  predicate: ((item: Item) => boolean) | null;
  /** Most items to evaluate. */
  limit: number | undefined;
  startKey: PageKey | undefined;
  pageSize: number;
}

export function keyOf(row: Row): PageKey {
  return row.secondary === undefined ? { primary: row.primary } : { primary: row.primary, secondary: row.secondary };
}

/** The index of the first row a listItems page reads: the first after startKey. */
export function listStart(table: Table, startKey: PageKey | undefined): number {
  const rows = table.rows;
  return startKey === undefined ? 0 : firstIndex(0, rows.length, (j) => compareListOrder(rows[j]!, startKey) > 0);
}

/**
 * One listItems page: rows in primary-key order after startKey, each tested
 * with the filter, until `limit` rows are evaluated, the page holds pageSize
 * items, or the table ends. Resuming after a key (not a position) keeps
 * paging stable while no items change, and correct even if that key's item is gone.
 */
export function runListItems(run: ListRun): Page {
  const rows = run.table.rows;
  let i = listStart(run.table, run.startKey);
  const budget = run.limit ?? Infinity;
  const items: Item[] = [];
  let evaluated = 0;
  const predicate = run.predicate;
  while (i < rows.length && evaluated < budget && items.length < run.pageSize) {
    const row = rows[i++]!;
    evaluated++;
    if (predicate === null || predicate(row.item)) items.push(row.item);
  }
  return i < rows.length && evaluated > 0 ? { items, stopKey: keyOf(rows[i - 1]!) } : { items };
}
