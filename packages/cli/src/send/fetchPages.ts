import type { Client, Item, ListItemsParams, QueryItemsParams } from "@itemfilter/client";

export type SendParams = { operation: "list"; params: ListItemsParams } | { operation: "query"; params: QueryItemsParams };

export interface PageStep {
  items: Item[];
  /** Pages fetched so far, this one included. */
  pages: number;
  /** Items yielded so far, this page's included. */
  total: number;
}

export interface FetchLimits {
  /** Stop once this many items were yielded (the last page is cut). */
  limit?: number | undefined;
  /** Stop after this many pages. */
  maxPages?: number | undefined;
}

export interface FetchOutcome {
  /** True when a limit stopped the walk while the service had more. */
  truncated: boolean;
}

/**
 * Follows stopKey from page to page. The CLI walks pages itself, rather than
 * with the client's listAll, so it can count pages for progress and treat
 * --max-pages as "stop here" instead of an error.
 */
export async function* fetchPages(client: Client, send: SendParams, limits: FetchLimits): AsyncGenerator<PageStep, FetchOutcome> {
  let startKey: ListItemsParams["startKey"];
  let pages = 0;
  let total = 0;
  for (;;) {
    const page =
      send.operation === "list"
        ? await client.listItems(startKey === undefined ? send.params : { ...send.params, startKey })
        : await client.queryItems(startKey === undefined ? send.params : { ...send.params, startKey });
    pages++;
    let items = page.items;
    const room = limits.limit === undefined ? Infinity : limits.limit - total;
    const cut = items.length > room;
    if (cut) items = items.slice(0, room);
    total += items.length;
    yield { items, pages, total };
    const more = page.stopKey !== undefined;
    if (!more) return { truncated: cut };
    if (total === limits.limit || pages === limits.maxPages) return { truncated: true };
    startKey = page.stopKey;
  }
}
