import { digest as sha256 } from "#digest";
import { prepareEvaluate, type ParseOptions, type Plan, type PlanKeys, type PlanRequest } from "@itemfilter/core";
import { canonicalJson } from "./canonicalJson.js";
import { AbortError, ClientError } from "./errors.js";
import { overlapTests } from "./overlapTests.js";
import type { FindOutcome, FindProgress, Item, Page, PageKey } from "./types.js";
import { countLimit, DEFAULT_MAX_PAGES, walkPages, type PageStep, type WalkOutcome } from "./walkPages.js";

/** Requests of a plan in flight at once when `concurrency` is left out. */
export const DEFAULT_CONCURRENCY = 4;
const MAX_CONCURRENCY = 16;

/** How to run a plan. */
export interface RunOptions {
  /** The table's key attribute names, as given to plan. Duplicates are told apart by the whole item either way (see identity). */
  keys?: PlanKeys | undefined;
  /** Most matching items to hand out; all when left out. */
  limit?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Most pages over all the plan's requests; 10,000 when left out. */
  maxPages?: number | undefined;
  /** What reaching maxPages does: "throw" (default) a ClientError E_MAX_PAGES after the items so far, or "stop" with `truncated` in the outcome. */
  onMaxPages?: "throw" | "stop" | undefined;
  /** Requests in flight at once, 1 to 16; 4 when left out. */
  concurrency?: number | undefined;
  /** Called after each page with running counts. */
  onProgress?: ((progress: FindProgress) => void) | undefined;
  /** Limits for parsing the residuals (the plan's own canonical text); a schema is not applied again. */
  parseOptions?: ParseOptions | undefined;
}

/** Fetches one page of one of the plan's requests. */
export type PlanPageFetcher = (request: PlanRequest, startKey: PageKey | undefined, signal: AbortSignal) => Promise<Page>;

/** Raised inside a lane when the page budget is spent; never leaves runPlan. */
const BUDGET_SPENT = Symbol("budget spent");

type Pulled = { ok: true; result: IteratorResult<PageStep, WalkOutcome> } | { ok: false; error: unknown };

interface Lane {
  index: number;
  walk: AsyncGenerator<PageStep, WalkOutcome, undefined>;
  /** The next page, fetched ahead; it never rejects, so a lane that fails while another is read raises nothing unhandled. */
  next: Promise<Pulled>;
}

function pull(walk: AsyncGenerator<PageStep, WalkOutcome, undefined>): Promise<Pulled> {
  return walk.next().then(
    (result) => ({ ok: true, result }),
    (error: unknown) => ({ ok: false, error }),
  );
}

/** One residual, parsed once per run, as a test. Null residual: every item passes. */
function residualTests(parseOptions: ParseOptions | undefined): (residual: string | null) => (item: Item) => boolean {
  const cache = new Map<string, (item: Item) => boolean>();
  // The residual is the plan's own canonical text of an accepted filter: it may be longer than the caller's text, never deeper.
  const limits: ParseOptions = { maxLength: Number.MAX_SAFE_INTEGER, maxPredicates: Number.MAX_SAFE_INTEGER, maxInValues: Number.MAX_SAFE_INTEGER };
  if (parseOptions?.maxDepth !== undefined) limits.maxDepth = parseOptions.maxDepth;
  return (residual) => {
    if (residual === null) return () => true;
    let test = cache.get(residual);
    if (test === undefined) {
      test = prepareEvaluate(residual, limits);
      cache.set(residual, test);
    }
    return test;
  };
}

/**
 * What tells two items apart: a digest of the item's canonical JSON, always.
 * Not the key values, even when keys are given: keys the caller names may
 * not be the table's (`{ primary }` alone for a table that also has a
 * secondary key, or a name that is no key at all), and then two different
 * items share them and one would be dropped (issue 17). Two different items
 * of a table differ in content (at least in their keys), and one item
 * returned by two requests is the same JSON, so the digest never merges two
 * items and always merges one. Digests keep the memory per item small and
 * fixed; SHA-256 makes a collision (which would drop an item) beyond reach.
 *
 * Only items that can be duplicates get one (overlapTests): an item that
 * passes no other request's local test is handed out by its request alone.
 * That costs a few local tests per item instead of a digest (about 2 µs an
 * item), and relies on the service selecting for a listItems request what
 * core's `matches` selects, as grammar/semantics.md says it does.
 */
function identity(item: Item): string {
  return sha256(canonicalJson(item));
}

/**
 * Runs a plan: its requests, each followed page by page, at most
 * `concurrency` at once; every item through its request's residual; each
 * matching item handed out once (the union without duplicates), in plan
 * order (request by request, page by page), until `limit`.
 *
 * Memory: each running request holds at most the page being read and the
 * one fetched ahead, and the duplicate check keeps one small key per
 * distinct item handed out that a later request may hand out again (none
 * for a plan of one request, whose pages never repeat an item).
 */
