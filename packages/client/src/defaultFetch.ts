import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import nodeFetch from "node-fetch";
import type { FetchFailure, FetchLike } from "./types.js";

/** node-fetch with keep-alive agents of its own, so pages and retries reuse connections. `close` frees the sockets. */
export function createDefaultFetch(): { fetch: FetchLike; close(): void } {
  const http = new HttpAgent({ keepAlive: true });
  const https = new HttpsAgent({ keepAlive: true });
  const fetch: FetchLike = (url, init) =>
    nodeFetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: init.signal,
      redirect: init.redirect,
      agent: (parsed: URL) => (parsed.protocol === "https:" ? https : http),
    });
  return {
    fetch,
    close() {
      http.destroy();
      https.destroy();
    },
  };
}

/** In Node, a failed fetch says why itself (ECONNREFUSED, a TLS error...) and is retried as any network error: nothing to add. */
export function fetchFailure(_error: unknown, _url: string): FetchFailure | undefined {
  return undefined;
}
