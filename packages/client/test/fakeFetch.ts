import type { FetchInit, FetchLike, FetchResponseLike } from "../src/index.js";

/** What a scripted fetch does on one call: answer, throw, or wait for the abort signal. */
export type Step =
  | { status: number; body: string; headers?: Record<string, string>; redirected?: boolean; url?: string }
  | { status: number; chunks: Iterable<string>; headers?: Record<string, string> }
  | { throws: Error }
  | "hang";

export interface FakeFetch {
  fetch: FetchLike;
  calls: { url: string; init: FetchInit }[];
}

/** A fetch that plays `steps` in order (the last one repeats) and records every call. */
export function fakeFetch(steps: Step[]): FakeFetch {
  const calls: { url: string; init: FetchInit }[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, init });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)]!;
    if (step === "hang") {
      return new Promise((_, reject) => {
        const fail = (): void => reject(Object.assign(new Error("The operation was aborted."), { name: "AbortError" }));
        if (init.signal.aborted) fail();
        else init.signal.addEventListener("abort", fail, { once: true });
      });
    }
    if ("throws" in step) return Promise.reject(step.throws);
    const headers = new Map(Object.entries(step.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const get = (name: string): string | null => headers.get(name.toLowerCase()) ?? null;
    if ("chunks" in step) {
      // A streamed body: the test's iterable counts what the client pulled.
      const chunks = step.chunks;
      const body = (async function* () {
        for (const chunk of chunks) yield new TextEncoder().encode(chunk);
      })();
      return Promise.resolve({ status: step.status, headers: { get }, text: async () => [...chunks].join(""), body });
    }
    const response: FetchResponseLike = { status: step.status, headers: { get }, text: async () => step.body };
    if (step.redirected !== undefined) response.redirected = step.redirected;
    if (step.url !== undefined) response.url = step.url;
    return Promise.resolve(response);
  };
  return { fetch, calls };
}

export const ok = (items: unknown[], stopKey?: unknown): Step => ({ status: 200, body: JSON.stringify({ data: stopKey === undefined ? { items } : { items, stopKey } }) });
