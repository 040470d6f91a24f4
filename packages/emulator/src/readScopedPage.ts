import { CHECKS_PER_SLICE } from "./readPageInSlices.js";
import { keyOf, type Page } from "./runListItems.js";
import type { Row } from "./Table.js";
import type { Item } from "./types.js";

/** What a scoped page reads: rows[lo..hi) in one direction, the scope and the request's filter. */
export interface ScopedRows {
  rows: readonly Row[];
  lo: number;
  hi: number;
  forward: boolean;
  /** The credential's scope. */
  inScope: (item: Item) => boolean;
  /** Core's prepared filter, or null for none. */
  predicate: ((item: Item) => boolean) | null;
  /** Most items in the scope to evaluate. */
  limit: number | undefined;
  pageSize: number;
  /** Conditions of the scope and the filter together, for the size of a slice. */
  conditions: number;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * One page of a read under a scope, as though the table held only the items
 * in the scope: `limit` counts only those, the page fills only with those
 * that match the filter, and it stops at the last of them it evaluated. The
 * stopKey is that item's key, sent only once another item in the scope is
 * found after it (reading on past any number outside the scope, or to the
 * end, where there is none): so neither where a page stops nor whether it
 * has a stopKey depends on an item outside the scope. Yields to the event
 * loop every slice of about CHECKS_PER_SLICE condition checks, items outside
 * the scope counted too.
 */
export async function readScopedPage(read: ScopedRows): Promise<Page> {
  const { rows, lo, hi, forward, inScope, predicate, pageSize } = read;
  const budget = read.limit ?? Infinity;
  const rowsPerSlice = Math.max(1, Math.floor(CHECKS_PER_SLICE / Math.max(1, read.conditions)));
  const items: Item[] = [];
  let evaluated = 0;
  let last: Row | undefined;
  let full = false;
  let sliced = 0;
  for (let i = forward ? lo : hi - 1; forward ? i < hi : i >= lo; i += forward ? 1 : -1) {
    if (++sliced >= rowsPerSlice) {
      sliced = 0;
      await nextTurn();
    }
    const row = rows[i]!;
    if (!inScope(row.item)) continue;
    // The page was already full: this item in the scope is the proof that more follow.
    if (full) return { items, stopKey: keyOf(last!) };
    evaluated++;
    last = row;
    if (predicate === null || predicate(row.item)) items.push(row.item);
    full = evaluated >= budget || items.length >= pageSize;
  }
  return { items };
}
