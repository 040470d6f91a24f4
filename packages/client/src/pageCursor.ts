import { parseJson, stringifyJson } from "@itemfilter/core";
import { canonicalJson } from "./canonicalJson.js";
import { digest } from "#digest";
import { ClientError } from "./errors.js";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./jsonDepth.js";
import type { PageKey } from "./types.js";
import { cursorNowOf, fromBase64Url, toBase64Url } from "./cursorText.js";

/** The longest cursor findPage writes or reads, in characters. */
export const MAX_CURSOR_LENGTH = 4096;

/** Where the next page starts: the plan's request, the service page it is on, and how many of that page's items come before it. */
export interface CursorState {
  /** The request of the plan (0-based). */
  request: number;
  /** The startKey of the service page that holds the next item; absent for the request's first page. */
  startKey?: PageKey;
  /** Items of that service page (as the service sent them) before the next item. */
  skip: number;
  /**
   * The `now` (epoch milliseconds) the first page resolved the filter's
   * relative dates with: every later page resolves them alike. Absent for a
   * filter without one, whose cursors are as before.
   */
  now?: number;
}

const MAX_SKIP = 2 ** 31;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The seal of a state under a binding: a cursor is honoured only where both match. */
function seal(binding: string, state: CursorState): string {
  const parts: unknown[] = [state.request, state.startKey ?? null, state.skip];
  if (state.now !== undefined) parts.push(state.now);
  return digest(`${binding}\n${canonicalJson(parts)}`);
}

/**
 * What a cursor is bound to: the table, the plan (the filter's canonical
 * text and its requests, so the same filter planned otherwise is another
 * binding) and the keys. Only its digest goes into cursors.
 */
export function cursorBinding(table: string, plan: { filter: string; requests: readonly unknown[] }, keys: unknown): string {
  return digest(canonicalJson({ table, filter: plan.filter, requests: plan.requests, keys: keys ?? null }));
}

/**
 * The cursor for a state: base64url of a small JSON object holding the whole
 * state and its seal. Nothing is kept in the process. A stopKey too large
 * for MAX_CURSOR_LENGTH is E_PROTOCOL (the service's keys are small; this is
 * not expected).
 */
export function writeCursor(binding: string, state: CursorState): string {
  const body = { v: 1, r: state.request, ...(state.startKey === undefined ? {} : { k: state.startKey }), s: state.skip, ...(state.now === undefined ? {} : { n: state.now }), d: seal(binding, state) };
  const cursor = toBase64Url(stringifyJson(body));
  if (cursor.length > MAX_CURSOR_LENGTH) {
    throw new ClientError("E_PROTOCOL", "findPage", 0, `the service's stopKey is too large to carry in a cursor of at most ${MAX_CURSOR_LENGTH} characters`);
  }
  return cursor;
}

/**
 * The state a cursor holds, when it is one writeCursor made under this
 * binding, unaltered, for a request the plan has; E_CURSOR otherwise, before
 * anything is sent.
 */
export function readCursor(cursor: unknown, binding: string, requests: number): CursorState {
  const refuse = (why: string): never => {
    throw new ClientError("E_CURSOR", "findPage", 0, `${why}; pass back the cursor of the previous page unchanged, with the same table, filter and keys (or leave it out for the first page)`);
  };
  if (typeof cursor !== "string") return refuse("'cursor' must be a string");
  if (cursor.length > MAX_CURSOR_LENGTH) return refuse(`the cursor is longer than ${MAX_CURSOR_LENGTH} characters, so no page made it`);
  const text = fromBase64Url(cursor);
  let body: unknown;
  try {
    body = text === undefined ? undefined : parseJson(text);
  } catch {
    body = undefined;
  }
  const broken = "the cursor is not one a page made, or it was altered";
  if (!isPlainObject(body) || Object.keys(body).some((name) => !["v", "r", "k", "s", "n", "d"].includes(name))) return refuse(broken);
  const { v, r, k, s, n, d } = body;
  if (n !== undefined && !Number.isSafeInteger(n)) return refuse(broken);
  if (v !== 1 || typeof d !== "string" || !Number.isSafeInteger(r) || !Number.isSafeInteger(s) || (s as number) < 0 || (s as number) > MAX_SKIP) return refuse(broken);
  // No page writes a key nested past what the seal's canonical JSON takes (the key sits one level
  // inside it); a deeper one is forged, and must be the cursor's error, not one blamed on the service.
  if (k !== undefined && (!isPlainObject(k) || nestsDeeperThan(k, MAX_JSON_DEPTH - 1))) return refuse(broken);
  const state: CursorState = { request: r as number, ...(k === undefined ? {} : { startKey: k as PageKey }), skip: s as number, ...(n === undefined ? {} : { now: n as number }) };
  if (seal(binding, state) !== d) return refuse("the cursor was altered, or it belongs to another table, filter or keys");
  // A sealed state names a request of this very plan; checked all the same, since nothing past here may read outside it.
  if (state.request < 0 || state.request >= requests) return refuse(broken);
  return state;
}

/**
 * The `now` a cursor carries, read before the page is planned (the plan's
 * relative dates depend on it), or undefined; not trusted until the cursor is read.
 */
export function cursorNow(cursor: unknown): number | undefined {
  return cursorNowOf(cursor, MAX_CURSOR_LENGTH);
}
