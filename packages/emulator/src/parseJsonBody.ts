import { JsonNumberError, jsonTextDepth, parseJson } from "@itemfilter/core";
import { jsonErrorPosition } from "./jsonErrorPosition.js";
import { RequestError } from "./RequestError.js";

/** Deepest nesting of arrays and objects a body may have. Filters need 4; this leaves room without risking deep recursion later. */
export const MAX_JSON_DEPTH = 64;

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Bytes to a JSON object: strict UTF-8 (no replacement characters), a bounded
 * nesting depth checked before parsing, and an object at the top. Numbers
 * are exact (core's parseJson: a 19-digit key is an ExactNumber, never
 * rounded); one no store holds (1e400) is a 400 naming where it is.
 */
export function parseJsonBody(bytes: Buffer): Record<string, unknown> {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new RequestError(400, "the request body is not valid UTF-8");
  }
  if (text.charCodeAt(0) === 0xfeff) throw new RequestError(400, "the request body starts with a byte order mark; send plain UTF-8 JSON");
  if (jsonTextDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new RequestError(400, `the request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    if (error instanceof JsonNumberError) throw new RequestError(400, `the request body holds ${error.message.replace(/^the /, "a ")}`);
    throw new RequestError(400, `the request body is not valid JSON${where(text, error)}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RequestError(400, `the request body must be a JSON object, not ${value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`}`);
  }
  return value as Record<string, unknown>;
}

/** Where JSON.parse stopped. V8's own message quotes the body, which may hold credentials, so only the position is taken from it. */
function where(text: string, error: unknown): string {
  if (text.trim() === "") return " (the body is empty)";
  const at = jsonErrorPosition(text, error);
  if (at !== undefined) return ` at line ${at.line} column ${at.column}`;
  // Some V8 messages give no position, only the token (and a quote of the body, which is left out).
  const token = error instanceof SyntaxError ? /^Unexpected token '(.{1,2})'/u.exec(error.message) : null;
  return token === null ? "" : `: unexpected ${JSON.stringify(token[1])}`;
}
