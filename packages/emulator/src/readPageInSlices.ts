import type { Page, PageKey } from "./runListItems.js";

/**
 * Most filter conditions one request may hold. DynamoDB allows at most 300
 * operators or functions in one expression ("Expression parameters" in its
 * Constraints page); one condition here is one comparison or function, so
 * no request does more work per item than DynamoDB would allow.
 */
export const MAX_FILTER_CONDITIONS = 300;

/**
 * About how many condition checks run between two turns of the event loop:
 * a few milliseconds of work, so one request scanning a big table with a long
 * filter never holds up the answers to others.
 */
export const CHECKS_PER_SLICE = 20_000;

/** What one slice reads: at most `limit` rows after `startKey`, at most `pageSize` items kept. */
export interface Slice {
  limit: number;
  startKey: PageKey | undefined;
  pageSize: number;
}

export interface SlicedRead {
  limit: number | undefined;
  startKey: PageKey | undefined;
  pageSize: number;
  /** Conditions each row is checked against (1 with no filter, for the row read itself). */
  conditions: number;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * One page read as a run of slices, yielding to the event loop between them.
 * Each slice resumes after the key the previous one stopped at, and counts
 * its rows against the request's `limit`, so the page is exactly the one a
 * single read would give: the same items, and the same stopKey.
 */
export async function readPageInSlices(read: (slice: Slice) => Page, run: SlicedRead): Promise<Page> {
  const rowsPerSlice = Math.max(1, Math.floor(CHECKS_PER_SLICE / Math.max(1, run.conditions)));
  let left = run.limit ?? Infinity;
  let startKey = run.startKey;
  const items: Page["items"] = [];
  for (;;) {
    const slice = Math.min(left, rowsPerSlice);
    const page = read({ limit: slice, startKey, pageSize: run.pageSize - items.length });
    for (const item of page.items) items.push(item);
    // The table (or range) ended, the page is full, or the limit is spent: this slice's stopKey is the page's.
    if (page.stopKey === undefined) return { items };
    left -= slice;
    if (items.length >= run.pageSize || left <= 0) return { items, stopKey: page.stopKey };
    startKey = page.stopKey;
    await nextTurn();
  }
}
