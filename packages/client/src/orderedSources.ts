import { digest as sha256 } from "#digest";
import { inOrderStream, itemComparator, maxSortItemsOption, prepareEvaluate, readOrderBy, type OrderBy, type ParseOptions, type Plan, type PlanKeys, type PlanRequest } from "@itemfilter/core";
import { canonicalJson } from "./canonicalJson.js";
import { ClientError, OrderTooLargeError } from "./errors.js";
import type { PlanPageFetcher } from "./runPlan.js";
import type { Item, Page, PageKey } from "./types.js";
import { walkPages } from "./walkPages.js";

/** An ordered plan's order, its item order and its local sort bound, checked. */
export interface OrderedRun {
  order: OrderBy;
  compare: (a: Item, b: Item) => number;
  maxSortItems: number;
  tooLarge: () => OrderTooLargeError;
}

export function orderedRun(plan: Plan, keys: PlanKeys | undefined, maxSortItems: unknown, call: "findAll" | "findPage"): OrderedRun {
  let max: number;
  try {
    max = maxSortItemsOption(maxSortItems, call);
  } catch (error) {
    throw new ClientError("E_ARGUMENT", call, 0, (error as Error).message.replace(`${call}: `, ""));
  }
  const order = readOrderBy(plan.order!.by, call);
  return { order, compare: itemComparator(order, keys), maxSortItems: max, tooLarge: () => new OrderTooLargeError(call, max, plan.order!.by, orderHint(order, keys, max)) };
}

/** What would serve the order: on the service, a partition query of a table whose secondary key is the order's attribute. */
function orderHint(order: OrderBy, keys: PlanKeys | undefined, max: number): string {
  const by = order.text.slice(0, order.text.lastIndexOf(" "));
  const serving =
    keys?.secondary !== undefined && order.path === undefined && keys.secondary === order.name
      ? `pin '${keys.primary}' with = or in on every branch, so each partition comes in '${keys.secondary}' order`
      : `only a partition query of a table whose secondary key is ${by} (with '${keys?.primary ?? "its primary key"}' pinned by = or in) comes in this order`;
  return `no request of the plan reads the items in the order ${order.text}, so they are sorted locally, and more than maxSortItems (${max}) match: ${serving}, or raise maxSortItems`;
}

/** One residual as a test (the plan's own canonical text: no limit but the depth applies). */
export function residualTest(residual: string | null, parseOptions: ParseOptions | undefined): (item: Item) => boolean {
  if (residual === null) return () => true;
  const limits: ParseOptions = { maxLength: Number.MAX_SAFE_INTEGER, maxPredicates: Number.MAX_SAFE_INTEGER, maxInValues: Number.MAX_SAFE_INTEGER };
  if (parseOptions?.maxDepth !== undefined) limits.maxDepth = parseOptions.maxDepth;
  return prepareEvaluate(residual, limits);
}

/** Tells items apart for the local sort, as findAll does: a digest of the canonical JSON. */
export function identity(item: Item): string {
  return sha256(canonicalJson(item));
}

/** A page of one request as a source reads it: where it started, and whether another follows. */
export interface SourcePage {
  startKey: PageKey | undefined;
  stopKey: PageKey | undefined;
}

/** Hooks of one request's source: which items to keep, and what to note per page and per item. */
export interface SourceHooks {
  keep?: (item: Item) => boolean;
  onPage?: (page: SourcePage, items: number) => void;
  onItem?: (item: Item, page: SourcePage) => void;
  /** Every item of the page was handed on (or left out). */
  onPageDone?: (page: SourcePage) => void;
}

/**
 * One request's matching items, page by page from `startKey`: each item
 * through the request's residual and `keep`. `page` fetches (and counts
 * against maxPages); a page the budget refuses ends the source (`spent`).
 */
export async function* requestSource(
  request: PlanRequest,
  page: (request: PlanRequest, startKey: PageKey | undefined) => Promise<Page>,
  startKey: PageKey | undefined,
  test: (item: Item) => boolean,
  hooks: SourceHooks = {},
): AsyncGenerator<Item, void, undefined> {
  let at: SourcePage = { startKey, stopKey: undefined };
  const fetch = async (key: PageKey | undefined): Promise<Page> => {
    const got = await page(request, key);
    at = { startKey: key, stopKey: got.stopKey ?? undefined };
    return got;
  };
  // walkPages guards against a stopKey that loops; the page it hands out is the one just fetched.
  for await (const step of walkPages(request.operation, fetch, startKey, { maxPages: Number.MAX_SAFE_INTEGER })) {
    const current = at;
    hooks.onPage?.(current, step.items.length);
    for (const item of step.items) {
      if (!test(item) || (hooks.keep !== undefined && !hooks.keep(item))) continue;
      hooks.onItem?.(item, current);
      yield item;
    }
    hooks.onPageDone?.(current);
  }
}

/** A request read in order as a stream in the full item order; a store that breaks its order is E_PROTOCOL. */
export function orderedStream(source: AsyncIterable<Item>, run: OrderedRun, call: "findAll" | "findPage"): AsyncGenerator<Item, void, undefined> {
  return inOrderStream(source, run.order, run.compare, () => new ClientError("E_PROTOCOL", call, 0, `the service sent a partition out of its secondary-key order, so the items cannot be given in the order ${run.order.text}`));
}

/** At most `n` calls of `f` running at once. */
export function limited<A extends unknown[], R>(n: number, f: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args) => {
    while (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await f(...args);
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export type { PlanPageFetcher };
