import { defaultSleep } from "./backoff.js";
import { buildRequest, type Connection, type ParamsOf } from "./buildRequest.js";
import { AbortError, ClientError } from "./errors.js";
import { createDefaultFetch, fetchFailure } from "#defaultFetch";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./readBodyText.js";
import { secretRedactor } from "./redact.js";
import { sendRequest, type Transport } from "./sendRequest.js";
import { isScopeError, pickFields, plan as planFilter, type Plan, type PlanRequest } from "@itemfilter/core";
import { planInput } from "./planInput.js";
import { readOwnJson } from "./ownJson.js";
import { planCache, plainPlanInput } from "./planCache.js";
import { scopeCheck, scopeOf } from "./scopeCheck.js";
import { runPlan, type PlanPageFetcher, type RunOptions } from "./runPlan.js";
import { emptyOnKeyTypeRefusal } from "./keyTypeRefusal.js";
import { findPage } from "./findPage.js";
import { fieldsOption, pickedItems } from "./pickedItems.js";
import { deferGenerator } from "./deferGenerator.js";
import { startDeadline, underDeadline } from "./deadline.js";
import type { ClientOptions, ExplainParams, FindAllParams, FindPageParams, FindPageResult, FindOutcome, HttpRequest, Item, ListItemsParams, Operation, Page, PageKey, PagingOptions, QueryItemsParams } from "./types.js";
import { walkPages, type PageStep, type WalkLimits, type WalkOutcome } from "./walkPages.js";

export interface Client {
  /** One page of listItems. */
  listItems<T = Item>(params: ListItemsParams): Promise<Page<T>>;
  /** One page of queryItems. */
  queryItems<T = Item>(params: QueryItemsParams): Promise<Page<T>>;
  /** Every item listItems selects, page after page. Filter text is compiled once. */
  listAll<T = Item>(params: ListItemsParams & PagingOptions): AsyncGenerator<T, void, undefined>;
  /** Every item queryItems selects, page after page. */
  queryAll<T = Item>(params: QueryItemsParams & PagingOptions): AsyncGenerator<T, void, undefined>;
  /**
   * The pages of one listItems or queryItems walk, with running counts; a
   * limit (maxPages, maxItems) stops the walk and the generator's return
   * value says `truncated`. Filter text is compiled once.
   */
  walkPages<O extends Operation>(operation: O, params: ParamsOf<O> & WalkLimits): AsyncGenerator<PageStep, WalkOutcome, undefined>;
  /**
   * Every item any filter (and, or, not, every operator) selects, each once:
   * core's plan for it, run request by request with the residuals checked
   * locally. The generator's return value says how it ended (FindOutcome).
   */
  findAll<T = Item>(params: FindAllParams): AsyncGenerator<T, FindOutcome, undefined>;
  /**
   * One page of any filter: `limit` matching items and, when more follow, a
   * cursor for the next page. The pages joined are findAll's items, each
   * once. The cursor holds all the state (any process may serve the next
   * page) and is bound to the table, filter and keys: an altered or misused
   * one is ClientError E_CURSOR, before anything is sent.
   */
  findPage<T = Item>(params: FindPageParams): Promise<FindPageResult<T>>;
  /** The plan findAll would run, without sending anything. */
  explain(params: ExplainParams): Plan;
  /** Runs a plan (from explain, say) against a table, as findAll does. */
  executePlan(plan: Plan, params: { table: string } & RunOptions): AsyncGenerator<Item, FindOutcome, undefined>;
  /** The request a call would send, without sending it. */
  buildRequest<O extends Operation>(operation: O, params: ParamsOf<O>): HttpRequest;
  /** Frees the default fetch's kept-alive sockets; an injected fetch is left alone. */
  close(): void;
}

/** The longest delay a timer holds: setTimeout runs a longer one at once (TimeoutOverflowWarning). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A numeric option, its default when left out; `most` bounds it above (timers cannot wait longer than MAX_TIMER_MS). */
function setting(value: number | undefined, fallback: number, name: string, least: number, most = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < least || value > most) {
    const range = most === Number.MAX_SAFE_INTEGER ? `a number of at least ${least}` : `a number from ${least} to ${most}`;
    throw new ClientError("E_ARGUMENT", "createClient", 0, `${name} must be ${range}`);
  }
  return value;
}

/**
 * A client for listItems and queryItems. Nothing is sent until a call; the
 * returned object holds the credentials only in a closure, so printing it
 * shows none.
 */
