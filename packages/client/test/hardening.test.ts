import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createClient, RedirectError, ResponseTooLargeError, toCurl, type ClientOptions, type HttpRequest } from "../src/index.js";
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
    ...options,
  });
  return { client, calls: fake.calls, sleeps };
}

async function failure(promise: Promise<unknown>) {
  const e = (await promise.then(
    () => new Error("no failure"),
    (error: unknown) => error,
  )) as Error & Record<string, unknown>;
  return { type: e.constructor.name, code: e.code, attempts: e.attempts, status: e.status, message: e.message };
}

describe("redirects are never followed", () => {
  it.each<[string, Step, unknown]>([
    [
      "a 307 to another host",
      { status: 307, body: "", headers: { Location: "http://localhost:4567/capture?x=1" } },
      { type: "RedirectError", code: "E_REDIRECT", attempts: 1, status: 307, message: "listItems: the service answered HTTP 307, a redirect to http://localhost:4567; the client does not follow redirects, since the credentials travel in the body: point baseUrl at the final address" },
    ],
    [
      "a 301 with a relative Location",
      { status: 301, body: "<a>moved</a>", headers: { Location: "/elsewhere" } },
      { type: "RedirectError", code: "E_REDIRECT", attempts: 1, status: 301, message: "listItems: the service answered HTTP 301, a redirect to http://127.0.0.1:9; the client does not follow redirects, since the credentials travel in the body: point baseUrl at the final address" },
    ],
    [
      "a 302 without Location",
      { status: 302, body: "" },
      { type: "RedirectError", code: "E_REDIRECT", attempts: 1, status: 302, message: "listItems: the service answered HTTP 302, a redirect without a usable Location; the client does not follow redirects, since the credentials travel in the body: point baseUrl at the final address" },
    ],
    [
      "an injected fetch that followed one anyway",
      { status: 200, body: '{"data":{"items":[{"stolen":1}]}}', redirected: true, url: "https://evil.example:8443/capture" },
      {
        type: "RedirectError",
        code: "E_REDIRECT",
        attempts: 1,
        status: 200,
        message: 'listItems: the fetch followed a redirect to https://evil.example:8443 (HTTP 200 there); the client sends credentials in the body, so it must not follow redirects: pass a fetch that honours redirect: "manual", and point baseUrl at the final address',
      },
    ],
  ])("%s is a RedirectError, not retried", async (_, step, expected) => {
    const s = setup([step, ok([])]);
    expect(await failure(s.client.listItems({ table: "t" }))).toEqual(expected);
    expect(s.calls.length).toBe(1);
    expect(s.calls[0]!.init.redirect).toBe("manual");
  });

  it("redacts a credential in the redirect's target", async () => {
    const error = await setup([{ status: 307, body: "", headers: { Location: "http://token-456.evil.example/x" } }]).client.listItems({ table: "t" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ targetOrigin: "http://[REDACTED].evil.example" });
    expect(String((error as Error).message)).not.toContain("token-456");
  });

  it("names the target origin on the error", async () => {
    const error = await setup([{ status: 308, body: "", headers: { Location: "https://other.example/v1/listItems" } }]).client.listItems({ table: "t" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 308, targetOrigin: "https://other.example" });
  });
});

describe("maxResponseBytes", () => {
  const big = ok(Array.from({ length: 50 }, (_, i) => ({ id: i, pad: "x".repeat(20) })));
  const length = (big as { body: string }).body.length;
  const tooLarge = (max: number) => ({
    type: "ResponseTooLargeError",
    code: "E_RESPONSE_TOO_LARGE",
    attempts: 1,
    status: 200,
    message: `listItems: the response body is larger than ${max} bytes (maxResponseBytes); reading stopped there. Ask for smaller pages with limit, or raise maxResponseBytes`,
  });

  it("reads a body of exactly the limit", async () => {
    const page = await setup([big], { maxResponseBytes: length }).client.listItems({ table: "t" });
    expect(page.items.length).toBe(50);
  });

  it("refuses a body one byte over, without retrying", async () => {
    const s = setup([big, ok([])], { maxResponseBytes: length - 1 });
    expect(await failure(s.client.listItems({ table: "t" }))).toEqual(tooLarge(length - 1));
    expect(s.calls.length).toBe(1);
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    let pulled = 0;
    const chunks = (function* () {
      for (;;) {
        pulled++;
        yield "x".repeat(100);
      }
    })();
    const s = setup([{ status: 200, chunks, headers: { "Content-Length": "1000000" } }], { maxResponseBytes: 1000 });
    expect(await failure(s.client.listItems({ table: "t" }))).toEqual(tooLarge(1000));
    expect(pulled).toBe(0);
  });

  it("stops reading a streamed body once past the limit (the stream never ends)", async () => {
    let pulled = 0;
    const endless = (function* () {
      for (;;) {
        pulled++;
        yield "[".repeat(100);
      }
    })();
    const s = setup([{ status: 200, chunks: endless }], { maxResponseBytes: 1000 });
    const error = await s.client.listItems({ table: "t" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ maxResponseBytes: 1000 });
    expect(pulled).toBe(11);
  });

  it("decodes a streamed body split inside a character", async () => {
    const text = JSON.stringify({ data: { items: [{ name: "zoë \u{1F600}" }] } });
    const bytes = new TextEncoder().encode(text);
    // Split every 3 bytes; a TextDecoder per chunk would break the multi-byte characters.
    const parts: string[] = [];
    for (let i = 0; i < bytes.length; i += 3) parts.push(Buffer.from(bytes.slice(i, i + 3)).toString("latin1"));
    const fetch = fakeFetch([ok([])]).fetch;
    const client = createClient({
      baseUrl: "http://127.0.0.1:9",
      applicationKey: "k",
      authenticationToken: "t",
      fetch: async (url, init) => {
        await fetch(url, init);
        const body = (async function* () {
          for (const p of parts) yield Buffer.from(p, "latin1");
        })();
        return { status: 200, headers: { get: () => null }, text: async () => text, body };
      },
    });
    expect(await client.listItems({ table: "t" })).toEqual({ items: [{ name: "zoë \u{1F600}" }] });
  });
});

