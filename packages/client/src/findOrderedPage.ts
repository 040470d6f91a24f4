import { comparePoints, fromArray, mergeOrdered, orderPoint, sortStage, type OrderPoint, type Plan } from "@itemfilter/core";
import { ClientError } from "./errors.js";
import { firstNow, MAX_PAGE_LIMIT } from "./findPage.js";
import { orderBinding, orderCursorNow, readOrderCursor, writeOrderCursor, type OrderCursorState } from "./orderCursor.js";
import { identity, limited, orderedRun, orderedStream, requestSource, residualTest, type SourcePage } from "./orderedSources.js";
import type { PlanPageFetcher } from "./runPlan.js";
import type { FindPageParams, FindPageResult, Item, PageKey } from "./types.js";
import { countLimit, DEFAULT_MAX_PAGES } from "./walkPages.js";

/** What one stream read on this page: its pages in order, and the items it handed to the merge with the page each came on. */
interface Reading {
  pages: { at: SourcePage; done: boolean }[];
  pulled: { item: Item; page: number }[];
}

/**
 * One page of an ordered plan: `limit` items after the cursor's point in the
 * order, and a cursor when another follows. The cursor holds the last item's
 * point (order value and keys) and, per request read in order, the page
 * key where its unread part begins; each such request is read again from
 * there (items up to the point left out), so page 50 reads what pages
 * 1–49 did not, plus at most a page per stream. Requests sorted locally are
 * read again whole for every page (only their items after the point are
 * held, within maxSortItems). The pages joined are findAll's ordered items.
 * The keys break ties in the order, so they are required.
 */
export async function findOrderedPage<T = Item>(params: FindPageParams, planFor: (params: FindPageParams) => Plan, fetchPlanPage: (table: string) => PlanPageFetcher): Promise<FindPageResult<T>> {
  // Relative dates resolve against the first page's `now` on every page, whatever the clock or the option says later.
  const now = orderCursorNow(params.cursor) ?? firstNow(params);
  const plan = planFor({ ...params, now });
  const limit = params.limit;
  if (!(Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_PAGE_LIMIT)) {
    throw new ClientError("E_ARGUMENT", "findPage", 0, `'limit' must be a whole number from 1 to ${MAX_PAGE_LIMIT}: the items on one page`);
  }
  const keys = params.keys;
  if (keys === undefined) throw new ClientError("E_ARGUMENT", "findPage", 0, "with 'orderBy' it takes 'keys': the table's keys break ties in the order, so that pages are stable");
  const run = orderedRun(plan, keys, params.maxSortItems, "findPage");
  const maxPages = countLimit(params.maxPages, DEFAULT_MAX_PAGES, "maxPages", "findPage");
  const concurrency = countLimit(params.concurrency, 4, "concurrency", "findPage");
  const binding = orderBinding(params.table, plan, keys);
  const requests = plan.requests;
  const start: { point: OrderPoint | undefined; positions: OrderCursorState["positions"] } =
    params.cursor === undefined ? { point: undefined, positions: requests.map(() => null) } : readOrderCursor(params.cursor, binding, requests.length);
  // Only a filter with relative dates carries its `now`: other cursors stay as they were.
  const dated = plan.dates === undefined ? {} : { now };
  if (requests.length === 0) return { items: [] };

  const { order, compare } = run;
  const point = start.point;
  const after = (item: Item): boolean => point === undefined || comparePoints(order, orderPoint(order, keys, item), point) > 0;
  const fetch = limited(concurrency, fetchPlanPage(params.table));
  const controller = new AbortController();
  const relay = (): void => controller.abort(params.signal!.reason);
  params.signal?.addEventListener("abort", relay, { once: true });
  let claimed = 0;
  const page = (request: (typeof requests)[number], key: PageKey | undefined) => {
    if (claimed++ >= maxPages) return Promise.reject(new ClientError("E_MAX_PAGES", "findPage", 0, `stopped after ${maxPages} pages (maxPages) with the page not full; raise maxPages or narrow the filter`));
    return fetch(request, key, controller.signal);
  };

  const readings = new Map<number, Reading>();
  const streams: AsyncGenerator<Item, void, undefined>[] = [];
  try {
    const sorted = requests.filter((r) => r.order?.how !== "inOrder").map((r) => requestSource(r, page, undefined, residualTest(r.residual, params.compileOptions), { keep: after }));
    const held = sorted.length === 0 ? [] : await sortStage(sorted, compare, run.maxSortItems, identity, run.tooLarge);
    requests.forEach((r, i) => {
      const from = start.positions[i];
      if (r.order?.how !== "inOrder" || from === "done") return;
      const reading: Reading = { pages: [], pulled: [] };
      readings.set(i, reading);
      const source = requestSource(r, page, from ?? undefined, residualTest(r.residual, params.compileOptions), {
        keep: after,
        onPage: (at) => void reading.pages.push({ at, done: false }),
        onItem: (item) => void reading.pulled.push({ item, page: reading.pages.length - 1 }),
        onPageDone: () => void (reading.pages[reading.pages.length - 1]!.done = true),
      });
      streams.push(orderedStream(source, run, "findPage"));
    });
    if (held.length > 0) streams.push(fromArray(held));
    const items: Item[] = [];
    for await (const item of mergeOrdered(streams, compare)) {
      items.push(item);
      if (items.length > limit) break;
    }
    if (items.length <= limit) return { items: items as T[] };
    const last = orderPoint(order, keys, items[limit - 1]!);
    const positions = requests.map((r, i): OrderCursorState["positions"][number] => {
      if (r.order?.how !== "inOrder") return null;
      const reading = readings.get(i);
      return reading === undefined ? "done" : resumeAt(reading, (start.positions[i] ?? null) as PageKey | null, (item) => comparePoints(order, orderPoint(order, keys, item), last) > 0);
    });
    return { items: items.slice(0, limit) as T[], cursor: writeOrderCursor(binding, { point: last, positions, ...dated }) };
  } finally {
    params.signal?.removeEventListener("abort", relay);
    controller.abort(STOPPED);
    for (const stream of streams) void stream.return(undefined).catch(() => {});
  }
}

const STOPPED = Symbol("stopped");

/**
 * Where a stream's unread part begins after this page: the page of the
 * first item it handed on that is not yet given out; else the last page
 * read, while it has items not handed on; else the page after it.
 */
function resumeAt(reading: Reading, from: PageKey | null, pending: (item: Item) => boolean): PageKey | null | "done" {
  const first = reading.pulled.find(({ item }) => pending(item));
  if (first !== undefined) return reading.pages[first.page]!.at.startKey ?? null;
  const last = reading.pages[reading.pages.length - 1];
  if (last === undefined) return from;
  if (!last.done) return last.at.startKey ?? null;
  return last.at.stopKey === undefined ? "done" : last.at.stopKey;
}
