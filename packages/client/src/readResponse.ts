import { HttpError, ProtocolError, ServiceError, type ClientError } from "./errors.js";
import { JsonNumberError, jsonTextDepth, parseJson, pathText } from "@itemfilter/core";
import { MAX_JSON_DEPTH, mayNestDeeperThan } from "./jsonDepth.js";
import { excerpt } from "./redact.js";
import type { Item, Operation, Page, PageKey } from "./types.js";

/** An answer read off the wire. */
export interface Answer {
  status: number;
  retryAfter: string | null;
  text: string;
}

export interface ReadContext {
  operation: Operation;
  attempts: number;
  redact: (text: string) => string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A body read, or not JSON; `unheld` when it is JSON with a number no store holds. */
type Parsed = { ok: true; value: unknown } | { ok: false; unheld?: JsonNumberError };

/**
 * The body with every number exact (core's parseJson: a number a double holds
 * stays a plain number, any other is an ExactNumber), or why it cannot be read.
 */
function parse(text: string): Parsed {
  try {
    return { ok: true, value: parseJson(text) };
  } catch (error) {
    return error instanceof JsonNumberError ? { ok: false, unheld: error } : { ok: false };
  }
}

/** JSON.parse's reading, for an error body, whose code and message are all the client takes from it. */
function parseLoosely(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Where a number sits, named as the page reads: `items[0].big` whichever
 * shape the body has (`{"data": {"items"}}`, `{"items"}` or a bare array).
 */
function pagePath(path: readonly (string | number)[]): string {
  const inPage = path[0] === "data" && (path[1] === "items" || path[1] === "stopKey") ? path.slice(1) : typeof path[0] === "number" ? ["items", ...path] : path;
  return pathText(inPage);
}

/** A number no store holds (1e400, 39 digits) in a page: named with where it is, never read as null or rounded. */
function unheldProblem(status: number, error: JsonNumberError): string {
  const number = error.number.length > 60 ? `${error.number.slice(0, 57)}...` : error.number;
  const why = error.problem === "digits" ? "it has more than 38 significant digits" : "it is beyond 1e-130 to below 1e126";
  return `HTTP ${status} with the number ${number} at ${pagePath(error.path)}, which no store holds (${why}), so the page cannot be read without changing it`;
}

const SHAPES = '{"data": {"items": [...], "stopKey"?: {...}}}, {"items": [...]} or a bare array of items';

/** The service's error shape `{"error": {"code"?: number, "message": string}}`, or undefined when the body is not it. */
function serviceError(value: unknown, status: number, context: ReadContext): ServiceError | undefined {
  if (!isObject(value) || !isObject(value.error)) return undefined;
  const { code, message } = value.error;
  if (typeof message !== "string" && typeof code !== "number") return undefined;
  const text = typeof message === "string" ? excerpt(message, context.redact, 500) : "(no message)";
  return new ServiceError(context.operation, context.attempts, status, typeof code === "number" ? code : undefined, text);
}

/** Items and stopKey of a body in one of the accepted shapes, or the reason it is none of them. */
function pageOf(value: unknown): Page | string {
  let items: unknown;
  let stopKey: unknown;
  if (Array.isArray(value)) items = value;
  else if (isObject(value) && isObject(value.data)) ({ items, stopKey } = value.data);
  else if (isObject(value) && Object.hasOwn(value, "items")) ({ items, stopKey } = value);
  else return `the body is JSON but none of the shapes the client reads (${SHAPES})`;
  if (!Array.isArray(items)) return `"items" is not an array (the client reads ${SHAPES})`;
  const bad = items.findIndex((item) => !isObject(item));
  if (bad !== -1) return `items[${bad}] is not an object`;
  if (stopKey === undefined || stopKey === null) return { items: items as Item[] };
  if (!isObject(stopKey)) return `"stopKey" is not an object`;
  return { items: items as Item[], stopKey: stopKey as PageKey };
}

/** Whether an answer with this status is worth another attempt: rate limiting and server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * Reads an answer: a page for 2xx with a known shape; otherwise the
 * ClientError that says what came back. Every piece of the body that goes
 * into an error is redacted and cut short first.
 */
export function readResponse(answer: Answer, context: ReadContext): Page | ClientError {
  const { status, text } = answer;
  // A page nested deeper than anything the client walks safely is refused before it is parsed.
  if (status >= 200 && status <= 299 && mayNestDeeperThan(text, MAX_JSON_DEPTH) && jsonTextDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    return new ProtocolError(context.operation, context.attempts, status, `HTTP ${status} with a body that nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`, "");
  }
  let parsed: Parsed = parse(text);
  const short = (): string => excerpt(text, context.redact);
  if (status < 200 || status > 299) {
    // An error body is read for its code and message only; a number there that no store holds does not hide them.
    if (!parsed.ok && parsed.unheld !== undefined) parsed = parseLoosely(text);
    const error = parsed.ok ? serviceError(parsed.value, status, context) : undefined;
    return error ?? new HttpError(context.operation, context.attempts, status, short());
  }
  if (!parsed.ok) {
    if (parsed.unheld !== undefined) return new ProtocolError(context.operation, context.attempts, status, context.redact(unheldProblem(status, parsed.unheld)), short());
    const problem = text.trim() === "" ? `HTTP ${status} with an empty body, not JSON` : `HTTP ${status} with a body that is not JSON`;
    return new ProtocolError(context.operation, context.attempts, status, problem, short());
  }
  const error = serviceError(parsed.value, status, context);
  if (error !== undefined) return error;
  const page = pageOf(parsed.value);
  return typeof page === "string" ? new ProtocolError(context.operation, context.attempts, status, page, short()) : page;
}
