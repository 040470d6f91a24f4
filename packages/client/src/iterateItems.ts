import { AbortError, ClientError, ProtocolError } from "./errors.js";
import type { Item, Operation, Page, PageKey } from "./types.js";

export const DEFAULT_MAX_PAGES = 10_000;

/**
 * Every item across pages, following stopKey until a page has none. Guards:
 * maxPages, a stopKey equal to the startKey just sent (which would loop
 * forever), and the signal, checked before each page and each item.
 */
export async function* iterateItems(
  operation: Operation,
  fetchPage: (startKey: PageKey | undefined) => Promise<Page>,
  startKey: PageKey | undefined,
  maxPages: number | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<Item, void, undefined> {
  const most = maxPages ?? DEFAULT_MAX_PAGES;
  if (!(Number.isSafeInteger(most) && most >= 1)) throw new ClientError("E_ARGUMENT", operation, 0, "'maxPages' must be a whole number of at least 1");
  let key = startKey;
  for (let pages = 0; ; ) {
    if (pages >= most) {
      throw new ClientError("E_MAX_PAGES", operation, 0, `stopped after ${most} pages (maxPages) with more to come; raise maxPages or narrow the filter`);
    }
    const page = await fetchPage(key);
    pages++;
    for (const item of page.items) {
      if (signal?.aborted) throw new AbortError(operation, 0, signal.reason);
      yield item;
    }
    if (page.stopKey === undefined) return;
    if (key !== undefined && JSON.stringify(page.stopKey) === JSON.stringify(key)) {
      throw new ProtocolError(operation, 0, 200, "the service sent back the startKey it was given as the stopKey, so paging would never end", "");
    }
    key = page.stopKey;
  }
}
