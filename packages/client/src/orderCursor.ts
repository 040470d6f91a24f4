import { parseJson, stringifyJson, type OrderPoint } from "@itemfilter/core";
import { digest } from "#digest";
import { canonicalJson } from "./canonicalJson.js";
import { ClientError } from "./errors.js";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./jsonDepth.js";
import type { PageKey } from "./types.js";
import { cursorNowOf, fromBase64Url, toBase64Url } from "./cursorText.js";

/** The longest cursor an ordered findPage writes or reads: a position per merged stream. */
export const MAX_ORDER_CURSOR_LENGTH = 16_384;

/**
 * Where an ordered page starts: the order point of the last item handed out
 * (every item after it in the order comes next), and per request read in
 * order where its unread part begins: null for its start, a page key, or
 * "done". Sorted requests are read again (only items after the point count).
 */
export interface OrderCursorState {
  point: OrderPoint;
  positions: (PageKey | null | "done")[];
  /**
   * The `now` (epoch milliseconds) the first page resolved the filter's
   * relative dates with: every later page resolves them alike. Absent for a
   * filter without one, whose cursors are as before.
   */
  now?: number;
}

function seal(binding: string, state: OrderCursorState): string {
  const parts: unknown[] = [state.point, state.positions];
  if (state.now !== undefined) parts.push(state.now);
  return digest(`${binding}\norder\n${canonicalJson(parts)}`);
}

/** What an ordered cursor is bound to: the table, the plan (its filter, requests and order) and the keys. */
export function orderBinding(table: string, plan: { filter: string; requests: readonly unknown[]; order?: unknown }, keys: unknown): string {
  return digest(canonicalJson({ table, filter: plan.filter, requests: plan.requests, order: plan.order ?? null, keys: keys ?? null }));
}

export function writeOrderCursor(binding: string, state: OrderCursorState): string {
  const cursor = toBase64Url(stringifyJson({ v: 2, o: state.point, p: state.positions, ...(state.now === undefined ? {} : { n: state.now }), d: seal(binding, state) }));
  if (cursor.length > MAX_ORDER_CURSOR_LENGTH) {
    throw new ClientError("E_PROTOCOL", "findPage", 0, `the page's position (the last item's order value and keys, and the service's page keys) is too large to carry in a cursor of at most ${MAX_ORDER_CURSOR_LENGTH} characters`);
  }
  return cursor;
}

/** The state an ordered cursor holds, when writeOrderCursor made it under this binding for this many requests; E_CURSOR otherwise. */
export function readOrderCursor(cursor: unknown, binding: string, requests: number): OrderCursorState {
  const refuse = (why: string): never => {
    throw new ClientError("E_CURSOR", "findPage", 0, `${why}; pass back the cursor of the previous page unchanged, with the same table, filter, keys and orderBy (or leave it out for the first page)`);
  };
  if (typeof cursor !== "string") return refuse("'cursor' must be a string");
  if (cursor.length > MAX_ORDER_CURSOR_LENGTH) return refuse(`the cursor is longer than ${MAX_ORDER_CURSOR_LENGTH} characters, so no page made it`);
  const text = fromBase64Url(cursor);
  let body: unknown;
  try {
    body = text === undefined ? undefined : parseJson(text);
  } catch {
    body = undefined;
  }
  const broken = "the cursor is not one a page made, or it was altered";
  if (typeof body !== "object" || body === null || Array.isArray(body) || nestsDeeperThan(body, MAX_JSON_DEPTH - 2)) return refuse(broken);
  const { v, o, p, n, d } = body as Record<string, unknown>;
  if (Object.keys(body).some((name) => !["v", "o", "p", "n", "d"].includes(name))) return refuse(broken);
  if (n !== undefined && !Number.isSafeInteger(n)) return refuse(broken);
  if (v !== 2 || typeof d !== "string" || !Array.isArray(o) || o.length !== 3 || !Array.isArray(p) || p.length !== requests) return refuse(v === 1 ? "the cursor is one of a page without orderBy" : broken);
  const positions = p as unknown[];
  if (!positions.every((x) => x === null || x === "done" || (typeof x === "object" && !Array.isArray(x)))) return refuse(broken);
  const state: OrderCursorState = { point: o as unknown as OrderPoint, positions: positions as OrderCursorState["positions"], ...(n === undefined ? {} : { now: n as number }) };
  if (seal(binding, state) !== d) return refuse("the cursor was altered, or it belongs to another table, filter, keys or orderBy");
  return state;
}

/**
 * The `now` a cursor carries, read before the page is planned (the plan's
 * relative dates depend on it), or undefined; not trusted until the cursor is read.
 */
export function orderCursorNow(cursor: unknown): number | undefined {
  return cursorNowOf(cursor, MAX_ORDER_CURSOR_LENGTH);
}
