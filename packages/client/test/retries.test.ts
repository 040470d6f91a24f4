import { describe, expect, it } from "vitest";
import { AbortError, createClient, HttpError, NetworkError, ProtocolError, ServiceError, TimeoutError, type ClientOptions } from "../src/index.js";
import { fakeFetch, ok, type Step } from "./fakeFetch.js";

function setup(steps: Step[], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(steps);
  const sleeps: number[] = [];
  const client = createClient({
    baseUrl: "http://127.0.0.1:9",
    applicationKey: "app-key-123",
    authenticationToken: "token-456",
    fetch: fake.fetch,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
    now: () => Date.parse("2024-05-01T12:00:00Z"),
    ...options,
  });
  return { client, calls: fake.calls, sleeps };
}

const unavailable: Step = { status: 503, body: '{"error":{"code":503,"message":"try later"}}' };
const refused = (): Step => ({ throws: Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }) }) });

async function outcome(promise: Promise<unknown>) {
  try {
    return { value: await promise };
  } catch (error) {
    const e = error as Error & { attempts?: number; code?: string; status?: number };
    return { error: e.constructor.name, code: e.code, attempts: e.attempts, status: e.status, message: e.message };
  }
}

describe("retries", () => {
  it.each<[string, Step[], Partial<ClientOptions>, unknown, number[]]>([
    ["a success at once", [ok([{ a: 1 }])], {}, { value: { items: [{ a: 1 }] } }, []],
    ["two 503s, then a page", [unavailable, unavailable, ok([])], {}, { value: { items: [] } }, [50, 100]],
    [
      "503s until maxAttempts",
      [unavailable],
      {},
      { error: "ServiceError", code: "E_SERVICE", attempts: 3, status: 503, message: "listItems: the service refused the request (HTTP 503): try later (after 3 attempts)" },
      [50, 100],
    ],
    ["a 503 with maxAttempts 1", [unavailable], { maxAttempts: 1 }, { error: "ServiceError", code: "E_SERVICE", attempts: 1, status: 503, message: "listItems: the service refused the request (HTTP 503): try later" }, []],
    ["429 with Retry-After seconds", [{ status: 429, body: "", headers: { "Retry-After": "2" } }, ok([])], {}, { value: { items: [] } }, [2000]],
    ["429 with a Retry-After date", [{ status: 429, body: "", headers: { "Retry-After": "Wed, 01 May 2024 12:00:03 GMT" } }, ok([])], {}, { value: { items: [] } }, [3000]],
    ["429 with a Retry-After past the cap", [{ status: 429, body: "", headers: { "Retry-After": "3600" } }, ok([])], {}, { value: { items: [] } }, [20_000]],
    ["429 with a lower cap", [{ status: 429, body: "", headers: { "Retry-After": "5" } }, ok([])], { retryAfterCapMs: 1000 }, { value: { items: [] } }, [1000]],
    ["a 502 HTML page, then a page", [{ status: 502, body: "<h1>bad gateway</h1>" }, ok([])], {}, { value: { items: [] } }, [50]],
    ["network errors, then a page", [refused(), refused(), ok([])], {}, { value: { items: [] } }, [50, 100]],
    [
      "network errors until maxAttempts",
      [refused()],
      {},
      { error: "NetworkError", code: "E_NETWORK", attempts: 3, status: undefined, message: "listItems: network error: fetch failed (ECONNREFUSED) (after 3 attempts)" },
      [50, 100],
    ],
    ["no retry for 400", [{ status: 400, body: '{"error":{"code":400,"message":"bad"}}' }, ok([])], {}, { error: "ServiceError", code: "E_SERVICE", attempts: 1, status: 400, message: "listItems: the service refused the request (HTTP 400): bad" }, []],
    ["no retry for 401", [{ status: 401, body: '{"error":{"code":401,"message":"who"}}' }], {}, { error: "ServiceError", code: "E_SERVICE", attempts: 1, status: 401, message: "listItems: the service refused the request (HTTP 401): who" }, []],
    ["no retry for a 404 page", [{ status: 404, body: "Not Found" }], {}, { error: "HttpError", code: "E_HTTP", attempts: 1, status: 404, message: 'listItems: HTTP 404 with a body that is not the service\'s error shape: "Not Found"' }, []],
    ["no retry for a body that is not JSON", [{ status: 200, body: "<html>" }, ok([])], {}, { error: "ProtocolError", code: "E_PROTOCOL", attempts: 1, status: 200, message: 'listItems: HTTP 200 with a body that is not JSON; the body starts "<html>"' }, []],
    ["timeouts until maxAttempts", ["hang"], { timeoutMs: 5, maxAttempts: 2 }, { error: "TimeoutError", code: "E_TIMEOUT", attempts: 2, status: undefined, message: "listItems: no complete response within 5 ms (timeoutMs) (after 2 attempts)" }, [50]],
    ["a timeout, then a page", ["hang", ok([{ b: 2 }])], { timeoutMs: 5 }, { value: { items: [{ b: 2 }] } }, [50]],
  ])("%s", async (_, steps, options, expected, sleeps) => {
    const s = setup(steps, options);
    expect(await outcome(s.client.listItems({ table: "t" }))).toEqual(expected);
    expect(s.sleeps).toEqual(sleeps);
    expect(s.calls.length).toBe(sleeps.length + 1);
  });

  it("sends every attempt the same request, each with its own signal", async () => {
    const s = setup([unavailable, ok([])]);
    await s.client.queryItems({ table: "t", key: { primary: 1 } });
    expect(s.calls.map((c) => [c.url, c.init.method, c.init.headers["Content-Type"], c.init.body])).toEqual([
      ["http://127.0.0.1:9/queryItems", "POST", "application/json; charset=UTF-8", '{"applicationKey":"app-key-123","authenticationToken":"token-456","table":"t","key":{"primary":1}}'],
      ["http://127.0.0.1:9/queryItems", "POST", "application/json; charset=UTF-8", '{"applicationKey":"app-key-123","authenticationToken":"token-456","table":"t","key":{"primary":1}}'],
    ]);
    expect(s.calls[0]!.init.signal).not.toBe(s.calls[1]!.init.signal);
  });

  it("the error classes are what the names say", async () => {
    const cases: [Step[], Partial<ClientOptions>, abstract new (...args: never[]) => Error][] = [
      [[unavailable], { maxAttempts: 1 }, ServiceError],
      [[{ status: 500, body: "x" }], { maxAttempts: 1 }, HttpError],
      [[{ status: 200, body: "x" }], {}, ProtocolError],
      [["hang"], { maxAttempts: 1, timeoutMs: 1 }, TimeoutError],
      [[refused()], { maxAttempts: 1 }, NetworkError],
    ];
    for (const [steps, options, type] of cases) await expect(setup(steps, options).client.listItems({ table: "t" })).rejects.toBeInstanceOf(type);
  });
});

