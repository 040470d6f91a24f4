import { FilterError } from "@itemfilter/core";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { ClientError, createClient, toCurl, type HttpRequest } from "../src/index.js";
import { fakeFetch } from "./fakeFetch.js";

const KEY = "app-KEY-7f3a";
const TOKEN = "tok'en-9b1c";
const { fetch, calls } = fakeFetch([{ status: 500, body: "never called" }]);
const client = createClient({ baseUrl: "https://svc.example.com/v1/", applicationKey: KEY, authenticationToken: TOKEN, fetch });
const body = (request: HttpRequest): unknown => JSON.parse(request.body);

describe("buildRequest", () => {
  it("builds exactly what the service description shows: POST, {base_url}/<operation>, the JSON content type, credentials in the body", () => {
    const request = client.buildRequest("listItems", { table: "people", filter: 'name beginsWith "ab" and score >= 3' });
    expect(request).toEqual({
      method: "POST",
      url: "https://svc.example.com/v1/listItems",
      headers: { "Content-Type": "application/json; charset=UTF-8", Accept: "application/json" },
      body: JSON.stringify({
        applicationKey: KEY,
        authenticationToken: TOKEN,
        table: "people",
        filter: [
          { item: "name", operator: "beginsWith", value: "ab" },
          { item: "score", operator: "greaterEqual", value: 3 },
        ],
      }),
    });
  });

  it.each<[string, "listItems" | "queryItems", Record<string, unknown>, Record<string, unknown>]>([
    ["an empty filter leaves the member out", "listItems", { table: "t", filter: "" }, { table: "t" }],
    ["an empty array leaves it out too", "listItems", { table: "t", filter: [] }, { table: "t" }],
    ["filter JSON is sent as is, a single object included", "listItems", { table: "t", filter: { item: "a", operator: "lessThan", value: 3 } }, { table: "t", filter: { item: "a", operator: "lessThan", value: 3 } }],
    ["limit and startKey", "listItems", { table: "t", limit: 5, startKey: { primary: "a" } }, { table: "t", limit: 5, startKey: { primary: "a" } }],
    [
      "a query with every member",
      "queryItems",
      { table: "t", key: { primary: 7 }, filter: "between 1 and 5", limit: 2, startKey: { primary: 7, secondary: 1 }, searchForward: false },
      { table: "t", filter: { operator: "between", value: [1, 5] }, key: { primary: 7 }, limit: 2, startKey: { primary: 7, secondary: 1 }, searchForward: false },
    ],
    ["a query naming the secondary key", "queryItems", { table: "t", filter: "ts >= 3", compileOptions: { secondaryKey: "ts" } }, { table: "t", filter: { operator: "greaterEqual", value: 3 } }],
    ["a query without a filter", "queryItems", { table: "t", key: { primary: "p" } }, { table: "t", key: { primary: "p" } }],
  ])("%s", (_, operation, params, members) => {
    const request = client.buildRequest(operation, params as never);
    expect(request.url).toBe(`https://svc.example.com/v1/${operation}`);
    expect(body(request)).toEqual({ applicationKey: KEY, authenticationToken: TOKEN, ...members });
  });

  it.each([
    ["listItems", { table: "t", filter: "a = " }, "E_SYNTAX"],
    ["listItems", { table: "t", filter: "a = 1 or b = 2" }, "E_OR_UNSUPPORTED"],
    ["queryItems", { table: "t", filter: "" }, "E_EMPTY"],
    ["queryItems", { table: "t", filter: "key != 3" }, "E_QUERY_OPERATOR"],
  ] as const)("%s with %j throws FilterError %s before any network call", async (operation, params, code) => {
    expect(() => client.buildRequest(operation, params)).toThrow(FilterError);
    const call = operation === "listItems" ? client.listItems(params) : client.queryItems(params);
    await expect(call).rejects.toMatchObject({ name: "FilterError", code });
    const iterator = operation === "listItems" ? client.listAll(params) : client.queryAll(params);
    await expect(iterator.next()).rejects.toMatchObject({ name: "FilterError", code });
    expect(calls).toEqual([]);
  });

  it.each([
    ["listItems", { table: "" }, "listItems: 'table' must be a non-empty string"],
    ["listItems", { table: "t", limit: 0 }, "listItems: 'limit' must be a whole number of at least 1"],
    ["listItems", { table: "t", startKey: "k" }, "listItems: 'startKey' must be an object: the stopKey of the previous page"],
    ["listItems", { table: "t", filter: 3 }, "listItems: 'filter' must be filter text or filter JSON"],
    ["queryItems", { table: "t", key: { primary: null } }, "queryItems: 'key' must be {primary: <string or number>}"],
    ["queryItems", { table: "t", searchForward: "no" }, "queryItems: 'searchForward' must be true or false"],
  ] as const)("%s with %j is ClientError E_ARGUMENT", (operation, params, message) => {
    expect(() => client.buildRequest(operation, params as never)).toThrow(ClientError);
    expect(() => client.buildRequest(operation, params as never)).toThrow(expect.objectContaining({ code: "E_ARGUMENT", attempts: 0, message }));
  });

  it("prints with the credentials redacted", () => {
    const request = client.buildRequest("listItems", { table: "t" });
    const shown = inspect(request, { depth: 5 });
    expect(shown).not.toContain(KEY);
    expect(shown).not.toContain("9b1c");
    expect(shown).toContain('"applicationKey":"[REDACTED]"');
    expect(inspect(client, { depth: 5, showHidden: true })).not.toContain(KEY);
  });
});

