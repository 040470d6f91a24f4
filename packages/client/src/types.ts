import type { CompileListOptions, CompileQueryOptions, FilterInput, ListFilter, NumberValue, Params, ParseOptions, PlanKeys, QueryFilter, Scalar, ScopeInput } from "@itemfilter/core";

export type Operation = "listItems" | "queryItems";

/** An item as the service returns it; its values are ItemValues. */
export type Item = Record<string, unknown>;

/**
 * A value in an item as the client reads it. A number is a plain `number`
 * when a double holds it exactly (all of today's usual data), otherwise an
 * ExactNumber with every digit (`isExactNumber`; `String(x)` is its digits;
 * write items back with `stringifyJson`, never JSON.stringify). An app's own
 * item type says `NumberValue` (`number | ExactNumber`) where its numbers may be long.
 */
export type ItemValue = string | NumberValue | boolean | null | readonly ItemValue[] | { readonly [name: string]: ItemValue };

/** A stopKey as the service returns it: opaque, sent back unchanged as the next startKey. */
export type PageKey = Readonly<Record<string, unknown>>;

/** One page of results. `stopKey` is present only when more items may follow. Items are typed as the app says (Item when it says nothing). */
export interface Page<T = Item> {
  items: T[];
  stopKey?: PageKey;
}

interface CommonParams {
  table: string;
  /** Most items the service evaluates for this page (not the most it returns; a page can hold fewer, or none). */
  limit?: number;
  /** The stopKey of the previous page. */
  startKey?: PageKey;
  /** Stops the call (and its retries and waits) with an AbortError. */
  signal?: AbortSignal;
  /**
   * The app's own condition (filter text or a tree, or several: an array
   * means `and`): every item returned satisfies it, whatever `filter`,
   * `key` or `startKey` say. Sent with the filter where the request can
   * express it, and always checked on the items that come back. Trusted: the
   * schema applies to `filter` only. A mistake in it is a ScopeError.
   */
  scope?: ScopeInput;
  /** Values of the `$name` parameters in `filter` and `scope`; never parsed. */
  params?: Params;
  /**
   * The instant the filter's relative dates (`now - 7d`, `today`) resolve
   * against: a Date, epoch milliseconds or an ISO 8601 string; the time of
   * the call when left out. findPage's later pages use the first page's.
   */
  now?: Date | number | string;
  /** The IANA time zone of `today` and of calendar offsets (`mo`, `y`); "UTC" when left out. */
  timeZone?: string;
}

export interface ListItemsParams extends CommonParams {
  /**
   * Filter text or a parsed document, compiled with core's compileList before
   * anything is sent, or ListFilter JSON, sent as is (checked first when
   * compileOptions has a schema).
   */
  filter?: FilterInput | ListFilter | readonly ListFilter[];
  /** Options for compiling filter text, such as a schema; the schema applies to filter JSON too. */
  compileOptions?: CompileListOptions;
}

export interface QueryItemsParams extends CommonParams {
  /** The partition to read; the service scopes a query to one primary key. */
  key?: { primary: Scalar };
  /** Filter text or a parsed document, compiled with core's compileQuery, or a QueryFilter sent as is (checked first when compileOptions has a schema). */
  filter?: FilterInput | QueryFilter;
  /**
   * Options for compiling filter text; `secondaryKey` lets the text name the
   * key by its own name. The schema applies to a QueryFilter too (it checks
   * the secondary key when `secondaryKey` names it, as for text).
   */
  compileOptions?: CompileQueryOptions;
  /** false for descending secondary-key order. */
  searchForward?: boolean;
}

export interface PagingOptions {
  /** Most pages to fetch before giving up with E_MAX_PAGES; 10,000 when left out. */
  maxPages?: number;
}

/** A request as it goes on the wire. */
export interface HttpRequest {
  method: "POST";
  url: string;
  headers: Record<string, string>;
  /** The JSON body, exactly as sent. */
  body: string;
}