describe("abort", () => {
  it("before the call: AbortError, nothing sent", async () => {
    const s = setup([ok([])]);
    const result = await outcome(s.client.listItems({ table: "t", signal: AbortSignal.abort() }));
    expect(result).toEqual({ error: "AbortError", code: "E_ABORTED", attempts: 0, status: undefined, message: "listItems: aborted by the caller's signal" });
    expect(s.calls).toEqual([]);
  });

  it("while waiting for an answer: AbortError, not retried", async () => {
    const s = setup(["hang"]);
    const controller = new AbortController();
    const call = s.client.listItems({ table: "t", signal: controller.signal });
    setTimeout(() => controller.abort(), 1);
    expect(await outcome(call)).toEqual({ error: "AbortError", code: "E_ABORTED", attempts: 1, status: undefined, message: "listItems: aborted by the caller's signal" });
    expect(s.calls.length).toBe(1);
  });

  it("while waiting to retry: AbortError with the signal's reason as cause", async () => {
    const controller = new AbortController();
    const reason = new Error("user left");
    const s = setup([unavailable], {
      sleep: (_ms, signal) => {
        controller.abort(reason);
        return Promise.reject(signal!.reason);
      },
    });
    const error = await s.client.listItems({ table: "t", signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ name: "AbortError", attempts: 1, cause: reason });
  });
});

describe("listAll and queryAll", () => {
  const pages: Step[] = [ok([{ n: 1 }, { n: 2 }], { primary: 2 }), ok([], { primary: 3 }), ok([{ n: 4 }])];

  it("follow stopKey across pages, sending it back as startKey", async () => {
    const s = setup(pages);
    const items = [];
    for await (const item of s.client.listAll({ table: "t", filter: "n > 0", limit: 2 })) items.push(item);
    expect(items).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }]);
    expect(s.calls.map((c) => JSON.parse(c.init.body).startKey ?? null)).toEqual([null, { primary: 2 }, { primary: 3 }]);
    expect(s.calls.map((c) => JSON.parse(c.init.body).filter)).toEqual(Array(3).fill([{ item: "n", operator: "greaterThan", value: 0 }]));
  });

  it("stop at maxPages with E_MAX_PAGES", async () => {
    const s = setup(pages);
    const items: unknown[] = [];
    const error = await (async () => {
      for await (const item of s.client.queryAll({ table: "t", maxPages: 2 })) items.push(item);
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ClientError", code: "E_MAX_PAGES", message: "queryItems: stopped after 2 pages (maxPages) with more to come; raise maxPages or narrow the filter" });
    expect(items).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("stop when the service sends back the startKey as stopKey", async () => {
    const s = setup([ok([], { primary: 1 })]);
    const run = async () => {
      for await (const _ of s.client.listAll({ table: "t", startKey: { primary: 1 } })) void _;
    };
    await expect(run()).rejects.toThrow("listItems: the service sent back the startKey it was given as the stopKey, so paging would never end");
    expect(s.calls.length).toBe(1);
  });

  it("stop between items when the signal aborts", async () => {
    const s = setup(pages);
    const controller = new AbortController();
    const items: unknown[] = [];
    const run = async () => {
      for await (const item of s.client.listAll({ table: "t", signal: controller.signal })) {
        items.push(item);
        controller.abort();
      }
    };
    await expect(run()).rejects.toBeInstanceOf(AbortError);
    expect(items).toEqual([{ n: 1 }]);
    expect(s.calls.length).toBe(1);
  });
});
