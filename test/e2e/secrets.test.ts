import { ClientError, toCurl, type FetchLike } from "@itemfilter/client";
import { inspect } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { APP_KEY, collect, harnessPool, TOKEN } from "./fixtures.js";

const OTHER_TOKEN = "e2e-OTHER-TOKEN-0042aa";
const SECRETS = [APP_KEY, TOKEN, OTHER_TOKEN];

/** Everything a person could see of an error: message, stack, String(), JSON, and util.inspect with hidden members and causes. */
function views(error: unknown): string[] {
  const e = error as Error;
  return [e.message, e.stack ?? "", String(e), JSON.stringify(e), inspect(e, { depth: Infinity, showHidden: true }), inspect(e.cause, { depth: Infinity, showHidden: true })];
}

describe("no error shows the application key or the token", () => {
  const harness = harnessPool(afterAll);

  it("across every kind of ClientError, even when the answer echoes them", async () => {
    const plain = await harness();
    const echoing = await harness({ hooks: { failures: { count: 99, status: 503, body: `denied: ${APP_KEY} ${TOKEN} ${encodeURIComponent(TOKEN)}` } } });
    const nonJson = await harness({ hooks: { nonJson: { body: `<p>${JSON.stringify({ applicationKey: APP_KEY, authenticationToken: TOKEN })}</p>` } } });
    const slow = await harness({ hooks: { latencyMs: 300 } });
    const aborted = new AbortController();
    aborted.abort();

    const calls: [string, () => Promise<unknown>][] = [
      ["401", () => plain.client({ authenticationToken: OTHER_TOKEN }).listItems({ table: "people" })],
      ["400 quoting a filter value", () => plain.client().listItems({ table: "people", filter: [{ item: "n", operator: "lessThan", value: TOKEN as unknown as number }] })],
      ["404 quoting the table", () => plain.client().listItems({ table: APP_KEY })],
      ["HttpError echoing the secrets", () => echoing.client().listItems({ table: "people" })],
      ["ProtocolError echoing the request", () => nonJson.client().listItems({ table: "people" })],
      ["TimeoutError", () => slow.client({ timeoutMs: 10, maxAttempts: 1 }).listItems({ table: "people" })],
      ["AbortError", () => plain.client().listItems({ table: "people", signal: aborted.signal })],
      ["NetworkError with the token in the URL", () => plain.client({ baseUrl: `http://127.0.0.1:1/${TOKEN}/${APP_KEY}` }).listItems({ table: "people" })],
      [
        "NetworkError from the platform's fetch",
        () => plain.client({ baseUrl: `http://127.0.0.1:1/${TOKEN}`, fetch: globalThis.fetch as unknown as FetchLike, maxAttempts: 1 }).listItems({ table: "people" }),
      ],
      ["E_ARGUMENT", () => plain.client().listItems({ table: "" })],
      ["E_MAX_PAGES", () => collect(plain.client().listAll({ table: "people", maxPages: 1, limit: 1 }))],
    ];
    const names: string[] = [];
    for (const [name, call] of calls) {
      const error = await call().then(
        () => new Error(`${name} did not fail`),
        (e: unknown) => e,
      );
      expect(error, name).toBeInstanceOf(ClientError);
      names.push((error as Error).name);
      for (const text of views(error)) for (const secret of SECRETS) expect(text.includes(secret), `${name} shows ${secret}: ${text}`).toBe(false);
    }
    expect(names).toEqual([
      "ServiceError",
      "ServiceError",
      "ServiceError",
      "HttpError",
      "ProtocolError",
      "TimeoutError",
      "AbortError",
      "NetworkError",
      "NetworkError",
      "ClientError",
      "ClientError",
    ]);
  });

  it("in the client, its requests and their curl form", async () => {
    const h = await harness();
    const client = h.client();
    const request = client.buildRequest("listItems", { table: "people" });
    for (const text of [inspect(client, { depth: Infinity, showHidden: true }), inspect(request, { depth: Infinity }), toCurl(request)]) {
      for (const secret of SECRETS) expect(text.includes(secret)).toBe(false);
    }
  });
});
