import type { QueryFilter } from "@itemfilter/core";
import type { KeyValue } from "./keyValues.js";
import { keyOf, type Page, type PageKey } from "./runListItems.js";
import { firstIndex, searchRange } from "./searchRange.js";
import { compareListOrder, compareQueryOrder, type KeyedRow, type Row, type Table } from "./Table.js";
import type { Item } from "./types.js";

export interface QueryRun {
  table: Table;
  filter: QueryFilter | undefined;
  /** Core's prepared QueryFilter (on the table's secondary key), or null for no filter. */
  predicate: ((item: Item) => boolean) | null;
  /** key.primary: read only this partition. */
  primary: KeyValue | undefined;
  limit: number | undefined;
  /** Has a secondary value, except after an item without one in a whole-partition read (the request parser checks). */
  startKey: PageKey | undefined;
  searchForward: boolean;
  pageSize: number;
}

/** The rows a query reads, the slice of them in range, and the order its page keys follow. */
interface Reading {
  rows: readonly Row[];
  lo: number;
  hi: number;
  compare: (row: Row, key: PageKey) => number;
}

/**
 * What a query reads. key.primary without a filter is the whole partition,
 * items without the secondary key included, in listItems order (PROTOCOL.md:
 * a project choice). With a filter, only the partition's items that have the
 * key, narrowed by binary search; without key.primary, every item that has
 * a secondary key, in (secondary, primary) order.
 */
function reading(run: Pick<QueryRun, "table" | "filter" | "primary">): Reading {
  if (run.primary !== undefined && run.filter === undefined) {
    const [lo, hi] = run.table.wholePartition(run.primary);
    return { rows: run.table.rows, lo, hi, compare: compareListOrder };
  }
  // A query key always has a secondary value here (the request parser refuses one without it).
  const compare = (row: Row, key: PageKey): number => compareQueryOrder(row as KeyedRow, key as Required<PageKey>);
  if (run.primary !== undefined) {
    const rows = run.table.partition(run.primary);
    const [lo, hi] = searchRange(rows, run.filter!);
    return { rows, lo, hi, compare };
  }
  return { rows: run.table.bySecondary, lo: 0, hi: run.table.bySecondary.length, compare };
}

/** The rows a query reads after its startKey: rows[lo..hi), read upwards, or downwards when searchForward is false. */
export function queryBounds(run: Pick<QueryRun, "table" | "filter" | "primary" | "startKey" | "searchForward">): { rows: readonly Row[]; lo: number; hi: number } {
  const { rows, compare, ...range } = reading(run);
  let { lo, hi } = range;
  if (run.startKey !== undefined) {
    const after = run.startKey;
    // Resume strictly after the key in the direction of travel.
    if (run.searchForward) lo = Math.max(lo, firstIndex(0, rows.length, (j) => compare(rows[j]!, after) > 0));
    else hi = Math.min(hi, firstIndex(0, rows.length, (j) => compare(rows[j]!, after) >= 0));
  }
  return { rows, lo, hi };
}

/**
 * One queryItems page in the reading's order (reversed when searchForward is
 * false), each row tested with the filter, until `limit` rows are evaluated,
 * the page holds pageSize items, or the range ends.
 */
export function runQueryItems(run: QueryRun): Page {
  const { rows, lo, hi } = queryBounds(run);

  const budget = run.limit ?? Infinity;
  const predicate = run.predicate;
  const items: Item[] = [];
  let evaluated = 0;
  let last: Row | undefined;
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
