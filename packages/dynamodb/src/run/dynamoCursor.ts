import { createHash } from "node:crypto";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { DynamoRunError } from "./dynamoRunError.js";

/** The longest cursor findPage writes or reads, in characters: room for the largest keys of a table and an index (3 KB each). */
export const MAX_CURSOR_LENGTH = 12_288;

/**
 * Where the next page starts: the plan's request and, when a page handed out
 * items of it, the key of the last of them (the ExclusiveStartKey to go on
 * from). Only keys of items the filter selects are ever in a cursor.
 */
export interface CursorState {
  request: number;
  startKey?: Record<string, AttributeValue>;
}

/** JSON with object members in one order, so equal values write equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const members = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("base64url");

/** What a cursor is bound to: the table, the filter, the requests planned (the index each reads) and the keys. */
export function cursorBinding(table: string, filter: string, requests: readonly unknown[], keys: unknown): string {
  return sha256(canonical({ table, filter, requests, keys: keys ?? null }));
}

const seal = (binding: string, state: CursorState): string => sha256(`${binding}\n${canonical([2, state.request, state.startKey ?? null])}`);

/** base64url of the whole state and its seal: nothing is kept in the process. */
export function writeCursor(binding: string, state: CursorState): string {
  const body = { v: 2, r: state.request, ...(state.startKey === undefined ? {} : { k: state.startKey }), d: seal(binding, state) };
  const cursor = Buffer.from(JSON.stringify(body), "utf8").toString("base64url");
  if (cursor.length > MAX_CURSOR_LENGTH) throw new DynamoRunError("E_CURSOR", `the next page's start key is too large for a cursor of at most ${MAX_CURSOR_LENGTH} characters`, "DynamoDB keys are at most 3 KB; this is not expected");
  return cursor;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The state a cursor holds, when writeCursor made it under this binding, unaltered; E_CURSOR otherwise, before anything is sent. */
export function readCursor(cursor: unknown, binding: string, requests: number): CursorState {
  const refuse = (why: string): never => {
    throw new DynamoRunError("E_CURSOR", why, "pass back the cursor of the previous page unchanged, with the same table, filter and keys (or leave it out for the first page)");
  };
  if (typeof cursor !== "string") return refuse("the cursor must be a string");
  if (cursor.length > MAX_CURSOR_LENGTH) return refuse(`the cursor is longer than ${MAX_CURSOR_LENGTH} characters, so no page made it`);
  const broken = "the cursor is not one a page made, or it was altered";
  let body: unknown;
  try {
    body = /^[A-Za-z0-9_-]*$/.test(cursor) ? JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) : undefined;
  } catch {
    body = undefined;
  }
  if (!isObject(body) || Object.keys(body).some((name) => !["v", "r", "k", "d"].includes(name))) return refuse(broken);
  const { v, r, k, d } = body;
  if (v !== 2 || typeof d !== "string" || !Number.isSafeInteger(r) || (k !== undefined && !isObject(k))) return refuse(broken);
  const state: CursorState = { request: r as number, ...(k === undefined ? {} : { startKey: k as Record<string, AttributeValue> }) };
  if (seal(binding, state) !== d) return refuse("the cursor was altered, or it belongs to another table, filter or keys");
  if (state.request < 0 || state.request >= requests) return refuse(broken);
  return state;
}
