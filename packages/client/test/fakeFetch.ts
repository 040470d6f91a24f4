import type { FetchInit, FetchLike, FetchResponseLike } from "../src/index.js";

/** What a scripted fetch does on one call: answer, throw, or wait for the abort signal. */
export type Step = { status: number; body: string; headers?: Record<string, string> } | { throws: Error } | "hang";

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
    const response: FetchResponseLike = { status: step.status, headers: { get: (name) => headers.get(name.toLowerCase()) ?? null }, text: async () => step.body };
    return Promise.resolve(response);
  };
  return { fetch, calls };
}

export const ok = (items: unknown[], stopKey?: unknown): Step => ({ status: 200, body: JSON.stringify({ data: stopKey === undefined ? { items } : { items, stopKey } }) });