describe("createClient refuses options that would leak or misbehave", () => {
  const base = { baseUrl: "http://x", applicationKey: "k", authenticationToken: "t" };
  it.each<[Record<string, unknown>, string]>([
    [{ baseUrl: "https://user:hunter2@svc.example.com/v1" }, "createClient: baseUrl must not hold credentials (user:password@); pass applicationKey and authenticationToken instead"],
    [{ baseUrl: "https://user@svc.example.com" }, "createClient: baseUrl must not hold credentials (user:password@); pass applicationKey and authenticationToken instead"],
    [{ retryAfterCapMs: 2 ** 31 }, "createClient: retryAfterCapMs must be a number from 0 to 2147483647"],
    [{ backoffCapMs: 1e12 }, "createClient: backoffCapMs must be a number from 0 to 2147483647"],
    [{ backoffBaseMs: -1 }, "createClient: backoffBaseMs must be a number from 0 to 2147483647"],
    [{ timeoutMs: Infinity }, "createClient: timeoutMs must be a number from 1 to 2147483647"],
    [{ maxResponseBytes: 0 }, "createClient: maxResponseBytes must be a number of at least 1"],
    [{ maxResponseBytes: 10.5 }, "createClient: maxResponseBytes must be a whole number"],
  ])("%j", (overrides, message) => {
    const options = { ...base, ...overrides };
    let thrown: unknown;
    try {
      createClient(options as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ name: "ClientError", code: "E_ARGUMENT", operation: "createClient", message });
    expect(String((thrown as Error).message)).not.toContain("hunter2");
  });

  it("takes the largest timer delay", () => {
    expect(() => createClient({ ...base, retryAfterCapMs: 2 ** 31 - 1, timeoutMs: 2 ** 31 - 1 })).not.toThrow();
  });
});

describe("printing a request shows no credential", () => {
  const KEY = "app-KEY-7f3a";
  const TOKEN = "tok'en-9b1c";

  it("util.inspect hides a credential in the URL and in a filter value, as toCurl does", () => {
    const client = createClient({ baseUrl: `https://svc.example.com/${encodeURIComponent(KEY)}/${TOKEN}/v1`, applicationKey: KEY, authenticationToken: TOKEN, fetch: fakeFetch([]).fetch });
    const request = client.buildRequest("listItems", { table: "t", filter: [{ item: "owner", operator: "equals", value: `x-${TOKEN}-y` }] });
    const shown = inspect(request, { depth: 5 });
    for (const text of [shown, toCurl(request)]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(encodeURIComponent(TOKEN));
    }
    expect(shown).toContain("url: 'https://svc.example.com/[REDACTED]/[REDACTED]/v1/listItems'");
    expect(shown).toContain('"value":"[REDACTED]"');
    expect(toCurl(request)).toBe(
      "curl -X POST 'https://svc.example.com/<APP_KEY>/<AUTH_TOKEN>/v1/listItems' -H 'Content-Type: application/json; charset=UTF-8' -H 'Accept: application/json' " +
        `--data-raw '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"t","filter":[{"item":"owner","operator":"equals","value":"<AUTH_TOKEN>"}]}'`,
    );
  });

  it.each([
    ["a", "b"],
    ["e", "\""],
    ["'", "t"],
  ])("toCurl with one-character credentials %j and %j stays well-formed and shows neither", (key, token) => {
    const request: HttpRequest = {
      method: "POST",
      url: "http://127.0.0.1:8080/listItems",
      headers: { "Content-Type": "application/json; charset=UTF-8" },
      body: JSON.stringify({
        applicationKey: key,
        authenticationToken: token,
        table: "people",
        filter: [
          { item: "name", operator: "equals", value: "ann" },
          { item: "owner", operator: "equals", value: token },
          { item: "note", operator: "contains", value: `${key} x` },
        ],
      }),
    };
    const command = toCurl(request);
    const data = /--data-raw '(.*)'$/.exec(command)![1]!.replace(/'\\''/g, "'");
    const parsed = JSON.parse(data) as Record<string, unknown>;
    // The structure is intact: same members, credentials as placeholders.
    expect(Object.keys(parsed)).toEqual(["applicationKey", "authenticationToken", "table", "filter"]);
    expect([parsed.applicationKey, parsed.authenticationToken]).toEqual(["<APP_KEY>", "<AUTH_TOKEN>"]);
    // A value that holds a credential where it stands whole (the value itself, a word of it) is hidden whole, never cut
    // around it; the same letter inside other words is only a letter (a short secret is masked where it stands whole).
    expect([parsed.table, ...(parsed.filter as { value: string }[]).map((f) => f.value)]).toEqual(["people", "ann", "<AUTH_TOKEN>", "<APP_KEY>"]);
    expect(command).toContain("-H 'Content-Type: application/json; charset=UTF-8'");
  });
});