/** What the client needs of a fetch response: node-fetch's and the platform's both fit. */
export interface FetchResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  /**
   * The body as a stream of bytes: node-fetch's Readable, the platform's
   * ReadableStream (async-iterable, or read through getReader where a browser's
   * is not). When present, the client reads it chunk by chunk and stops at
   * maxResponseBytes; without it, it calls text() and checks the length after.
   */
  body?: AsyncIterable<Uint8Array | string> | ByteStreamLike | null;
  /** "opaqueredirect" when a browser's fetch met a redirect under redirect: "manual" (status 0, no Location); the client refuses it. */
  type?: string;
  /** True when the fetch followed a redirect to get this response; the client then refuses it. */
  redirected?: boolean;
  /** The URL the response came from, when the fetch says. */
  url?: string;
}

/** A web ReadableStream of bytes, as far as the client reads one. */
export interface ByteStreamLike {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void>; releaseLock(): void };
}

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Always "manual": a fetch must hand back a 3xx answer rather than follow it (the credentials are in the body). */
  redirect: "manual";
}

/** A fetch function: node-fetch, globalThis.fetch, or a test double. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;

/** What the platform makes of a fetch that rejected (see `#defaultFetch`'s fetchFailure): the NetworkError's detail, and whether the browser refused it (not retried). */
export interface FetchFailure {
  detail: string;
  refused: boolean;
}

export interface ClientOptions {
  /** Such as `https://service.example.com/v1` or an emulator's URL; operations are appended as `/listItems`. */
  baseUrl: string;
  applicationKey: string;
  authenticationToken: string;
  /** When left out: in Node, node-fetch with keep-alive agents; in a browser build (the "browser" condition), globalThis.fetch. */
  fetch?: FetchLike;
  /** Most milliseconds one attempt may take, body included; 10,000 when left out. Every millisecond option is at most 2,147,483,647 (what a timer holds). */
  timeoutMs?: number;
  /** Attempts per call, the first included; 3 when left out. 1 turns retries off. */
  maxAttempts?: number;
  /** Backoff base in milliseconds; 100 when left out. */
  backoffBaseMs?: number;
  /** Backoff cap in milliseconds; 20,000 when left out. */
  backoffCapMs?: number;
  /** Longest Retry-After wait honoured, in milliseconds; longer ones wait this long. 20,000 when left out. */
  retryAfterCapMs?: number;
  /** Largest response body read, in bytes; past it the call fails with ResponseTooLargeError (not retried). 32 MiB when left out. */
  maxResponseBytes?: number;
  /** Waits between attempts; rejects when the signal aborts. Injected by tests to run without real waits. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for the backoff jitter; Math.random when left out. */
  random?: () => number;
  /** Current time in milliseconds, for Retry-After dates; Date.now when left out. */
  now?: () => number;
  /**
   * Called after every attempt of every request, with what an app logs or
   * measures: never a credential, a filter or an item. A hook that throws is
   * ignored (the request goes on).
   */
  onEvent?: (event: RequestEvent) => void;
}

/** One attempt of one request, as `onEvent` hears of it. */
export interface RequestEvent {
  operation: Operation;
  table: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** From sending to the whole answer read (or the failure), in milliseconds. */
  durationMs: number;
  /** "ok": the page came back; "retry": this attempt failed and another follows; "error": the call fails with `error`. */
  outcome: "ok" | "retry" | "error";
  /** The HTTP status, or null when none came back (a network error, a timeout). */
  status: number | null;
  /** Items on the page, when it came back. */
  items?: number;
  /** Bytes of the answer's body, when it was read. */
  bytes?: number;
  /** The ClientError code of a failed attempt (E_SERVICE, E_TIMEOUT, …). */
  error?: string;
}

/** What explain plans: any filter over one table. */
export interface ExplainParams {
  table: string;
  /**
   * Filter text (or a parsed document): every operator, and, or, not. Or
   * ListFilter JSON (one object or an array), checked against the schema
   * when compileOptions has one, then planned as the same filter written as text.
   */
  filter: FilterInput | ListFilter | readonly ListFilter[];
  /** The table's key attribute names; with them the plan can read partitions with queryItems. */
  keys?: PlanKeys;
  /** Most requests the plan may hold (core's plan; 16 when left out). */
  maxRequests?: number;
  /** A schema and parse limits, as for the compilers. */
  compileOptions?: ParseOptions;
  /**
   * The app's own condition: the plan runs exactly `scope and (filter)`, so
   * no filter text can widen it, and findPage's cursors are bound to it. A
   * scope that pins the primary key reads only those partitions. Trusted:
   * the schema applies to `filter` only. A mistake in it is a ScopeError.
   */
  scope?: ScopeInput;
  /** Values of the `$name` parameters in `filter` and `scope`; never parsed. */
  params?: Params;
  /**
   * The instant the filter's relative dates (`now - 7d`, `today`) resolve
   * against: a Date, epoch milliseconds or an ISO 8601 string; the time of
   * the call when left out. findPage's later pages use the first page's,
   * which their cursor carries.
   */
  now?: Date | number | string;
  /** The IANA time zone of `today`, of calendar offsets (`mo`, `y`) and of isoDate dates; "UTC" when left out. */
  timeZone?: string;
  /**
   * `"PATH"`, `"PATH asc"` or `"PATH desc"`: the items in this order
   * (grammar/semantics.md, Order; ties by `keys`). Partition queries by the
   * secondary key are read in order and merged; other requests are sorted locally.
   */
  orderBy?: string;
}

