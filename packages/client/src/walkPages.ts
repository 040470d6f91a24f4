import { canonicalJson } from "./canonicalJson.js";
import { AbortError, ClientError, ProtocolError, type CallName } from "./errors.js";
import type { Item, Operation, Page, PageKey } from "./types.js";

export const DEFAULT_MAX_PAGES = 10_000;

/** Limits of a page walk. Reaching one stops the walk (the outcome says `truncated`); it is not an error. */
export interface WalkLimits {
  /** Most pages to fetch; 10,000 when left out. */
  maxPages?: number;
  /** Most items to hand out; the page that crosses it is cut. No limit when left out. */
  maxItems?: number;
  /** Stops the walk between pages with an AbortError (each call stops on it too). */
  signal?: AbortSignal;
}

/** One page of a walk, with running counts for progress. */
export interface PageStep {
  /** This page's items (cut to maxItems on the last page). */
  items: Item[];
  /** Pages fetched so far, this one included. */
  pages: number;
  /** Items handed out so far, this page's included. */
  total: number;
}

/** How a walk ended: `truncated` when maxPages or maxItems stopped it while the service had more. */
export interface WalkOutcome {
  truncated: boolean;
  pages: number;
  total: number;
}

/** A whole number of at least 1, or the fallback when left out; E_ARGUMENT otherwise. */
export function countLimit(value: number | undefined, fallback: number, name: string, call: CallName): number {
  if (value === undefined) return fallback;
  if (!(Number.isSafeInteger(value) && value >= 1)) throw new ClientError("E_ARGUMENT", call, 0, `'${name}' must be a whole number of at least 1`);
  return value;
}

/**
 * Walks pages, following stopKey until a page has none or a limit is
 * reached, and returns how it ended. The one page loop of the client:
 * listAll, queryAll and findAll are built on it, and the CLI uses it for
 * progress and `--max-pages`. Guards: a stopKey equal to any page key of
 * this walk (the startKey it began with, or a stopKey sent before; compared
 * as canonical JSON, so reordered members are still equal) would page in a
 * loop forever and is a ProtocolError at once, however long the loop, and
 * before that page's items are handed out, since they repeat earlier ones;
 * the signal is checked before each page.
 */
export async function* walkPages(
  operation: Operation,
  fetchPage: (startKey: PageKey | undefined) => Promise<Page>,
  startKey: PageKey | undefined,
  limits: WalkLimits = {},
): AsyncGenerator<PageStep, WalkOutcome, undefined> {
  const maxPages = countLimit(limits.maxPages, DEFAULT_MAX_PAGES, "maxPages", operation);
  const maxItems = limits.maxItems === undefined ? Infinity : countLimit(limits.maxItems, 0, "maxItems", operation);
  const signal = limits.signal;
  let key = startKey;
  let pages = 0;
  let total = 0;
  // Page keys of this walk by canonical JSON, with the page that sent each (0: the walk's own startKey).
  const seen = new Map<string, number>();
  if (startKey !== undefined) seen.set(canonicalJson(startKey, operation), 0);
  for (;;) {
    if (signal?.aborted) throw new AbortError(operation, 0, signal.reason);
    const page = await fetchPage(key);
    pages++;
    // Checked before the page is handed out: a page that leads back to a key of this walk
    // repeats items already handed out (issue 33 §4), so none of it is.
    const stop = page.stopKey === undefined ? undefined : canonicalJson(page.stopKey, operation);
    const before = stop === undefined ? undefined : seen.get(stop);
    if (before !== undefined) {
      const problem =
        key !== undefined && stop === canonicalJson(key, operation)
          ? "the service sent back the startKey it was given as the stopKey, so paging would never end"
          : `the service sent a stopKey it had sent before (${before === 0 ? "the startKey the walk began with" : `on page ${before}`}), so paging would loop forever`;
      throw new ProtocolError(operation, 0, 200, problem, "");
    }
    let items = page.items;
    const cut = items.length > maxItems - total;
    if (cut) items = items.slice(0, maxItems - total);
    total += items.length;
    yield { items, pages, total };
    if (stop === undefined) return { truncated: cut, pages, total };
    seen.set(stop, pages);
    if (total >= maxItems || pages >= maxPages) return { truncated: true, pages, total };
    key = page.stopKey;
  }
}
