import type { CompileListOptions, CompileQueryOptions, ListFilter, QueryFilter } from "@itemfilter/core";

export type Operation = "listItems" | "queryItems";

/** An item as the service returns it. */
export type Item = Record<string, unknown>;

/** A stopKey as the service returns it: opaque, sent back unchanged as the next startKey. */
export type PageKey = Readonly<Record<string, unknown>>;

/** One page of results. `stopKey` is present only when more items may follow. */
export interface Page {
  items: Item[];
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
}

export interface ListItemsParams extends CommonParams {
  /** Filter text, compiled with core's compileList before anything is sent, or ListFilter JSON sent as is. */
  filter?: string | ListFilter | readonly ListFilter[];
  /** Options for compiling filter text, such as a schema. */
  compileOptions?: CompileListOptions;
}

export interface QueryItemsParams extends CommonParams {
  /** The partition to read; the service scopes a query to one primary key. */
  key?: { primary: string | number };
  /** Filter text, compiled with core's compileQuery, or a QueryFilter sent as is. */
  filter?: string | QueryFilter;
  /** Options for compiling filter text; `secondaryKey` lets the text name the key by its own name. */
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
}

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

/** A fetch function: node-fetch, globalThis.fetch, or a test double. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;

export interface ClientOptions {
  /** Such as `https://service.example.com/v1` or an emulator's URL; operations are appended as `/listItems`. */
  baseUrl: string;
  applicationKey: string;
  authenticationToken: string;
  /** node-fetch with a keep-alive agent when left out. */
  fetch?: FetchLike;
  /** Most milliseconds one attempt may take, body included; 10,000 when left out. */
  timeoutMs?: number;
  /** Attempts per call, the first included; 3 when left out. 1 turns retries off. */
  maxAttempts?: number;
  /** Backoff base in milliseconds; 100 when left out. */
  backoffBaseMs?: number;
  /** Backoff cap in milliseconds; 20,000 when left out. */
  backoffCapMs?: number;
  /** Longest Retry-After wait honoured, in milliseconds; longer ones wait this long. 20,000 when left out. */
  retryAfterCapMs?: number;
  /** Waits between attempts; rejects when the signal aborts. Injected by tests to run without real waits. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for the backoff jitter; Math.random when left out. */
  random?: () => number;
  /** Current time in milliseconds, for Retry-After dates; Date.now when left out. */
  now?: () => number;
}