describe("toCurl", () => {
  const request = client.buildRequest("queryItems", { table: "it's", filter: ">= 3" });

  it("redacts the credentials with the description's placeholders and quotes for the shell", () => {
    expect(toCurl(request)).toBe(
      "curl -X POST 'https://svc.example.com/v1/queryItems' -H 'Content-Type: application/json; charset=UTF-8' -H 'Accept: application/json' " +
        `--data-raw '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"it'\\''s","filter":{"operator":"greaterEqual","value":3}}'`,
    );
  });

  it("shows them when asked", () => {
    expect(toCurl(request, { redact: false })).toContain(`"applicationKey":"${KEY}","authenticationToken":"tok'\\''en-9b1c"`);
  });

  it("redacts them from the URL too", () => {
    const odd: HttpRequest = { ...request, url: `https://h/${encodeURIComponent(TOKEN)}/x?k=${KEY}` };
    expect(toCurl(odd)).toContain("'https://h/<AUTH_TOKEN>/x?k=<APP_KEY>'");
  });
});

describe("createClient", () => {
  it.each([
    [{ baseUrl: "ftp://x", applicationKey: "k", authenticationToken: "t" }, "createClient: baseUrl must be an http:// or https:// URL"],
    [{ baseUrl: "not a url", applicationKey: "k", authenticationToken: "t" }, "createClient: baseUrl must be an http:// or https:// URL"],
    [{ baseUrl: "http://x", applicationKey: "", authenticationToken: "t" }, "createClient: applicationKey must be a non-empty string"],
    [{ baseUrl: "http://x", applicationKey: "k", authenticationToken: 5 }, "createClient: authenticationToken must be a non-empty string"],
    [{ baseUrl: "http://x", applicationKey: "k", authenticationToken: "t", maxAttempts: 0 }, "createClient: maxAttempts must be a number of at least 1"],
    [{ baseUrl: "http://x", applicationKey: "k", authenticationToken: "t", maxAttempts: 1.5 }, "createClient: maxAttempts must be a whole number"],
    [{ baseUrl: "http://x", applicationKey: "k", authenticationToken: "t", timeoutMs: 0 }, "createClient: timeoutMs must be a number from 1 to 2147483647"],
    [{ baseUrl: "http://x", applicationKey: "k", authenticationToken: "t", fetch: "f" }, "createClient: fetch must be a function"],
  ])("refuses %j", (options, message) => {
    expect(() => createClient(options as never)).toThrow(expect.objectContaining({ name: "ClientError", code: "E_ARGUMENT", operation: "createClient", message }));
  });
});
