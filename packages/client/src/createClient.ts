import { defaultSleep } from "./backoff.js";
import { buildRequest, type Connection, type ParamsOf } from "./buildRequest.js";
import { ClientError } from "./errors.js";
import { createDefaultFetch } from "./defaultFetch.js";
import { iterateItems } from "./iterateItems.js";
import { secretRedactor } from "./redact.js";
import { sendRequest, type Transport } from "./sendRequest.js";
import type { ClientOptions, HttpRequest, Item, ListItemsParams, Operation, Page, PagingOptions, QueryItemsParams } from "./types.js";

export interface Client {
  /** One page of listItems. */
  listItems(params: ListItemsParams): Promise<Page>;
  /** One page of queryItems. */
  queryItems(params: QueryItemsParams): Promise<Page>;
  /** Every item listItems selects, page after page. Filter text is compiled once. */
  listAll(params: ListItemsParams & PagingOptions): AsyncGenerator<Item, void, undefined>;
  /** Every item queryItems selects, page after page. */
  queryAll(params: QueryItemsParams & PagingOptions): AsyncGenerator<Item, void, undefined>;
  /** The request a call would send, without sending it. */
  buildRequest<O extends Operation>(operation: O, params: ParamsOf<O>): HttpRequest;
  /** Frees the default fetch's kept-alive sockets; an injected fetch is left alone. */
  close(): void;
}

function setting(value: number | undefined, fallback: number, name: string, least: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < least) {
    throw new ClientError("E_ARGUMENT", "createClient", 0, `${name} must be a number of at least ${least}`);
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
  if (options.fetch !== undefined && typeof options.fetch !== "function") bad("fetch must be a function");
  const maxAttempts = setting(options.maxAttempts, 3, "maxAttempts", 1);
  if (!Number.isInteger(maxAttempts)) bad("maxAttempts must be a whole number");

  const owned = options.fetch === undefined ? createDefaultFetch() : undefined;
  const transport: Transport = {
    fetch: options.fetch ?? owned!.fetch,
    timeoutMs: setting(options.timeoutMs, 10_000, "timeoutMs", 1),
    maxAttempts,
    backoffBaseMs: setting(options.backoffBaseMs, 100, "backoffBaseMs", 0),
    backoffCapMs: setting(options.backoffCapMs, 20_000, "backoffCapMs", 0),
    retryAfterCapMs: setting(options.retryAfterCapMs, 20_000, "retryAfterCapMs", 0),
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
    redact: secretRedactor([applicationKey, authenticationToken]),
  };
  const connection: Connection = { baseUrl, applicationKey, authenticationToken };

  const call = <O extends Operation>(operation: O, params: ParamsOf<O>): Promise<Page> => {
    try {
      return sendRequest(transport, operation, buildRequest(connection, operation, params), params.signal);
    } catch (error) {
      return Promise.reject(error);
    }
  };

  async function* all<O extends Operation>(operation: O, params: ParamsOf<O> & PagingOptions): AsyncGenerator<Item, void, undefined> {
    // Check and compile once, before the first page, rather than once per page.
    const first = buildRequest(connection, operation, params);
    const compiled = (JSON.parse(first.body) as { filter?: unknown }).filter;
    const fixed = { ...params, filter: compiled } as ParamsOf<O>;
    const page = (startKey: Page["stopKey"]): Promise<Page> => call(operation, { ...fixed, startKey } as ParamsOf<O>);
    yield* iterateItems(operation, page, params.startKey, params.maxPages, params.signal);
  }

  return {
    listItems: (params) => call("listItems", params),
    queryItems: (params) => call("queryItems", params),
    listAll: (params) => all("listItems", params),
    queryAll: (params) => all("queryItems", params),
    buildRequest: (operation, params) => buildRequest(connection, operation, params),
    close() {
      owned?.close();
    },
  };
}
