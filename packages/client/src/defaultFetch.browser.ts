import type { FetchFailure, FetchLike, FetchResponseLike } from "./types.js";

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
    return (await globalThis.fetch(url, init)) as unknown as FetchResponseLike;
  };
  return { fetch, close() {} };
}

/** The page's origin; undefined where there is no page (or it has an opaque origin). */
function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === "string" && origin !== "null" ? origin : undefined;
}

/**
 * What a failed fetch means in a browser. Its fetch rejects with a bare
 * TypeError ("Failed to fetch", "NetworkError when attempting to fetch
 * resource", "Load failed"), whatever the reason, and only its console says
 * which. To another origin, that is a CORS refusal as often as a service that
 * did not answer, and retrying a refusal only repeats it, so it is not
 * retried; to the page's own origin CORS plays no part, so it is a network
 * failure, retried as in Node. Any other error is left to the usual path.
 */
export function fetchFailure(error: unknown, url: string): FetchFailure | undefined {
  if (!(error instanceof TypeError)) return undefined;
  let service: string;
  try {
    service = new URL(url).origin;
  } catch {
    return undefined;
  }
  const page = pageOrigin();
  if (page === service) return { detail: `${error.message}: the browser could not reach the service (on this page's own origin, so not CORS); the browser's console says why`, refused: false };
  const allow = page === undefined ? "this page's origin" : page;
  return {
    detail: `${error.message}: the browser refused the answer of ${service} because that service does not allow ${allow} (CORS: start itemfilter serve with --allow-origin ${page ?? "ORIGIN"}, or have the service allow it), or could not reach it; not retried, since a page cannot tell which (the browser's console says)`,
    refused: true,
  };
}
