import { compileList, compileQuery, isNumberValue, stringifyJson, validateListFilter, validateQueryFilter, type ListFilter, type Params, type QueryFilter } from "@itemfilter/core";
import { scopeListFilters } from "./scopeCheck.js";
import { ClientError } from "./errors.js";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./jsonDepth.js";
import { REDACTED } from "./redact.js";
import { redactRequest } from "./redactRequest.js";
import type { HttpRequest, ListItemsParams, Operation, QueryItemsParams } from "./types.js";

/** Where and as whom requests go. */
export interface Connection {
  baseUrl: string;
  applicationKey: string;
  authenticationToken: string;
}

/** Exactly the header the service's description shows. */
export const CONTENT_TYPE = "application/json; charset=UTF-8";

export type ParamsOf<O extends Operation> = O extends "listItems" ? ListItemsParams : QueryItemsParams;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A parsed document or one node of it (core's FilterInput), as opposed to filter JSON: every node has a `type`, no filter JSON does. */
export function isTree(filter: unknown): boolean {
  return typeof filter === "object" && filter !== null && !Array.isArray(filter) && Object.hasOwn(filter, "type");
}

/**
 * The filter member, compiled from text or a parsed document. Filter JSON is
 * sent as given, unless compileOptions has a schema: then it is checked as
 * the compilers check text (core's validateListFilter/validateQueryFilter
 * with the schema), so nothing the schema refuses is sent, whatever form the
 * filter takes. A FilterError comes out of here, before anything is sent. An
 * empty ListFilter array (from empty text, say) means no filter, so the
 * member is left out.
 */
export function filterMember(operation: Operation, params: ListItemsParams | QueryItemsParams): ListFilter | readonly ListFilter[] | QueryFilter | undefined {
  const filter = params.filter;
  if (operation === "listItems") {
    // The scope's filters go first, where one request can say them; the items are checked against it after, always.
    const scoped = scopeListFilters(params);
    if (filter === undefined) return scoped.length === 0 ? undefined : scoped;
    const options = withDates(withParams((params as ListItemsParams).compileOptions, params.params), params);
    const compiled =
      typeof filter === "string" || isTree(filter)
        ? compileList(filter as string, options)
        : options?.schema === undefined
          ? (filter as ListFilter | readonly ListFilter[])
          : validateListFilter(filter, { schema: options.schema, ...(options.maxInValues === undefined ? {} : { maxInValues: options.maxInValues }) });
    const all = scoped.length === 0 ? compiled : [...scoped, ...(Array.isArray(compiled) ? compiled : [compiled as ListFilter])];
    return Array.isArray(all) && all.length === 0 ? undefined : (all as ListFilter | readonly ListFilter[]);
  }
  if (filter === undefined) return undefined;
  const options = withDates(withParams((params as QueryItemsParams).compileOptions, params.params), params);
  if (typeof filter === "string" || isTree(filter)) return compileQuery(filter as string, options);
  if (options?.schema === undefined) return filter as QueryFilter;
  return validateQueryFilter(filter, {
    schema: options.schema,
    ...(options.secondaryKey === undefined ? {} : { secondaryKey: options.secondaryKey }),
    ...(options.maxInValues === undefined ? {} : { maxInValues: options.maxInValues }),
  });
}

/** The compile options with the call's `params`; a scope given there too is the call's scope, checked on the items, not compiled into a key query. */
function withParams<T extends { params?: Params | undefined; scope?: unknown }>(options: T | undefined, params: Params | undefined): T | undefined {
  if (params === undefined && options?.scope === undefined) return options;
  const { scope: _scope, ...rest } = options ?? ({} as T);
  return (params === undefined ? rest : { ...rest, params }) as T;
}

/** The compile options with the call's `now` and `timeZone`, for the filter's relative dates. */
function withDates<T extends object>(options: T | undefined, params: { now?: Date | number | string; timeZone?: string }): T | undefined {
  if (params.now === undefined && params.timeZone === undefined) return options;
  return { ...options, ...(params.now === undefined ? {} : { now: params.now }), ...(params.timeZone === undefined ? {} : { timeZone: params.timeZone }) } as T;
}

function checkParams(operation: Operation, params: ListItemsParams | QueryItemsParams): void {
  const bad = (message: string): never => {
    throw new ClientError("E_ARGUMENT", operation, 0, message);
  };
  if (!isObject(params)) bad(`takes a parameters object {table, …}`);
  if (typeof params.table !== "string" || params.table === "") bad("'table' must be a non-empty string");
  if (params.limit !== undefined && !(Number.isSafeInteger(params.limit) && params.limit >= 1)) bad("'limit' must be a whole number of at least 1");
  if (params.startKey !== undefined && !isObject(params.startKey)) bad("'startKey' must be an object: the stopKey of the previous page");
  if (params.startKey !== undefined && nestsDeeperThan(params.startKey, MAX_JSON_DEPTH)) bad(`'startKey' nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep; a page key is never that deep`);
  const filter = params.filter as unknown;
  if (filter !== undefined && typeof filter !== "string" && typeof filter !== "object") bad("'filter' must be filter text or filter JSON");
  if (operation === "queryItems") {
    const q = params as QueryItemsParams;
    if (q.key !== undefined) {
      const primary = isObject(q.key) ? q.key.primary : undefined;
      if (typeof primary !== "string" && !(isNumberValue(primary) && (typeof primary !== "number" || Number.isFinite(primary)))) bad("'key' must be {primary: <string or number>}");
    }
    if (q.searchForward !== undefined && typeof q.searchForward !== "boolean") bad("'searchForward' must be true or false");
  }
}

/**
 * The body as JSON, every number with all its digits (an ExactNumber in the
 * filter, the key or the startKey is a JSON number, never rounded, never a
 * string); a filter given as JSON too deep to write is E_ARGUMENT, never a RangeError.
 */
function bodyText(operation: Operation, body: Record<string, unknown>): string {
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) throw new ClientError("E_ARGUMENT", operation, 0, `the request nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`);
  return stringifyJson(body);
}

