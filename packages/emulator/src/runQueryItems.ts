import type { QueryFilter } from "@itemfilter/core";
import type { KeyValue } from "./keyValues.js";
import { keyOf, type Page, type PageKey } from "./runListItems.js";
import { firstIndex, searchRange } from "./searchRange.js";
import { compareQueryOrder, type KeyedRow, type Table } from "./Table.js";
import type { Item } from "./types.js";

export interface QueryRun {
  table: Table;
  filter: QueryFilter | undefined;
  /** Core's prepared QueryFilter (on the table's secondary key), or null for no filter. */
  predicate: ((item: Item) => boolean) | null;
  /** key.primary: read only this partition. */
  primary: KeyValue | undefined;
  limit: number | undefined;
  /** Has a secondary value: the request parser requires it for queries. */
  startKey: Required<PageKey> | undefined;
  searchForward: boolean;
  pageSize: number;
}

/**
 * One queryItems page in secondary-key order (reversed when searchForward is
 * false). With key.primary only that partition is read, and a range operator
 * narrows it by binary search first; without it, every item with a secondary
 * key is scanned in (secondary, primary) order. Items without the secondary
 * key are never part of a query.
 */
export function runQueryItems(run: QueryRun): Page {
  let rows: readonly KeyedRow[];
  let lo: number;
  let hi: number;
  if (run.primary !== undefined) {
    rows = run.table.partition(run.primary);
    [lo, hi] = run.filter === undefined ? [0, rows.length] : searchRange(rows, run.filter);
  } else {
    rows = run.table.bySecondary;
    [lo, hi] = [0, rows.length];
  }
  if (run.startKey !== undefined) {
    const after = run.startKey;
    // Resume strictly after the key in the direction of travel.
    if (run.searchForward) lo = Math.max(lo, firstIndex(0, rows.length, (j) => compareQueryOrder(rows[j]!, after) > 0));
    else hi = Math.min(hi, firstIndex(0, rows.length, (j) => compareQueryOrder(rows[j]!, after) >= 0));
  }

  const budget = run.limit ?? Infinity;
  const predicate = run.predicate;
  const items: Item[] = [];
  let evaluated = 0;
  let last: KeyedRow | undefined;
  const step = run.searchForward ? 1 : -1;
  let i = run.searchForward ? lo : hi - 1;
  const inRange = (j: number): boolean => j >= lo && j < hi;
  while (inRange(i) && evaluated < budget && items.length < run.pageSize) {
    const row = rows[i]!;
    i += step;
    evaluated++;
    last = row;
    if (predicate === null || predicate(row.item)) items.push(row.item);
  }
  return last !== undefined && inRange(i) ? { items, stopKey: keyOf(last) } : { items };
}
