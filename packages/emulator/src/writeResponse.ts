import { stringifyJson } from "@itemfilter/core";
import type { IncomingMessage, ServerResponse } from "node:http";
import { untilEventOrClose, waitForTurn } from "./pipelining.js";

/** Most characters (about as many bytes) serialized ahead of the socket for one response: what one connection holds beyond the socket's own buffer. */
export const CHUNK_CHARS = 64 * 1024;

/** Whether the answer can still be written. */
function writable(res: ServerResponse): boolean {
  return !res.destroyed && !res.writableEnded && res.socket?.destroyed !== true;
}

/** Waits for the response to drain, or for its connection to close (a client that stopped reading is cut off by the idle timeout). */
function drained(res: ServerResponse): Promise<void> {
  return untilEventOrClose(res, "drain", res.socket);
}

/**
 * Writes a JSON answer made of `parts` (strings, in order), a chunk at a
 * time: it stops producing whenever `write` returns false and goes on after
 * 'drain', so a client that does not read holds at most about CHUNK_CHARS bytes plus the
 * socket's buffer, never the whole answer. A short answer goes out in one
 * piece with a Content-Length; a longer one is chunked.
 */
export async function writeParts(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, parts: Iterable<string>): Promise<void> {
  await waitForTurn(req, res);
  if (!writable(res)) return;
  let pending = "";
  let started = false;
  for (const part of parts) {
    pending += part;
    if (pending.length < CHUNK_CHARS) continue;
    if (!started) {
      res.writeHead(status, headers);
      started = true;
    }
    const ok = res.write(pending);
    pending = "";
    if (!ok) await drained(res);
    if (!writable(res)) return;
  }
  // A 204 (a preflight's answer) has no body, and so no Content-Length (RFC 9110, 8.6).
  if (!started) res.writeHead(status, status === 204 ? headers : { ...headers, "Content-Length": String(Buffer.byteLength(pending)) });
  res.end(pending);
}

/**
 * A page answer `{"data": {"items": [...], "stopKey"?: {...}}}` as parts, one item at a time, so it is never built whole.
 * stringifyJson writes an ExactNumber (a 19-digit id) as a JSON number with every digit; an item without one is JSON.stringify's work.
 */
export function* pageParts(page: { items: readonly unknown[]; stopKey?: unknown }): Generator<string> {
  yield '{"data":{"items":[';
  for (let i = 0; i < page.items.length; i++) yield i === 0 ? stringifyJson(page.items[i]) : `,${stringifyJson(page.items[i])}`;
  yield page.stopKey === undefined ? "]}}" : `],"stopKey":${stringifyJson(page.stopKey)}}}`;
}
