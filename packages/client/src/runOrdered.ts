import { fromArray, mergeOrdered, sortStage, type Plan, type PlanRequest } from "@itemfilter/core";
import { AbortError, ClientError } from "./errors.js";
import { identity, limited, orderedRun, orderedStream, requestSource, residualTest } from "./orderedSources.js";
import { DEFAULT_CONCURRENCY, type PlanPageFetcher, type RunOptions } from "./runPlan.js";
import type { FindOutcome, Item, Page, PageKey } from "./types.js";
import { countLimit, DEFAULT_MAX_PAGES } from "./walkPages.js";

/** How to run an ordered plan: runPlan's options, and the local sort's bound. */
export interface OrderedRunOptions extends RunOptions {
  /** The most items a local sort may hold; past it, OrderTooLargeError (E_ORDER_TOO_LARGE) before any item. 10,000 when left out. */
  maxSortItems?: number | undefined;
}

/**
 * Runs a plan with `order` (core's plan with orderBy): the requests read in
 * order become streams in the full item order, merged (each read only as
 * far as the items handed out need); the others are read to the end and
 * sorted locally, at most maxSortItems distinct items, as one more stream.
 * Each item once, in the order, until `limit`. Pages count against maxPages
 * as in runPlan; `concurrency` bounds the pages in flight.
 */
export async function* runOrderedPlan(plan: Plan, fetchPage: PlanPageFetcher, options: OrderedRunOptions = {}): AsyncGenerator<Item, FindOutcome, undefined> {
  const requests = plan.requests;
  const maxPages = countLimit(options.maxPages, DEFAULT_MAX_PAGES, "maxPages", "findAll");
  const limit = options.limit === undefined ? Infinity : countLimit(options.limit, 0, "limit", "findAll");
  const concurrency = countLimit(options.concurrency, DEFAULT_CONCURRENCY, "concurrency", "findAll");
  if (concurrency > 16) throw new ClientError("E_ARGUMENT", "findAll", 0, "'concurrency' must be at most 16");
  if (options.onMaxPages !== undefined && options.onMaxPages !== "throw" && options.onMaxPages !== "stop") throw new ClientError("E_ARGUMENT", "findAll", 0, "'onMaxPages' must be \"throw\" or \"stop\"");
  const run = orderedRun(plan, options.keys, options.maxSortItems, "findAll");
  const signal = options.signal;
  if (signal?.aborted) throw new AbortError(requests[0]?.operation ?? "listItems", 0, signal.reason);
  const controller = new AbortController();
  const relay = (): void => controller.abort(signal!.reason);
  signal?.addEventListener("abort", relay, { once: true });

  const outcome: FindOutcome = { truncated: false, limitReached: false, requests: requests.length, pages: 0, received: 0, matched: 0 };
  let claimed = 0;
  const fetchLimited = limited(concurrency, (request: PlanRequest, key: PageKey | undefined) => fetchPage(request, key, controller.signal));
  const page = async (request: PlanRequest, key: PageKey | undefined): Promise<Page> => {
    if (claimed >= maxPages) {
      // The budget is spent: this request ends here, and the outcome says so.
      outcome.truncated = true;
      return { items: [] };
    }
    claimed++;
    const got = await fetchLimited(request, key);
    outcome.pages++;
    outcome.received += got.items.length;
    options.onProgress?.({ request: requests.indexOf(request) + 1, requests: requests.length, pages: outcome.pages, received: outcome.received, matched: outcome.matched });
    return got;
  };
  const source = (request: PlanRequest) => requestSource(request, page, undefined, residualTest(request.residual, options.parseOptions));
  const streams: AsyncGenerator<Item, void, undefined>[] = [];
  try {
    const sorted = requests.filter((r) => r.order?.how !== "inOrder");
    const held = sorted.length === 0 ? [] : await sortStage(sorted.map(source), run.compare, run.maxSortItems, identity, run.tooLarge);
    for (const r of requests) if (r.order?.how === "inOrder") streams.push(orderedStream(source(r), run, "findAll"));
    if (held.length > 0) streams.push(fromArray(held));
    for await (const item of mergeOrdered(streams, run.compare)) {
      if (signal?.aborted) throw new AbortError(requests[0]!.operation, 0, signal.reason);
      outcome.matched++;
      if (outcome.matched >= limit) {
        outcome.limitReached = true;
        controller.abort(STOPPED);
        yield item;
        return outcome;
      }
      yield item;
    }
    if (signal?.aborted) throw new AbortError(requests[0]!.operation, 0, signal.reason);
    if (outcome.truncated && options.onMaxPages !== "stop") {
      throw new ClientError("E_MAX_PAGES", "findAll", 0, `stopped after ${maxPages} pages (maxPages) with more to come; raise maxPages or narrow the filter`);
    }
    return outcome;
  } finally {
    signal?.removeEventListener("abort", relay);
    if (!controller.signal.aborted) controller.abort(STOPPED);
    for (const stream of streams) void stream.return(undefined).catch(() => {});
  }
}

const STOPPED = Symbol("stopped");

export type { PlanPageFetcher };
