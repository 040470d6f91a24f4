import { createHash } from "node:crypto";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { parseJson, stringifyJson, type OrderPoint } from "@itemfilter/core";
import { DynamoRunError } from "./dynamoRunError.js";

/** The longest ordered cursor findPage writes or reads: the last item's point and a start key per merged Query. */
export const MAX_ORDER_CURSOR_LENGTH = 65_536;

type Key = Record<string, AttributeValue>;

/**
 * Where an ordered page starts: the order point of the last item given out
 * (its order value and key values), and per request read in order where
 * its unread part begins: null for its start, an ExclusiveStartKey, or
 * "done". Requests sorted locally are read again for each page.
 */
export interface OrderCursorState {
  point: OrderPoint;
  positions: (Key | null | "done")[];
  /** The `now` (epoch milliseconds) the first page resolved the filter's relative dates with; absent for a filter without one. */
  now?: number;
}

/** stringifyJson with members sorted, so equal states seal alike (numbers keep every digit). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const members = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return stringifyJson(value);
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("base64url");

/** What an ordered cursor is bound to: the table, the filter, the requests (with their order) and the keys. */
export function orderBinding(table: string, filter: string, order: string, requests: readonly unknown[], keys: unknown): string {
  return sha256(canonical({ table, filter, order, requests, keys: keys ?? null }));
}

const seal = (binding: string, state: OrderCursorState): string =>
  sha256(`${binding}\norder\n${canonical(state.now === undefined ? [state.point, state.positions] : [state.point, state.positions, state.now])}`);

export function writeOrderCursor(binding: string, state: OrderCursorState): string {
  const cursor = Buffer.from(stringifyJson({ v: 2, o: state.point, p: state.positions, ...(state.now === undefined ? {} : { n: state.now }), d: seal(binding, state) }), "utf8").toString("base64url");
  if (cursor.length > MAX_ORDER_CURSOR_LENGTH) {
    throw new DynamoRunError("E_CURSOR", `the next page's position (the last item's order value and a start key per Query) is too large for a cursor of at most ${MAX_ORDER_CURSOR_LENGTH} characters`, "order by an attribute with shorter values, or pin fewer partitions");
  }
  return cursor;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The state an ordered cursor holds, when writeOrderCursor made it under this binding, unaltered; E_CURSOR otherwise, before anything is sent. */
export function readOrderCursor(cursor: unknown, binding: string, requests: number): OrderCursorState {
  const refuse = (why: string): never => {
    throw new DynamoRunError("E_CURSOR", why, "pass back the cursor of the previous page unchanged, with the same table, filter, keys and orderBy (or leave it out for the first page)");
  };
  if (typeof cursor !== "string") return refuse("the cursor must be a string");
  if (cursor.length > MAX_ORDER_CURSOR_LENGTH) return refuse(`the cursor is longer than ${MAX_ORDER_CURSOR_LENGTH} characters, so no page made it`);
  const broken = "the cursor is not one a page made, or it was altered";
  let body: unknown;
  try {
    body = /^[A-Za-z0-9_-]*$/.test(cursor) ? parseJson(Buffer.from(cursor, "base64url").toString("utf8")) : undefined;
  } catch {
    body = undefined;
  }
  if (!isObject(body) || Object.keys(body).some((name) => !["v", "o", "p", "n", "d"].includes(name))) return refuse(broken);
  const { v, o, p, n, d } = body;
  if (n !== undefined && !Number.isSafeInteger(n)) return refuse(broken);
  if (v !== 2 || typeof d !== "string" || !Array.isArray(o) || o.length !== 3 || !Array.isArray(p) || p.length !== requests) return refuse(v === 1 ? "the cursor is one of a page without orderBy" : broken);
  if (!p.every((x) => x === null || x === "done" || isObject(x))) return refuse(broken);
  const state: OrderCursorState = { point: o as unknown as OrderPoint, positions: p as OrderCursorState["positions"], ...(n === undefined ? {} : { now: n as number }) };
  if (seal(binding, state) !== d) return refuse("the cursor was altered, or it belongs to another table, filter, keys or orderBy");
  return state;
}

/**
 * The `now` an ordered cursor carries, read before the page is planned (its
 * relative dates depend on it), or undefined. Not trusted yet:
 * readOrderCursor checks the seal over the plan made with it, so an altered
 * `now` is refused.
 */
export function orderCursorNow(cursor: unknown): number | undefined {
  if (typeof cursor !== "string" || cursor.length > MAX_ORDER_CURSOR_LENGTH || !/^[A-Za-z0-9_-]*$/.test(cursor)) return undefined;
  try {
    const body: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const n = isObject(body) ? body.n : undefined;
    return Number.isSafeInteger(n) ? (n as number) : undefined;
  } catch {
    return undefined;
  }
}
