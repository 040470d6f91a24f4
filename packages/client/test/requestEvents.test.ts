import { describe, expect, it } from "vitest";
import { createClient, DeadlineError, type FetchLike, type RequestEvent } from "../src/index.js";

const TOKEN = "tok-SECRET-8c1f";
const len = (text: string): number => new TextEncoder().encode(text).byteLength;
const KEY = "key-SECRET-2b7a";

/** A service answering from a script of statuses, then 200 with two items and a stopKey for two pages. */
function service(script: number[] = [], delayMs = 0) {
  let calls = 0;
  const fetch: FetchLike = async (_url, init) => {
    calls++;
    if (delayMs > 0) {
      await new Promise((resolve, reject) => {
        const t = setTimeout(resolve, delayMs);
        init.signal.addEventListener("abort", () => {
          clearTimeout(t);
          reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
        });
      });
    }
    const status = script.shift() ?? 200;
    if (status !== 200) return { status, headers: { get: () => null }, text: async () => `{"error":{"code":${status},"message":"busy"}}` };
    const body = JSON.parse(init.body) as { startKey?: unknown };
    const data = body.startKey === undefined ? { items: [{ id: "a" }, { id: "b" }], stopKey: { primary: "b" } } : { items: [{ id: "c" }] };
    return { status: 200, headers: { get: () => null }, text: async () => JSON.stringify({ data }) };
  };
  return { fetch, calls: () => calls };
}

describe("onEvent: one event per attempt, never a credential", () => {
  it("reports each attempt: retries, pages, items and bytes", async () => {
    const events: RequestEvent[] = [];
    const { fetch } = service([503, 429]);
    const client = createClient({ baseUrl: "http://x.invalid", applicationKey: KEY, authenticationToken: TOKEN, fetch, sleep: async () => {}, onEvent: (e) => events.push(e) });
    const items = [];
    for await (const item of client.listAll({ table: "orders", filter: 'status = "open"' })) items.push(item);
    expect(items).toHaveLength(3);
    expect(events.map(({ durationMs, ...rest }) => (expect(durationMs).toBeGreaterThanOrEqual(0), rest))).toEqual([
      { operation: "listItems", table: "orders", attempt: 1, outcome: "retry", status: 503, bytes: len('{"error":{"code":503,"message":"busy"}}'), error: "E_SERVICE" },
      { operation: "listItems", table: "orders", attempt: 2, outcome: "retry", status: 429, bytes: len('{"error":{"code":429,"message":"busy"}}'), error: "E_SERVICE" },
      { operation: "listItems", table: "orders", attempt: 3, outcome: "ok", status: 200, items: 2, bytes: len('{"data":{"items":[{"id":"a"},{"id":"b"}],"stopKey":{"primary":"b"}}}') },
      { operation: "listItems", table: "orders", attempt: 1, outcome: "ok", status: 200, items: 1, bytes: len('{"data":{"items":[{"id":"c"}]}}') },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/SECRET/);
  });

  it("the last failed attempt is an error, and a hook that throws changes nothing", async () => {
    const events: RequestEvent[] = [];
    const { fetch } = service([500, 500, 500]);
    const client = createClient({ baseUrl: "http://x.invalid", applicationKey: KEY, authenticationToken: TOKEN, fetch, sleep: async () => {}, onEvent: (e) => {
      events.push(e);
      throw new Error("a broken logger");
    } });
    await expect(client.listItems({ table: "orders" })).rejects.toMatchObject({ code: "E_SERVICE" });
    expect(events.map((e) => [e.attempt, e.outcome, e.status])).toEqual([[1, "retry", 500], [2, "retry", 500], [3, "error", 500]]);
  });

  it("refuses a hook that is not a function", () => {
    expect(() => createClient({ baseUrl: "http://x.invalid", applicationKey: KEY, authenticationToken: TOKEN, onEvent: 3 as never })).toThrow(/onEvent must be a function/);
  });
});

describe("deadlineMs: the whole call, retries and waits included", () => {
  it("stops findAll with E_DEADLINE, every request aborted", async () => {
    const { fetch } = service([], 200);
    const client = createClient({ baseUrl: "http://x.invalid", applicationKey: KEY, authenticationToken: TOKEN, fetch, sleep: async () => {} });
    const run = async () => {
      for await (const _ of client.findAll({ table: "orders", filter: "", deadlineMs: 50 }));
    };
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeadlineError);
    expect((error as DeadlineError).code).toBe("E_DEADLINE");
  });

  it("stops findPage with E_DEADLINE; a call within its deadline is untouched", async () => {
    const slow = createClient({ baseUrl: "http://x.invalid", applicationKey: KEY, authenticationToken: TOKEN, fetch: service([], 200).fetch, sleep: async () => {} });
    await expect(slow.findPage({ table: "orders", filter: "", limit: 2, deadlineMs: 30 })).rejects.toMatchObject({ code: "E_DEADLINE" });
    const fast = createClient({ baseUrl: "http://x.invalid", applicationKey: KEY, authenticationToken: TOKEN, fetch: service().fetch, sleep: async () => {} });
    expect((await fast.findPage({ table: "orders", filter: "", limit: 2, deadlineMs: 5_000 })).items).toEqual([{ id: "a" }, { id: "b" }]);
  });

  it("the caller's own abort stays E_ABORTED", async () => {
    const client = createClient({ baseUrl: "http://x.invalid", applicationKey: KEY, authenticationToken: TOKEN, fetch: service([], 200).fetch, sleep: async () => {} });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(client.findPage({ table: "orders", filter: "", limit: 2, deadlineMs: 60_000, signal: controller.signal })).rejects.toMatchObject({ code: "E_ABORTED" });
  });

  it.each([0, -1, 1.5, "10", 2 ** 31])("refuses deadlineMs %j", async (deadlineMs) => {
    const client = createClient({ baseUrl: "http://x.invalid", applicationKey: KEY, authenticationToken: TOKEN, fetch: service().fetch });
    await expect(client.findPage({ table: "orders", filter: "", limit: 2, deadlineMs: deadlineMs as number })).rejects.toMatchObject({ code: "E_ARGUMENT" });
  });
});
