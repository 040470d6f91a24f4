import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient, NetworkError, type RequestEvent } from "../src/index.js";

// The client as a browser bundle has it: #defaultFetch is the browser module (the "browser" condition), in
// createClient too, so its reading of a failed fetch is the one under test, with a page's location and fetch.
vi.mock("#defaultFetch", () => import("../src/defaultFetch.browser.js"));

const SERVICE = "http://127.0.0.1:8787";
const options = { baseUrl: SERVICE, applicationKey: "app-key-1", authenticationToken: "token-1", sleep: async () => {}, random: () => 0.5 };
const original = { fetch: globalThis.fetch, location: Object.getOwnPropertyDescriptor(globalThis, "location") };

/** A page on `origin` whose fetch fails with `error` every time; counts the calls. */
function page(origin: string | undefined, error: unknown): { calls: () => number } {
  let calls = 0;
  globalThis.fetch = (() => {
    calls++;
    return Promise.reject(error);
  }) as typeof fetch;
  if (origin !== undefined) Object.defineProperty(globalThis, "location", { value: { origin }, configurable: true });
  return { calls: () => calls };
}

afterEach(() => {
  globalThis.fetch = original.fetch;
  if (original.location === undefined) delete (globalThis as { location?: unknown }).location;
  else Object.defineProperty(globalThis, "location", original.location);
});

const crossOrigin = (message: string, pageText: string, flag: string): string =>
  `listItems: network error: ${message}: the browser refused the answer of ${SERVICE} because that service does not allow ${pageText} (CORS: start itemfilter serve with --allow-origin ${flag}, or have the service allow it), or could not reach it; not retried, since a page cannot tell which (the browser's console says)`;

describe("a fetch the browser failed (a bare TypeError)", () => {
  it.each<[string, string | undefined, string, { attempts: number; refusedByBrowser: boolean; message: string }]>([
    ["Chromium, to another origin", "http://localhost:5173", "Failed to fetch", { attempts: 1, refusedByBrowser: true, message: crossOrigin("Failed to fetch", "http://localhost:5173", "http://localhost:5173") }],
    [
      "Firefox, to another port",
      "http://127.0.0.1:5173",
      "NetworkError when attempting to fetch resource.",
      { attempts: 1, refusedByBrowser: true, message: crossOrigin("NetworkError when attempting to fetch resource.", "http://127.0.0.1:5173", "http://127.0.0.1:5173") },
    ],
    ["no page to name (a worker without location)", undefined, "Load failed", { attempts: 1, refusedByBrowser: true, message: crossOrigin("Load failed", "this page's origin", "ORIGIN") }],
    [
      "to the page's own origin: no CORS, so a network failure, retried",
      SERVICE,
      "Failed to fetch",
      { attempts: 3, refusedByBrowser: false, message: "listItems: network error: Failed to fetch: the browser could not reach the service (on this page's own origin, so not CORS); the browser's console says why (after 3 attempts)" },
    ],
  ])("%s", async (_, origin, text, expected) => {
    const events: RequestEvent["outcome"][] = [];
    const fetched = page(origin, new TypeError(text));
    const error = await createClient({ ...options, onEvent: (e) => void events.push(e.outcome) })
      .listItems({ table: "t" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: "NetworkError", code: "E_NETWORK", operation: "listItems", ...expected });
    expect(fetched.calls()).toBe(expected.attempts);
    expect(events).toEqual([...Array<string>(expected.attempts - 1).fill("retry"), "error"]);
  });

  it("is retried as in Node when it is not a TypeError (an injected fetch's own error)", async () => {
    const fetched = page("http://localhost:5173", Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }));
    const error = await createClient(options).listItems({ table: "t" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_NETWORK", attempts: 3, refusedByBrowser: false, message: "listItems: network error: socket hang up (ECONNRESET) (after 3 attempts)" });
    expect(fetched.calls()).toBe(3);
  });

  it("never shows the credentials, whatever the browser's message holds", async () => {
    page("http://localhost:5173", new TypeError("Failed to fetch token-1 app-key-1"));
    const error = (await createClient(options).listItems({ table: "t" }).catch((e: unknown) => e)) as Error;
    expect(`${error.message}${error.stack}${String((error.cause as Error).message)}`).not.toMatch(/token-1|app-key-1/);
  });
});