export function createClient(options: ClientOptions): Client {
  const bad = (message: string): never => {
    throw new ClientError("E_ARGUMENT", "createClient", 0, message);
  };
  const refuse = (call: "findAll" | "explain" | "findPage", message: string): never => {
    throw new ClientError("E_ARGUMENT", call, 0, message);
  };
  if (typeof options !== "object" || options === null) bad("takes an options object {baseUrl, applicationKey, authenticationToken, …}");
  const { baseUrl, applicationKey, authenticationToken } = options;
  if (typeof applicationKey !== "string" || applicationKey === "") bad("applicationKey must be a non-empty string");
  if (typeof authenticationToken !== "string" || authenticationToken === "") bad("authenticationToken must be a non-empty string");
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  // The URL is not quoted back: it could carry credentials of its own.
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) bad("baseUrl must be an http:// or https:// URL");
  // A password in the URL would be sent to every host and shown in every message; the service takes credentials in the body.
  if (url!.username !== "" || url!.password !== "") bad("baseUrl must not hold credentials (user:password@); pass applicationKey and authenticationToken instead");
  if (options.fetch !== undefined && typeof options.fetch !== "function") bad("fetch must be a function");
  if (options.onEvent !== undefined && typeof options.onEvent !== "function") bad("onEvent must be a function");
  const maxAttempts = setting(options.maxAttempts, 3, "maxAttempts", 1);
  if (!Number.isInteger(maxAttempts)) bad("maxAttempts must be a whole number");
  const maxResponseBytes = setting(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, "maxResponseBytes", 1);
  if (!Number.isInteger(maxResponseBytes)) bad("maxResponseBytes must be a whole number");

  const owned = options.fetch === undefined ? createDefaultFetch() : undefined;
  const transport: Transport = {
    fetch: options.fetch ?? owned!.fetch,
    timeoutMs: setting(options.timeoutMs, 10_000, "timeoutMs", 1, MAX_TIMER_MS),
    maxAttempts,
    backoffBaseMs: setting(options.backoffBaseMs, 100, "backoffBaseMs", 0, MAX_TIMER_MS),
    backoffCapMs: setting(options.backoffCapMs, 20_000, "backoffCapMs", 0, MAX_TIMER_MS),
    retryAfterCapMs: setting(options.retryAfterCapMs, 20_000, "retryAfterCapMs", 0, MAX_TIMER_MS),
    maxResponseBytes,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
    redact: secretRedactor([applicationKey, authenticationToken]),
    onEvent: options.onEvent,
    fetchFailure,
  };
  const connection: Connection = { baseUrl, applicationKey, authenticationToken };

  const call = <O extends Operation>(operation: O, params: ParamsOf<O>): Promise<Page> => {
    try {
      const inScope = scopeCheck(params);
      const sent = sendRequest(transport, operation, buildRequest(connection, operation, params), params.signal, params.table);
      return inScope === null ? sent : sent.then((page) => keepInScope(page, inScope));
    } catch (error) {
      return Promise.reject(error);
    }
  };

  // Generators throughout, so bad parameters and filter text surface on the first next(), as for every walk.
  async function* pages<O extends Operation>(operation: O, params: ParamsOf<O> & WalkLimits): AsyncGenerator<PageStep, WalkOutcome, undefined> {
    // Check and compile once, before the first page, rather than once per page.
    const inScope = scopeCheck(params);
    const first = buildRequest(connection, operation, params);
    const compiled = (readOwnJson(first.body) as { filter?: unknown }).filter;
    // The compiled filter already holds what the scope could send; its check is made here, once prepared.
    const fixed = { ...params, filter: compiled, scope: undefined, params: undefined, compileOptions: undefined } as ParamsOf<O>;
    const page = (startKey: Page["stopKey"]): Promise<Page> => {
      const sent = call(operation, { ...fixed, startKey } as ParamsOf<O>);
      return inScope === null ? sent : sent.then((p) => keepInScope(p, inScope));
    };
    return yield* walkPages(operation, page, params.startKey, { maxPages: params.maxPages, maxItems: params.maxItems, signal: params.signal });
  }

  async function* all<O extends Operation>(operation: O, params: ParamsOf<O> & PagingOptions): AsyncGenerator<Item, void, undefined> {
    const walk = pages(operation, { ...params, maxItems: undefined });
    for (;;) {
      const step = await walk.next();
      if (step.done === true) {
        if (step.value.truncated) {
          throw new ClientError("E_MAX_PAGES", operation, 0, `stopped after ${step.value.pages} pages (maxPages) with more to come; raise maxPages or narrow the filter`);
        }
        return;
      }
      for (const item of step.value.items) {
        if (params.signal?.aborted) throw new AbortError(operation, 0, params.signal.reason);
        yield item;
      }
    }
  }

  const cachedPlan = planCache(({ filter, keys, maxRequests }) => planFilter(filter, { ...(keys === undefined ? {} : { keys }), ...(maxRequests === undefined ? {} : { maxRequests }) }));

  const explain = (params: ExplainParams, name: "findAll" | "explain" | "findPage"): Plan => {
    if (typeof params !== "object" || params === null) refuse(name, "takes a parameters object {table, filter, …}");
    if (typeof params.table !== "string" || params.table === "") refuse(name, "'table' must be a non-empty string");
    const filter = params.filter as unknown;
    if (typeof filter !== "string" && (typeof filter !== "object" || filter === null)) refuse(name, "'filter' must be filter text (or a parsed filter)");
    try {
      // findAll's plan is its own (never handed out), so one plan serves every call with the same plain inputs.
      const scope = scopeOf(params);
      const plain = name === "findAll" && scope === undefined && params.params === undefined ? plainPlanInput(filter, params.keys, params.maxRequests, params.compileOptions) : undefined;
      if (plain !== undefined) return cachedPlan(plain);
      return planFilter(planInput(params.filter, params.compileOptions), {
        ...params.compileOptions,
        ...(scope === undefined ? {} : { scope }),
        ...(params.params === undefined ? {} : { params: params.params }),
        ...(params.keys === undefined ? {} : { keys: params.keys }),
        ...(params.maxRequests === undefined ? {} : { maxRequests: params.maxRequests }),
      });
    } catch (error) {
      // plan's TypeError is a bad option; a FilterError (bad text, too many requests) passes as is.
      if (error instanceof TypeError && !isScopeError(error)) refuse(name, error.message.replace(/^plan: (options\.)?/, ""));
      throw error;
    }
  };

  const fetchPlanPage = (table: string) => (request: PlanRequest, startKey: PageKey | undefined, signal: AbortSignal): Promise<Page> =>
    request.operation === "listItems"
      ? call("listItems", { table, filter: request.filter, startKey, signal })
      : call("queryItems", { table, ...(request.key === undefined ? {} : { key: request.key }), ...(request.filter === undefined ? {} : { filter: request.filter }), startKey, signal });

  // Not generators themselves: deferGenerator gives the same first-next() errors without a layer per item.
  const execute = (plan: Plan, params: { table: string } & RunOptions, fetcher = fetchPlanPage): AsyncGenerator<Item, FindOutcome, undefined> => {
    if (typeof params !== "object" || params === null || typeof params.table !== "string" || params.table === "") refuse("findAll", "'table' must be a non-empty string");
    if (typeof plan !== "object" || plan === null || !Array.isArray(plan.requests)) refuse("findAll", "takes a Plan {filter, requests, combine} (from explain or core's plan)");
    return runPlan(plan, fetcher(params.table), params);
  };

  // findAll and findPage run plans of their own: a refusal of a key value of the other type is then no match.
  const fetchOwnPlanPage = (table: string): PlanPageFetcher => emptyOnKeyTypeRefusal(fetchPlanPage(table));

  const findAll = (params: FindAllParams): AsyncGenerator<Item, FindOutcome, undefined> =>
    deferGenerator(() => {
      const plan = explain(params, "findAll");
      const fields = fieldsOption("findAll", params.fields, params.compileOptions?.schema);
      if (params.deadlineMs === undefined) return pickedItems(execute(plan, { ...params, parseOptions: params.compileOptions }, fetchOwnPlanPage), fields);
      const deadline = startDeadline("findAll", params.deadlineMs, params.signal);
      return pickedItems(underDeadline(execute(plan, { ...params, signal: deadline.signal, parseOptions: params.compileOptions }, fetchOwnPlanPage), deadline), fields);
    });

  const findPageWithin = async <T>(params: FindPageParams): Promise<FindPageResult<T>> => {
    const fields = fieldsOption("findPage", params?.fields, params?.compileOptions?.schema);
    const deadline = startDeadline("findPage", params.deadlineMs, params.signal);
    try {
      const page = await findPage<T>(deadline.signal === params.signal ? params : { ...params, signal: deadline.signal }, (p) => explain(p, "findPage"), fetchOwnPlanPage);
      return fields === undefined ? page : { ...page, items: page.items.map((item) => pickFields(item as Record<string, unknown>, fields) as T) };
    } catch (error) {
      throw deadline.translate(error);
    } finally {
      deadline.finish();
    }
  };

  /** A page with only the items inside the scope; its stopKey is kept, so paging goes on where the service left off. */
  function keepInScope(page: Page, inScope: (item: unknown) => boolean): Page {
    const items = page.items.filter(inScope);
    return items.length === page.items.length ? page : { ...page, items };
  }

  return {
    // The service's items are what the app says they are: the type parameter is the app's word, not checked here.
    findAll: findAll as Client["findAll"],
    findPage: findPageWithin,
    explain: (params) => explain(params, "explain"),
    executePlan: (plan, params) => deferGenerator(() => execute(plan, params)),
    listItems: (params) => call("listItems", params) as Promise<Page<never>>,
    queryItems: (params) => call("queryItems", params) as Promise<Page<never>>,
    listAll: (params) => all("listItems", params) as AsyncGenerator<never, void, undefined>,
    queryAll: (params) => all("queryItems", params) as AsyncGenerator<never, void, undefined>,
    walkPages: (operation, params) => pages(operation, params),
    buildRequest: (operation, params) => buildRequest(connection, operation, params),
    close() {
      owned?.close();
    },
  };
}
