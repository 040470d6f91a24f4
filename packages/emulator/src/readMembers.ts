import { isExactNumber, isNumberValue } from "@itemfilter/core";
import { isKeyValue, type KeyValue } from "./keyValues.js";
import { RequestError } from "./RequestError.js";
import type { IndexPageKey, PageKey } from "./runListItems.js";

export type Operation = "listItems" | "queryItems";

/** A stopKey a scoped read sealed: its position, hidden from the caller. */
export interface SealedPageKey {
  sealed: string;
}

export const isSealed = (key: PageKey | SealedPageKey | undefined): key is SealedPageKey => key !== undefined && "sealed" in key;

/** The members of a request other than the credentials, checked for type; `filter` is left to core. */
export interface RequestMembers {
  table: string;
  hasFilter: boolean;
  filter: unknown;
  limit: number | undefined;
  /** A page key, or a sealed one (sealPageKey.ts) that the handler opens. */
  startKey: PageKey | SealedPageKey | undefined;
  /** queryItems only. */
  primary: KeyValue | undefined;
  searchForward: boolean;
}

const MEMBERS: Record<Operation, ReadonlySet<string>> = {
  listItems: new Set(["applicationKey", "authenticationToken", "table", "filter", "limit", "startKey"]),
  queryItems: new Set(["applicationKey", "authenticationToken", "table", "filter", "limit", "startKey", "key", "searchForward"]),
};

/** The largest `limit`: DynamoDB's Limit is a 32-bit integer. */
export const MAX_LIMIT = 2 ** 31 - 1;

