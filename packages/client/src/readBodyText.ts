import type { FetchResponseLike } from "./types.js";

/** The default maxResponseBytes: 32 MiB, far above a page of ordinary items, far below what exhausts a process. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

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
  const body = response.body;
  if (body === undefined || body === null || typeof (body as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] !== "function") {
    const text = await response.text();
    // Each UTF-16 code unit is at least one byte, so only a long text needs counting.
    return text.length > maxBytes / 3 && Buffer.byteLength(text, "utf8") > maxBytes ? { tooLarge: true } : { text };
  }
  const decoder = new TextDecoder("utf-8");
  const parts: string[] = [];
  let total = 0;
  // Leaving the loop early cancels the stream (a web stream) or destroys it (a Node Readable).
  for await (const chunk of body) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
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
