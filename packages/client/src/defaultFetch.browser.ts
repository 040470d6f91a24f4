import type { FetchLike, FetchResponseLike } from "./types.js";

/**
 * The platform's fetch, in a browser (or any runtime without Node's
 * modules): the browser pools connections itself, so there is nothing to
 * close. Looked up at each call, so a fetch installed after the client was
 * made (a test's, say) is the one used, and called on globalThis, since a
 * browser's fetch refuses any other `this`.
 */
export function createDefaultFetch(): { fetch: FetchLike; close(): void } {
  const fetch: FetchLike = (url, init) => {
    if (typeof globalThis.fetch !== "function") return Promise.reject(new TypeError("this runtime has no global fetch; pass one as the fetch option"));
    return globalThis.fetch(url, init) as Promise<unknown> as Promise<FetchResponseLike>;
  };
  return { fetch, close() {} };
}