const bad = (message: string): RequestError => new RequestError(400, message);

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (isExactNumber(value)) return "a number";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** "'table' must be a string, not a number", or "'table' is missing; it is a string" when it was not sent. */
function notA(name: string, kind: string, value: unknown): RequestError {
  return bad(value === undefined ? `'${name}' is missing; it is ${kind}` : `'${name}' must be ${kind}, not ${typeName(value)}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Quotes a member name a client sent, short enough for one line. */
function quoteName(name: string): string {
  return JSON.stringify(name.length > 40 ? `${name.slice(0, 39)}…` : name);
}

/** The credentials, checked for type only; whether they are known is the caller's business (401). */
export function readCredentials(body: Record<string, unknown>): { applicationKey: string; authenticationToken: string } {
  const { applicationKey, authenticationToken } = body;
  if (typeof applicationKey !== "string") throw notA("applicationKey", "a string", applicationKey);
  if (typeof authenticationToken !== "string") throw notA("authenticationToken", "a string", authenticationToken);
  return { applicationKey, authenticationToken };
}

function readKeyValue(value: unknown, path: string): KeyValue {
  if (!isKeyValue(value)) throw bad(`'${path}' must be a string or a number, not ${typeName(value)}`);
  return value;
}

/**
 * A stopKey sent back. A queryItems key has `secondary`, except in a read of
 * a whole partition (key.primary, no filter), whose items may lack one.
 */
function readPageKey(value: unknown, operation: Operation, wholePartition: boolean): PageKey | SealedPageKey {
  if (!isObject(value)) throw bad(`'startKey' must be an object {"primary": …${operation === "queryItems" ? ', "secondary": …' : ""}} (a stopKey sent back), not ${typeName(value)}`);
  if (Object.hasOwn(value, "sealed")) {
    if (typeof value.sealed !== "string" || Object.keys(value).length !== 1) throw bad("'startKey' is not a stopKey of this table; send back the stopKey unchanged");
    return { sealed: value.sealed };
  }
  for (const name of Object.keys(value)) {
    // Only a listItems page may have been read from a secondary index.
    if (name !== "primary" && name !== "secondary" && (name !== "index" || operation !== "listItems")) throw bad(`'startKey' has an unknown member ${quoteName(name)}; send back the stopKey unchanged`);
  }
  const primary = readKeyValue(value.primary, "startKey.primary");
  const index = Object.hasOwn(value, "index") ? { index: readIndexKey(value.index) } : {};
  if (!Object.hasOwn(value, "secondary")) {
    if (operation === "queryItems" && !wholePartition) throw bad("'startKey.secondary' is missing; a queryItems stopKey has one, unless the query reads a whole partition (key.primary without a filter)");
    return { primary, ...index };
  }
  return { primary, secondary: readKeyValue(value.secondary, "startKey.secondary"), ...index };
}

/** A listItems stopKey's `index` member, checked for shape; whether it fits the table and the filter is the store's business. */
function readIndexKey(value: unknown): IndexPageKey {
  if (!isObject(value)) throw bad(`'startKey.index' must be an object {"name": …, "primary": …} (a stopKey sent back), not ${typeName(value)}`);
  for (const name of Object.keys(value)) {
    if (name !== "name" && name !== "primary" && name !== "secondary") throw bad(`'startKey.index' has an unknown member ${quoteName(name)}; send back the stopKey unchanged`);
  }
  if (typeof value.name !== "string") throw notA("startKey.index.name", "a string", value.name);
  const primary = readKeyValue(value.primary, "startKey.index.primary");
  return Object.hasOwn(value, "secondary") ? { name: value.name, primary, secondary: readKeyValue(value.secondary, "startKey.index.secondary") } : { name: value.name, primary };
}

/** Checks every member but the credentials and the filter's content. Unknown members are refused, so a typo is not silently ignored. */
export function readMembers(operation: Operation, body: Record<string, unknown>): RequestMembers {
  const allowed = MEMBERS[operation];
  for (const name of Object.keys(body)) {
    if (!allowed.has(name)) throw bad(`${operation} has no member ${quoteName(name)}; it takes ${[...allowed].join(", ")}`);
  }
  const { table, limit, startKey, key, searchForward } = body;
  if (typeof table !== "string") throw notA("table", "a string", table);
  if (limit !== undefined && !(typeof limit === "number" && Number.isSafeInteger(limit) && limit >= 1)) {
    throw bad(`'limit' must be a whole number of at least 1 (the most items to evaluate), not ${isNumberValue(limit) ? String(limit) : typeName(limit)}`);
  }
  // DynamoDB's Limit is a 32-bit integer (DynamoDB Local fails a larger one with a 500), so both stores take at most 2^31 - 1.
  if (limit !== undefined && limit > MAX_LIMIT) throw bad(`'limit' must be at most ${MAX_LIMIT}, DynamoDB's largest Limit, not ${limit}`);
  let primary: KeyValue | undefined;
  if (key !== undefined) {
    if (!isObject(key)) throw bad(`'key' must be an object {"primary": …}, not ${typeName(key)}`);
    for (const name of Object.keys(key)) {
      if (name !== "primary") throw bad(`'key' has an unknown member ${quoteName(name)}; it takes only "primary"`);
    }
    primary = readKeyValue(key.primary, "key.primary");
    // As DynamoDB: "The AttributeValue for a key attribute cannot contain an empty string value".
    if (primary === "") throw bad("'key.primary' cannot be the empty string: no item has an empty key");
  }
  if (searchForward !== undefined && typeof searchForward !== "boolean") throw bad(`'searchForward' must be true or false, not ${typeName(searchForward)}`);
  const pageKey = startKey === undefined ? undefined : readPageKey(startKey, operation, primary !== undefined && !Object.hasOwn(body, "filter"));
  if (pageKey !== undefined && !isSealed(pageKey) && primary !== undefined && pageKey.primary !== primary) {
    throw bad("'startKey.primary' differs from 'key.primary'; a stopKey continues only the query that returned it");
  }
  return {
    table,
    hasFilter: Object.hasOwn(body, "filter"),
    filter: body.filter,
    limit: limit as number | undefined,
    startKey: pageKey,
    primary,
    searchForward: searchForward !== false,
  };
}
