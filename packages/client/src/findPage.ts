import type { Plan, PlanRequest } from "@itemfilter/core";
import { ClientError } from "./errors.js";
import { cursorBinding, cursorNow, readCursor, writeCursor, type CursorState } from "./pageCursor.js";
import { resolveNow } from "@itemfilter/core";
import { runPlan, type PlanPageFetcher } from "./runPlan.js";
import { servedBefore } from "./servedBefore.js";
import type { FindPageParams, FindPageResult, Item, PageKey } from "./types.js";

/** The most items one page may ask for. */
export const MAX_PAGE_LIMIT = 10_000;

/** Where an item stands in the plan: its request, the startKey of the service page it came on, and its place there. */
interface Position {
  request: number;
  startKey: PageKey | undefined;
  index: number;
}

/**
 * One page of any filter: `limit` matching items from where the cursor
 * says, and a cursor for the rest when there is more. It runs the same plan
 * findAll runs, with runPlan, from the cursor's request and service page:
 * the page asks for one item more than `limit`, and that item's position is
 * the next cursor, so a page has a cursor only when another item follows
 * (the last page is never empty). An item an earlier request already handed
 * out is told apart by the plan itself (servedBefore), so the pages joined
 * are findAll's items in findAll's order, each once, with nothing kept
 * between pages.
 */
export async function findPage<T = Item>(
  params: FindPageParams,
  planFor: (params: FindPageParams) => Plan,
  fetchPlanPage: (table: string) => PlanPageFetcher,
): Promise<FindPageResult<T>> {
  // Relative dates resolve against the first page's `now` on every page, whatever the clock or the option says later.
  const now = cursorNow(params.cursor) ?? firstNow(params);
  const plan = planFor({ ...params, now });
  const limit = params.limit;
  if (!(Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_PAGE_LIMIT)) {
    throw new ClientError("E_ARGUMENT", "findPage", 0, `'limit' must be a whole number from 1 to ${MAX_PAGE_LIMIT}: the items on one page`);
  }
  const binding = cursorBinding(params.table, plan, params.keys);
  const start: CursorState = params.cursor === undefined ? { request: 0, skip: 0 } : readCursor(params.cursor, binding, plan.requests.length);
  // Only a filter with relative dates carries its `now`: other cursors stay as they were.
  const dated = plan.dates === undefined ? {} : { now };
  if (plan.requests.length === 0) return { items: [] };

  const earlier = servedBefore(plan.requests, params.keys, params.compileOptions);
  // Fresh request objects, so each page fetch can be traced to its place in the whole plan.
  const rest = plan.requests.slice(start.request).map((r) => ({ ...r }) as PlanRequest);
  const indexOf = new Map(rest.map((r, i) => [r, start.request + i]));
  const positions = new WeakMap<Item, Position>();
  const fetchPage = fetchPlanPage(params.table);
  const fetchFrom: PlanPageFetcher = async (request, startKey, signal) => {
    const index = indexOf.get(request)!;
    // The cursor's service page, fetched again, stands in for the first page of its request (the only one asked for without a startKey).
    const resuming = index === start.request && startKey === undefined;
    const key = resuming ? start.startKey : startKey;
    const page = await fetchPage(request, key, signal);
    const skip = resuming ? start.skip : 0;
    const kept: Item[] = [];
    page.items.forEach((item, at) => {
      if (at < skip || earlier[index]!(item)) return;
      positions.set(item, { request: index, startKey: key, index: at });
      kept.push(item);
    });
    return page.stopKey === undefined ? { items: kept } : { items: kept, stopKey: page.stopKey };
  };

  const items: Item[] = [];
  let next: Position | undefined;
  const run = runPlan({ ...plan, requests: rest }, fetchFrom, {
    keys: params.keys,
    limit: limit + 1,
    signal: params.signal,
    maxPages: params.maxPages,
    concurrency: params.concurrency ?? 1,
    parseOptions: params.compileOptions,
  });
  for await (const item of run) {
    if (items.length < limit) items.push(item);
    else next = positions.get(item);
  }
  if (next === undefined) return { items: items as T[] };
  const state: CursorState = { request: next.request, ...(next.startKey === undefined ? {} : { startKey: next.startKey }), skip: next.index, ...dated };
  return { items: items as T[], cursor: writeCursor(binding, state) };
}

/** The first page's `now`: the option, else the time of the call. A bad option is E_ARGUMENT, as every bad argument is. */
export function firstNow(params: FindPageParams): number {
  try {
    return resolveNow("findPage", params.now ?? params.compileOptions?.now);
  } catch (error) {
    throw new ClientError("E_ARGUMENT", "findPage", 0, (error as Error).message.replace(/^findPage: options\./, "'").replace(/^'now takes/, "'now' takes"));
  }
}
