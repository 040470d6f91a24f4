import type { Client, FindOutcome, FindProgress, Item, ListItemsParams, PageStep, QueryItemsParams } from "@itemfilter/client";
import type { ParseOptions, Plan, PlanKeys } from "@itemfilter/core";
import type { CliContext } from "../cliContext.js";

export type SendParams = { operation: "list"; params: ListItemsParams } | { operation: "query"; params: QueryItemsParams };

export type { PageStep };

export interface FetchLimits {
  /** Stop once this many items were yielded (the last page is cut). */
  limit?: number | undefined;
  /** Stop after this many pages; every page when left out. */
  maxPages?: number | undefined;
}

export interface FetchOutcome {
  /** True when a limit stopped the walk while the service had more. */
  truncated: boolean;
}

export interface FindRun {
  table: string;
  /** The table's keys, which tell duplicates apart across the plan's requests. */
  keys: PlanKeys | undefined;
  /** Most matching items. */
  limit?: number | undefined;
  /** Most pages over all the plan's requests; every page when left out. */
  maxPages?: number | undefined;
  /** Parse limits for the residuals, as the filter was planned with. */
  parseOptions?: ParseOptions | undefined;
  onProgress?: ((progress: FindProgress) => void) | undefined;
  /** With an ordered plan: the most items a local sort may hold. */
  maxSortItems?: number | undefined;
}

/*
 * Every item the command shows (list, query, find, the REPL's results and
 * its samples) comes out of this module, so this is the one place secrets
 * are masked in the data, before any output format cuts or re-lays it out.
 * The pages themselves are walked by the client (walkPages, executePlan).
 */

/** The CLI follows every page unless --max-pages says otherwise (the client's own default is a safety stop). */
const EVERY_PAGE = Number.MAX_SAFE_INTEGER;

/** One listItems or queryItems walk, page by page with running counts; a limit ends it with `truncated`. */
export async function* fetchPages(ctx: CliContext, client: Client, send: SendParams, limits: FetchLimits): AsyncGenerator<PageStep, FetchOutcome> {
  const walkLimits = { maxPages: limits.maxPages ?? EVERY_PAGE, ...(limits.limit === undefined ? {} : { maxItems: limits.limit }) };
  const walk = send.operation === "list" ? client.walkPages("listItems", { ...send.params, ...walkLimits }) : client.walkPages("queryItems", { ...send.params, ...walkLimits });
  let done = false;
  try {
    let step = await walk.next();
    while (step.done !== true) {
      yield { ...step.value, items: step.value.items.map((item) => ctx.secrets.redactValue(item)) };
      step = await walk.next();
    }
    done = true;
    return { truncated: step.value.truncated };
  } finally {
    // Left early (an output error, Ctrl-C): end the walk, and with it any call in flight.
    if (!done) await walk.return(undefined as never).catch(() => {});
  }
}

/**
 * A plan run by the client (each request's pages, the residual checks, the
 * union without duplicates), item by item. Reaching --max-pages stops it
 * with `truncated` rather than failing, as it does for list.
 */
export async function* findItems(ctx: CliContext, client: Client, plan: Plan, run: FindRun): AsyncGenerator<Item, FindOutcome> {
  const items = client.executePlan(plan, {
    table: run.table,
    keys: run.keys,
    limit: run.limit,
    maxPages: run.maxPages ?? EVERY_PAGE,
    onMaxPages: "stop",
    signal: ctx.signal,
    onProgress: run.onProgress,
    parseOptions: run.parseOptions,
    maxSortItems: run.maxSortItems,
  });
  let done = false;
  try {
    let step = await items.next();
    while (step.done !== true) {
      yield ctx.secrets.redactValue(step.value);
      step = await items.next();
    }
    done = true;
    return step.value;
  } finally {
    if (!done) await items.return(undefined as never).catch(() => {});
  }
}