const INSPECT = Symbol.for("nodejs.util.inspect.custom");
const CREDENTIAL_MEMBERS: [string, string][] = [
  ["applicationKey", REDACTED],
  ["authenticationToken", REDACTED],
];

/**
 * The request for one page, without sending it: `{method, url, headers, body}`
 * as PROTOCOL.md describes. Pure; it throws FilterError for bad filter text
 * and ClientError E_ARGUMENT for bad parameters. util.inspect shows it with
 * the credentials redacted; the fields themselves hold the real values.
 */
export function buildRequest<O extends Operation>(connection: Connection, operation: O, params: ParamsOf<O>): HttpRequest {
  checkParams(operation, params);
  const body: Record<string, unknown> = {
    applicationKey: connection.applicationKey,
    authenticationToken: connection.authenticationToken,
    table: params.table,
  };
  const filter = filterMember(operation, params);
  if (filter !== undefined) body.filter = filter;
  if (operation === "queryItems") {
    const q = params as QueryItemsParams;
    if (q.key !== undefined) body.key = { primary: q.key.primary };
  }
  if (params.limit !== undefined) body.limit = params.limit;
  if (params.startKey !== undefined) body.startKey = params.startKey;
  if (operation === "queryItems" && (params as QueryItemsParams).searchForward !== undefined) body.searchForward = (params as QueryItemsParams).searchForward;

  const request: HttpRequest = {
    method: "POST",
    url: `${connection.baseUrl.replace(/\/+$/, "")}/${operation}`,
    headers: { "Content-Type": CONTENT_TYPE, Accept: "application/json" },
    body: bodyText(operation, body),
  };
  // Built when printed, not now: most requests are never printed.
  const secrets: [string, string][] = [
    [connection.applicationKey, REDACTED],
    [connection.authenticationToken, REDACTED],
  ];
  Object.defineProperty(request, INSPECT, { value: () => redactRequest(request, secrets, CREDENTIAL_MEMBERS), enumerable: false });
  return request;
}
