import type { ByteStreamLike, FetchResponseLike } from "./types.js";

/** The default maxResponseBytes: 32 MiB, far above a page of ordinary items, far below what exhausts a process. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

const encoder = new TextEncoder();

/** The UTF-8 length of a text, counted without encoding it (a lone surrogate counts 3, as U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: 4 bytes for 2 units.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

type Chunks = AsyncIterable<Uint8Array | string>;

/**
 * The body's chunks: the stream itself when it is async-iterable (a Node
 * Readable, a web stream in Node and most browsers), its reader when it is a
 * web stream that is not (Safari's), none when there is no stream.
 */
function chunksOf(body: unknown): Chunks | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  if (typeof (body as Partial<Chunks>)[Symbol.asyncIterator] === "function") return body as Chunks;
  const stream = body as Partial<ByteStreamLike>;
  if (typeof stream.getReader !== "function") return undefined;
  return (async function* () {
    const reader = stream.getReader!();
    let done = false;
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        if (next.value !== undefined) yield next.value;
      }
      done = true;
    } finally {
      // Left early (past the limit): cancel, so the rest is not downloaded.
      if (!done) await reader.cancel().catch(() => {});
      reader.releaseLock();
    }
  })();
}

/** A body read in full, or the news that it passed the limit (reading stopped there). */
export type BodyText = { text: string } | { tooLarge: true };

/**
 * Reads a response body as UTF-8 text, keeping at most maxBytes. A declared
 * Content-Length over the limit fails before reading; a streamed body is
 * counted chunk by chunk and abandoned once past it, so a huge answer costs
 * at most maxBytes of memory. A response without a stream (a test double)
 * is read with text() and measured after.
 */
export async function readBodyText(response: FetchResponseLike, maxBytes: number): Promise<BodyText> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discardBody(response);
    return { tooLarge: true };
  }
  const body = chunksOf(response.body);
  if (body === undefined) {
    const text = await response.text();
    // Each UTF-16 code unit is at least one byte, so only a long text needs counting.
    return text.length > maxBytes / 3 && utf8Length(text) > maxBytes ? { tooLarge: true } : { text };
  }
  const decoder = new TextDecoder("utf-8");
  const parts: string[] = [];
  let total = 0;
  // Leaving the loop early cancels the stream (a web stream) or destroys it (a Node Readable).
  for await (const chunk of body) {
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    total += bytes.byteLength;
    if (total > maxBytes) return { tooLarge: true };
    parts.push(decoder.decode(bytes, { stream: true }));
  }
  parts.push(decoder.decode());
  return { text: parts.join("") };
}

/** Drops a body the client will not read, so the connection is not left holding it. */
export async function discardBody(response: FetchResponseLike): Promise<void> {
  const body = response.body as { cancel?: () => Promise<void>; destroy?: () => void } | null | undefined;
  try {
    if (typeof body?.cancel === "function") await body.cancel();
    else if (typeof body?.destroy === "function") body.destroy();
  } catch {
    // Nothing more to do: the attempt's abort closes the connection anyway.
  }
}
