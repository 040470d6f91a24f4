import { AbortError, ClientError, HttpError, NetworkError, ProtocolError, ServiceError, TimeoutError, type FetchLike } from "@itemfilter/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, closeBackends, collect, harnessPool, openBackend, startHarness, type Backend, type Harness } from "./fixtures.js";

afterAll(closeBackends);

async function failure(promise: Promise<unknown>): Promise<ClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientError);
  return error as ClientError;
}

const summary = (e: ClientError) => ({ type: e.constructor.name, code: e.code, attempts: e.attempts, status: (e as { status?: number }).status, message: e.message });

// The same handler answers over both stores, so every status and message is the same on DynamoDB.
describe.each(BACKENDS)("on %s", (name) => {
  let b: Backend;
  beforeAll(async () => {
    b = await openBackend(name);
  }, 120_000);

  describe("each emulator error status surfaces as its ClientError", () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ maxBodyBytes: 2000 }, b);
    });
    afterAll(() => h?.close());

    // A fetch that spoils one aspect of the request, for statuses the client itself never provokes.
    const spoil = (change: (init: Record<string, unknown>) => Record<string, unknown>): FetchLike =>
      ((url: string, init: Record<string, unknown>) => globalThis.fetch(url, change(init) as RequestInit)) as unknown as FetchLike;

    it.each<[string, () => Promise<unknown>, unknown]>([
      [
        "400 for a filter core rejects",
        () => h.client().listItems({ table: "people", filter: [{ item: "score", operator: "between", value: [5, 1] }] }),
        { type: "ServiceError", code: "E_SERVICE", attempts: 1, status: 400, message: 'listItems: the service refused the request (HTTP 400): invalid filter: E_BETWEEN_BOUNDS at filter[0].value: the lower bound 5 is greater than the upper bound 1; swap them' },
      ],
      [
        "400 for an 'in' list that mixes strings and numbers (the service refuses it; find sends one request per type)",
        () => h.client().listItems({ table: "people", filter: [{ item: "score", operator: "in", value: [17, "3", 54] }] }),
        {
          type: "ServiceError",
          code: "E_SERVICE",
          attempts: 1,
          status: 400,
          message:
            "listItems: the service refused the request (HTTP 400): invalid filter: E_IN_MIXED_TYPES at filter[0].value: a list cannot mix strings and numbers; use values of one type; hint: the service rejects such an 'in'; find (or plan) runs it as one request per type",
        },
      ],
      [
        "401 for unknown credentials",
        () => h.client({ authenticationToken: "someone-else" }).listItems({ table: "people" }),
        { type: "ServiceError", code: "E_SERVICE", attempts: 1, status: 401, message: "listItems: the service refused the request (HTTP 401): unknown applicationKey or authenticationToken" },
      ],
      [
        "404 for an unknown table",
        () => h.client().queryItems({ table: "nope" }),
        { type: "ServiceError", code: "E_SERVICE", attempts: 1, status: 404, message: 'queryItems: the service refused the request (HTTP 404): there is no table "nope"' },
      ],
      [
        "404 for an unknown path",
        () => h.client({ baseUrl: `${h.url}/v2` }).listItems({ table: "people" }),
        { type: "ServiceError", code: "E_SERVICE", attempts: 1, status: 404, message: "listItems: the service refused the request (HTTP 404): there is no such operation; POST to /listItems or /queryItems" },
      ],
      [
        "405 for another method",
        () => h.client({ fetch: spoil((init) => ({ ...init, method: "PUT" })) }).listItems({ table: "people" }),
        { type: "ServiceError", code: "E_SERVICE", attempts: 1, status: 405, message: "listItems: the service refused the request (HTTP 405): listItems takes POST, not PUT" },
      ],
      [
        "413 for a body over maxBodyBytes",
        () => h.client().listItems({ table: "people", filter: [{ item: "name", operator: "in", value: Array.from({ length: 100 }, (_, i) => `name-${i}-padding-padding`) }] }),
        { type: "ServiceError", code: "E_SERVICE", attempts: 1, status: 413, message: "listItems: the service refused the request (HTTP 413): the request body is larger than 2000 bytes (maxBodyBytes)" },
      ],
      [
        "415 for another content type",
        () => h.client({ fetch: spoil((init) => ({ ...init, headers: { "Content-Type": "text/plain" } })) }).listItems({ table: "people" }),
        { type: "ServiceError", code: "E_SERVICE", attempts: 1, status: 415, message: "listItems: the service refused the request (HTTP 415): the Content-Type must be application/json; charset=UTF-8" },
      ],
    ])("%s", async (_, call, expected) => {
      const error = await failure(call());
      expect(error).toBeInstanceOf(ServiceError);
      expect(summary(error)).toEqual(expected);
    });
  });

  describe("timeouts, retries and bodies that are not the protocol", () => {
    const harness = harnessPool(afterAll, () => b);

    it("retries after injected 503s and then succeeds, waiting full-jitter backoff", async () => {
      const h = await harness({ hooks: { failures: { count: 2, status: 503 } } });
      const sleeps: number[] = [];
      const page = await h.client({ sleep: async (ms) => void sleeps.push(ms) }).listItems({ table: "people", limit: 2 });
      // The first two in list order: primary-key order in the emulator, DynamoDB's Scan order there.
      if (name === "emulator") expect(page.items.map((i) => i.id)).toEqual(["p0000", "p0001"]);
      expect(page.items).toEqual(page.items.map((item) => b.people.find((p) => p.id === item.id)));
      expect(page.items).toHaveLength(2);
      expect(sleeps).toEqual([50, 100]);
      expect(h.emulator.requestCount).toBe(3);
    });

    it("gives up after maxAttempts 503s with the last ServiceError", async () => {
      const h = await harness({ hooks: { failures: { count: 5, status: 503 } } });
      const error = await failure(h.client({ maxAttempts: 3 }).listItems({ table: "people" }));
      expect(summary(error)).toEqual({ type: "ServiceError", code: "E_SERVICE", attempts: 3, status: 503, message: "listItems: the service refused the request (HTTP 503): injected failure (test hook) (after 3 attempts)" });
    });

    it("honours 429 with Retry-After", async () => {
      const h = await harness({ hooks: { failures: { count: 1, status: 429, retryAfter: 3 } } });
      const sleeps: number[] = [];
      const items = await collect(h.client({ sleep: async (ms) => void sleeps.push(ms) }).queryAll({ table: "events", key: { primary: "d1" }, filter: { operator: "lessThan", value: 3 } }));
      expect(items.map((i) => i.ts)).toEqual([0, 1.5]);
      expect(sleeps).toEqual([3000]);
    });

    it("reports a non-JSON body as ProtocolError, without retrying", async () => {
      const h = await harness({ hooks: { nonJson: {} } });
      const error = await failure(h.client().listItems({ table: "people" }));
      expect(error).toBeInstanceOf(ProtocolError);
      expect(summary(error)).toEqual({ type: "ProtocolError", code: "E_PROTOCOL", attempts: 1, status: 200, message: 'listItems: HTTP 200 with a body that is not JSON; the body starts "<html><body><h1>Service Unavailable</h1></body></html>"' });
    });

    it("reports an error page that is not the error shape as HttpError, after retrying a 502", async () => {
      const h = await harness({ hooks: { failures: { count: 9, status: 502, body: "<h1>Bad Gateway</h1>" } } });
      const error = await failure(h.client({ maxAttempts: 2 }).listItems({ table: "people" }));
      expect(error).toBeInstanceOf(HttpError);
      expect(summary(error)).toEqual({ type: "HttpError", code: "E_HTTP", attempts: 2, status: 502, message: 'listItems: HTTP 502 with a body that is not the service\'s error shape: "<h1>Bad Gateway</h1>" (after 2 attempts)' });
    });

    it.each([
      ["node-fetch", undefined],
      ["the platform's fetch", globalThis.fetch as unknown as FetchLike],
    ])("times out a slow answer with %s and retries it", async (_, fetch) => {
      const h = await harness({ hooks: { latencyMs: 400 } });
      const error = await failure(h.client({ timeoutMs: 20, maxAttempts: 2, ...(fetch === undefined ? {} : { fetch }) }).listItems({ table: "people" }));
      expect(error).toBeInstanceOf(TimeoutError);
      expect(summary(error)).toEqual({ type: "TimeoutError", code: "E_TIMEOUT", attempts: 2, status: undefined, message: "listItems: no complete response within 20 ms (timeoutMs) (after 2 attempts)" });
    });

    it.each([
      ["node-fetch", undefined],
      ["the platform's fetch", globalThis.fetch as unknown as FetchLike],
    ])("aborts a call in flight with %s", async (_, fetch) => {
      const h = await harness({ hooks: { latencyMs: 400 } });
      const controller = new AbortController();
      const call = h.client(fetch === undefined ? {} : { fetch }).listItems({ table: "people", signal: controller.signal });
      setTimeout(() => controller.abort(), 10);
      const error = await failure(call);
      expect(error).toBeInstanceOf(AbortError);
      expect(summary(error)).toEqual({ type: "AbortError", code: "E_ABORTED", attempts: 1, status: undefined, message: "listItems: aborted by the caller's signal" });
    });

    it("aborts listAll between pages", async () => {
      const h = await harness({ pageSize: 10 });
      const controller = new AbortController();
      const seen: unknown[] = [];
      const run = async () => {
        for await (const item of h.client().listAll({ table: "people", signal: controller.signal })) {
          seen.push(item);
          if (seen.length === 15) controller.abort();
        }
      };
      await expect(run()).rejects.toBeInstanceOf(AbortError);
      expect(seen.length).toBe(15);
    });

    it("reports a refused connection as NetworkError, after retrying", async () => {
      const h = await harness();
      const client = h.client({ maxAttempts: 2 });
      await h.emulator.stop();
      const error = await failure(client.listItems({ table: "people" }));
      expect(error).toBeInstanceOf(NetworkError);
      expect(summary(error)).toMatchObject({ type: "NetworkError", code: "E_NETWORK", attempts: 2 });
      expect(error.message).toMatch(/^listItems: network error: .*ECONNREFUSED.* \(after 2 attempts\)$/);
    });
  });
});
