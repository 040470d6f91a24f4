import type { FetchLike, FetchResponseLike } from "./types.js";

/**
 * The platform's fetch, in a browser (or any runtime without Node's
 * modules): the browser pools connections itself, so there is nothing to
 * close. Looked up at each call, so a fetch installed after the client was
 * made (a test's, say) is the one used, and called on globalThis, since a
 * browser's fetch refuses any other `this`.
 */
export function createDefaultFetch(): { fetch: FetchLike; close(): void } {
  const fetch: FetchLike = async (url, init) => {
    if (typeof globalThis.fetch !== "function") throw new TypeError("this runtime has no global fetch; pass one as the fetch option");
    try {
      return (await globalThis.fetch(url, init)) as unknown as FetchResponseLike;
    } catch (error) {
      // A browser says only "Failed to fetch" (or "NetworkError when attempting to fetch resource"), whatever the reason; its console says which.
      if (error instanceof TypeError && !init.signal.aborted) {
        throw new TypeError(`${error.message}: the service did not answer, or it does not allow this page's origin (CORS); the browser's console says which`, { cause: error });
      }
      throw error;
    }
  };
  return { fetch, close() {} };
}