/** What findAll runs: a plan for the filter, and how to run it. */
export interface FindAllParams extends ExplainParams {
  /** Most matching items to hand out (not the service's per-page `limit`); all when left out. */
  limit?: number;
  signal?: AbortSignal;
  /** The most milliseconds the whole call may take, every request, retry and wait included; past it, ClientError E_DEADLINE. */
  deadlineMs?: number;
  /** Most pages over all the plan's requests; 10,000 when left out. */
  maxPages?: number;
  /** Reaching maxPages: "throw" (default) ClientError E_MAX_PAGES after the items so far; "stop" ends with `truncated: true` in the outcome. */
  onMaxPages?: "throw" | "stop";
  /** Requests in flight at once, 1 to 16; 4 when left out. */
  concurrency?: number;
  /** Called after each page with running counts. */
  onProgress?: (progress: FindProgress) => void;
  /** Only these attributes of each item, each a path (`address.city`), picked locally: the service returns whole items. */
  fields?: readonly string[];
  /** With orderBy: the most items a local sort may hold (10,000 when left out); past it, OrderTooLargeError (E_ORDER_TOO_LARGE) before any item. */
  maxSortItems?: number;
}

/** Counts after each page of a plan, for progress. */
export interface FindProgress {
  /** The request (1-based, in plan order) whose page this was. */
  request: number;
  /** Requests in the plan. */
  requests: number;
  /** Pages received so far, over all requests. */
  pages: number;
  /** Items received so far, before the residual and duplicate checks. */
  received: number;
  /** Matching items handed out so far. */
  matched: number;
}

/** How a findAll ended (the generator's return value). */
export interface FindOutcome {
  /** maxPages stopped it while some request had more pages (with `onMaxPages: "stop"`). */
  truncated: boolean;
  /** `limit` matching items were handed out, so it stopped there. */
  limitReached: boolean;
  requests: number;
  pages: number;
  received: number;
  matched: number;
}

/** What findPage reads: one page of any filter, `limit` matching items from where `cursor` says. */
export interface FindPageParams extends ExplainParams {
  /** Items on the page, 1 to 10,000: every page but the last has exactly this many. */
  limit: number;
  /** The previous page's cursor; left out for the first page. Bound to the table, the filter and the keys. */
  cursor?: string;
  signal?: AbortSignal;
  /** The most milliseconds the whole page may take, every request, retry and wait included; past it, ClientError E_DEADLINE. */
  deadlineMs?: number;
  /** Most service pages this one page may read (over all the plan's requests); 10,000 when left out. Past it: ClientError E_MAX_PAGES. */
  maxPages?: number;
  /** Requests in flight at once, 1 to 16; 1 when left out (a page rarely needs more than one request's pages). */
  concurrency?: number;
  /** Only these attributes of each item, as findAll's `fields`. */
  fields?: readonly string[];
  /** With orderBy: the most items a local sort may hold for this page (10,000 when left out), as findAll's. */
  maxSortItems?: number;
}

/** What count reads: the items findAll would give, counted, none kept. */
export type CountParams = Omit<FindAllParams, "limit" | "fields" | "orderBy" | "maxSortItems" | "onProgress">;

/** One page of findPage. */
export interface FindPageResult<T = Item> {
  /** The page's items, in findAll's order. */
  items: T[];
  /** Present when more items follow: pass it back as `cursor` for the next page. An opaque string of at most 4,096 characters. */
  cursor?: string;
}