export async function* runPlan(plan: Plan, fetchPage: PlanPageFetcher, options: RunOptions = {}): AsyncGenerator<Item, FindOutcome, undefined> {
  const requests = plan.requests;
  const maxPages = countLimit(options.maxPages, DEFAULT_MAX_PAGES, "maxPages", "findAll");
  const limit = options.limit === undefined ? Infinity : countLimit(options.limit, 0, "limit", "findAll");
  const concurrency = countLimit(options.concurrency, DEFAULT_CONCURRENCY, "concurrency", "findAll");
  if (concurrency > MAX_CONCURRENCY) throw new ClientError("E_ARGUMENT", "findAll", 0, `'concurrency' must be at most ${MAX_CONCURRENCY}`);
  if (options.onMaxPages !== undefined && options.onMaxPages !== "throw" && options.onMaxPages !== "stop") throw new ClientError("E_ARGUMENT", "findAll", 0, "'onMaxPages' must be \"throw\" or \"stop\"");
  if (options.onProgress !== undefined && typeof options.onProgress !== "function") throw new ClientError("E_ARGUMENT", "findAll", 0, "'onProgress' must be a function");
  const testFor = residualTests(options.parseOptions);
  const tests = requests.map((r) => testFor(r.residual));
  const overlaps = requests.length > 1 ? overlapTests(requests, tests) : undefined;
  const seen = new Set<string>();

  const signal = options.signal;
  if (signal?.aborted) throw new AbortError(requests[0]?.operation ?? "listItems", 0, signal.reason);
  // One controller for every call: the caller's signal aborts them all, and so does stopping early.
  const controller = new AbortController();
  const relay = (): void => controller.abort(signal!.reason);
  signal?.addEventListener("abort", relay, { once: true });

  const outcome: FindOutcome = { truncated: false, limitReached: false, requests: requests.length, pages: 0, received: 0, matched: 0 };
  let claimed = 0;
  const open = (index: number): Lane => {
    const request = requests[index]!;
    const page = (startKey: PageKey | undefined): Promise<Page> => {
      if (claimed >= maxPages) return Promise.reject(BUDGET_SPENT);
      claimed++;
      return fetchPage(request, startKey, controller.signal);
    };
    const walk = walkPages(request.operation, page, undefined, { maxPages: Number.MAX_SAFE_INTEGER });
    return { index, walk, next: pull(walk) };
  };
  const lanes: Lane[] = [];
  let opened = 0;
  const fill = (): void => {
    while (lanes.length < concurrency && opened < requests.length) lanes.push(open(opened++));
  };

  try {
    fill();
    while (lanes.length > 0) {
      const lane = lanes[0]!;
      const pulled = await lane.next;
      if (!pulled.ok) {
        if (pulled.error !== BUDGET_SPENT) throw pulled.error;
        outcome.truncated = true;
      }
      if (!pulled.ok || pulled.result.done === true) {
        lanes.shift();
        fill();
        continue;
      }
      // Fetch this request's next page while this one is read.
      lane.next = pull(lane.walk);
      const step = pulled.result.value;
      const test = tests[lane.index]!;
      const overlap = overlaps?.[lane.index];
      outcome.pages++;
      outcome.received += step.items.length;
      for (const item of step.items) {
        if (signal?.aborted) throw new AbortError(requests[lane.index]!.operation, 0, signal.reason);
        if (!test(item)) continue;
        if (overlap !== undefined) {
          const again = overlap.earlier(item);
          const later = overlap.later(item);
          if (again || later) {
            const id = identity(item);
            if (again && seen.has(id)) continue;
            if (later) seen.add(id);
          }
        }
        outcome.matched++;
        if (outcome.matched >= limit) {
          // Stop the other requests before handing out the last item: the caller may never ask for more.
          outcome.limitReached = true;
          controller.abort(BUDGET_SPENT);
          yield item;
          return outcome;
        }
        yield item;
      }
      options.onProgress?.({ request: lane.index + 1, requests: requests.length, pages: outcome.pages, received: outcome.received, matched: outcome.matched });
    }
    if (outcome.truncated && options.onMaxPages !== "stop") {
      throw new ClientError("E_MAX_PAGES", "findAll", 0, `stopped after ${maxPages} pages (maxPages) with more to come; raise maxPages or narrow the filter`);
    }
    return outcome;
  } finally {
    signal?.removeEventListener("abort", relay);
    if (!controller.signal.aborted) controller.abort(BUDGET_SPENT);
    // Requests still running end on the abort; their outcomes are not wanted.
    for (const lane of lanes) void lane.walk.return(undefined as never).catch(() => {});
  }
}
