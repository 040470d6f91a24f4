import { Agent, request } from "node:http";
import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, EmulatorError, type Emulator } from "../src/index.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

const CREDS = { applicationKey: "app-key-1", authenticationToken: "token-1" };
const JSON_TYPE = "application/json; charset=UTF-8";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

// Kept-alive connections make the many requests of the fuzz test cheap.
const agent = new Agent({ keepAlive: true });
afterAll(() => agent.destroy());

function raw(base: string, path: string, body: string | Buffer, headers: Record<string, string> = { "Content-Type": JSON_TYPE }, method = "POST"): Promise<Raw> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.setNoDelay(true);
    req.on("error", reject);
    req.end(body);
  });
}

const body = (members: Record<string, unknown>): string => JSON.stringify({ ...CREDS, ...members });
const error = (code: number, message: string): string => JSON.stringify({ error: { code, message } });

const NO_SECONDARY = 'table "people" has no secondary key, so it can be queried only for a whole partition (key.primary without a filter); use listItems';
const NO_SECONDARY_KEY = "'startKey.secondary' is missing; a queryItems stopKey has one, unless the query reads a whole partition (key.primary without a filter)";

const tables = {
  people: { primaryKey: "id", items: [{ id: "a", age: 3 }, { id: "b", age: 5 }] },
  events: { primaryKey: "p", secondaryKey: "ts", items: [{ p: 1, ts: 2 }, { p: 1, ts: 3 }] },
};

describe("emulator over HTTP", () => {
  let emulator: Emulator;
  let base: string;
  beforeAll(async () => {
    emulator = createEmulator({ tables, credentials: [CREDS, { applicationKey: "app-key-1", authenticationToken: "token-2" }], maxBodyBytes: 4096 });
    base = await emulator.start();
  });
  afterAll(() => emulator.stop());

  it("serves a page with the JSON content type", async () => {
    const res = await raw(base, "/listItems", body({ table: "people", filter: [{ item: "age", operator: "greaterThan", value: 4 }] }));
    expect(res).toMatchObject({ status: 200, body: '{"data":{"items":[{"id":"b","age":5}]}}' });
    expect(res.headers["content-type"]).toBe(JSON_TYPE);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["a whole partition of a table without a secondary key", { table: "people", key: { primary: "b" } }, '{"data":{"items":[{"id":"b","age":5}]}}'],
    ["a whole partition, resumed from a startKey without secondary", { table: "events", key: { primary: 1 }, startKey: { primary: 1 }, limit: 1 }, '{"data":{"items":[{"p":1,"ts":2}],"stopKey":{"primary":1,"secondary":2}}}'],
    ["a whole partition of a table without a secondary key, after its one item", { table: "people", key: { primary: "a" }, startKey: { primary: "a" } }, '{"data":{"items":[]}}'],
  ])("queryItems answers %s", async (_, members, expected) => {
    expect(await raw(base, "/queryItems", body(members))).toMatchObject({ status: 200, body: expected });
  });

  it.each<[string, string, string | Buffer, Record<string, string> | undefined, string | undefined, number, string]>([
    ["a GET", "/listItems", "", {}, "GET", 405, error(405, "listItems takes POST, not GET")],
    ["an unknown path", "/deleteItems", body({ table: "people" }), undefined, undefined, 404, error(404, "there is no such operation; POST to /listItems or /queryItems")],
    ["a path with a trailing slash", "/listItems/", body({ table: "people" }), undefined, undefined, 404, error(404, "there is no such operation; POST to /listItems or /queryItems")],
    ["text/plain", "/listItems", body({ table: "people" }), { "Content-Type": "text/plain" }, undefined, 415, error(415, "the Content-Type must be application/json; charset=UTF-8")],
    ["no content type", "/listItems", body({ table: "people" }), {}, undefined, 415, error(415, "the Content-Type must be application/json; charset=UTF-8")],
    ["a latin1 charset", "/listItems", body({ table: "people" }), { "Content-Type": "application/json; charset=latin1" }, undefined, 415, error(415, "the Content-Type must be application/json; charset=UTF-8")],
    ["an empty body", "/listItems", "", undefined, undefined, 400, error(400, "the request body is not valid JSON (the body is empty)")],
    ["broken JSON", "/listItems", '{"table": "people",\n "x": }', undefined, undefined, 400, error(400, 'the request body is not valid JSON: unexpected "}"')],
    ["truncated JSON", "/listItems", '{"table": "people"', undefined, undefined, 400, error(400, "the request body is not valid JSON at line 1 column 19")],
    ["an array body", "/listItems", "[]", undefined, undefined, 400, error(400, "the request body must be a JSON object, not an array")],
    ["malformed UTF-8", "/listItems", Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]), undefined, undefined, 400, error(400, "the request body is not valid UTF-8")],
    ["a byte order mark", "/listItems", "\uFEFF{}", undefined, undefined, 400, error(400, "the request body starts with a byte order mark; send plain UTF-8 JSON")],
    ["deep nesting", "/listItems", `{"filter":${"[".repeat(3000)}`, undefined, undefined, 400, error(400, "the request body nests arrays and objects deeper than 64 levels")],
    ["a numeric applicationKey", "/listItems", JSON.stringify({ applicationKey: 1, authenticationToken: "x" }), undefined, undefined, 400, error(400, "'applicationKey' must be a string, not a number")],
    ["no token", "/listItems", JSON.stringify({ applicationKey: "x" }), undefined, undefined, 400, error(400, "'authenticationToken' is missing; it is a string")],
    ["an unknown key", "/listItems", JSON.stringify({ applicationKey: "nope", authenticationToken: "token-1", table: "people" }), undefined, undefined, 401, error(401, "unknown applicationKey or authenticationToken")],
    ["a token of another pair", "/listItems", JSON.stringify({ applicationKey: "app-key-1", authenticationToken: "token-3", table: "people" }), undefined, undefined, 401, error(401, "unknown applicationKey or authenticationToken")],
    ["an unknown table", "/listItems", body({ table: "nope" }), undefined, undefined, 404, error(404, 'there is no table "nope"')],
    ["a table that is not a string", "/listItems", body({ table: ["people"] }), undefined, undefined, 400, error(400, "'table' must be a string, not an array")],
    ["an unknown member", "/listItems", body({ table: "people", filters: [] }), undefined, undefined, 400, error(400, 'listItems has no member "filters"; it takes applicationKey, authenticationToken, table, filter, limit, startKey')],
    ["key on listItems", "/listItems", body({ table: "people", key: { primary: "a" } }), undefined, undefined, 400, error(400, 'listItems has no member "key"; it takes applicationKey, authenticationToken, table, filter, limit, startKey')],
    ["a zero limit", "/listItems", body({ table: "people", limit: 0 }), undefined, undefined, 400, error(400, "'limit' must be a whole number of at least 1 (the most items to evaluate), not 0")],
    ["a fractional limit", "/listItems", body({ table: "people", limit: 1.5 }), undefined, undefined, 400, error(400, "'limit' must be a whole number of at least 1 (the most items to evaluate), not 1.5")],
    ["a string limit", "/listItems", body({ table: "people", limit: "3" }), undefined, undefined, 400, error(400, "'limit' must be a whole number of at least 1 (the most items to evaluate), not a string")],
    ["a string startKey", "/listItems", body({ table: "people", startKey: "a" }), undefined, undefined, 400, error(400, "'startKey' must be an object {\"primary\": …} (a stopKey sent back), not a string")],
    ["a startKey member", "/listItems", body({ table: "people", startKey: { id: "a" } }), undefined, undefined, 400, error(400, "'startKey' has an unknown member \"id\"; send back the stopKey unchanged")],
    // A stopKey of a secondary index comes from the DynamoDB store; the in-memory tables have no index.
    ["an index startKey", "/listItems", body({ table: "people", startKey: { primary: "a", index: { name: "byAge", primary: 3 } } }), undefined, undefined, 400, error(400, "'startKey' is not a stopKey of this table; send back the stopKey unchanged")],
    ["an index startKey with a number name", "/listItems", body({ table: "people", startKey: { primary: "a", index: { name: 1, primary: 3 } } }), undefined, undefined, 400, error(400, "'startKey.index.name' must be a string, not a number")],
    ["an index startKey on queryItems", "/queryItems", body({ table: "events", key: { primary: "a" }, startKey: { primary: "a", index: { name: "byAge", primary: 3 } } }), undefined, undefined, 400, error(400, "'startKey' has an unknown member \"index\"; send back the stopKey unchanged")],
    ["a bad filter, with its JSON path", "/listItems", body({ table: "people", filter: [{ item: "age", operator: "equals", value: 1 }, { item: "age", operator: "lessThan", value: "3" }] }), undefined, undefined, 400, error(400, "invalid filter: E_VALUE_TYPE at filter[1].value: 'lessThan' takes a number, not a string (\"3\"); the service orders numbers only (find runs ranges of strings)")],
    ["a null filter", "/listItems", body({ table: "people", filter: null }), undefined, undefined, 400, error(400, 'invalid filter: E_FILTER_JSON at filter: expected a ListFilter object (with "item", "operator" and "value") or an array of them, not null')],
    ["a list operator in a query", "/queryItems", body({ table: "events", filter: { operator: "notEquals", value: 1 } }), undefined, undefined, 400, error(400, "invalid filter: E_QUERY_OPERATOR at filter.operator: a key query cannot use 'notEquals'; it can use 'equals', 'lessThan', 'lessEqual', 'greaterThan', 'greaterEqual', 'beginsWith' or 'between'; hint: queryItems takes only these operators on the secondary key; find runs any filter")],
    ["a query array filter", "/queryItems", body({ table: "events", filter: [] }), undefined, undefined, 400, error(400, 'invalid filter: E_FILTER_JSON at filter: expected a QueryFilter object (with "operator" and "value"), not an array; hint: queryItems takes a single filter, not an array')],
    ["a query of a table without a secondary key", "/queryItems", body({ table: "people" }), undefined, undefined, 400, error(400, NO_SECONDARY)],
    ["a filtered query of a partition of a table without a secondary key", "/queryItems", body({ table: "people", key: { primary: "a" }, filter: { operator: "equals", value: 1 } }), undefined, undefined, 400, error(400, NO_SECONDARY)],
    ["a query startKey without secondary", "/queryItems", body({ table: "events", startKey: { primary: 1 } }), undefined, undefined, 400, error(400, NO_SECONDARY_KEY)],
    ["a filtered partition query's startKey without secondary", "/queryItems", body({ table: "events", key: { primary: 1 }, filter: { operator: "equals", value: 2 }, startKey: { primary: 1 } }), undefined, undefined, 400, error(400, NO_SECONDARY_KEY)],
    ["a startKey of another partition", "/queryItems", body({ table: "events", key: { primary: 1 }, startKey: { primary: 2, secondary: 1 } }), undefined, undefined, 400, error(400, "'startKey.primary' differs from 'key.primary'; a stopKey continues only the query that returned it")],
    ["a key with extra members", "/queryItems", body({ table: "events", key: { primary: 1, secondary: 2 } }), undefined, undefined, 400, error(400, "'key' has an unknown member \"secondary\"; it takes only \"primary\"")],
    ["a key.primary of null", "/queryItems", body({ table: "events", key: { primary: null } }), undefined, undefined, 400, error(400, "'key.primary' must be a string or a number, not null")],
    ["a string searchForward", "/queryItems", body({ table: "events", searchForward: "false" }), undefined, undefined, 400, error(400, "'searchForward' must be true or false, not a string")],
    ["a body over maxBodyBytes", "/listItems", body({ table: "people", pad: "x".repeat(5000) }), undefined, undefined, 413, error(413, "the request body is larger than 4096 bytes (maxBodyBytes)")],
    ["a body far over maxBodyBytes", "/listItems", `{"filter":${"[".repeat(3 << 20)}`, undefined, undefined, 413, error(413, "the request body is larger than 4096 bytes (maxBodyBytes)")],
  ])("answers %s", async (_, path, payload, headers, method, status, expected) => {
    const res = await raw(base, path, payload, headers, method);
    expect(res.status).toBe(status);
    expect(res.body).toBe(expected);
    if (status === 405) expect(res.headers.allow).toBe("POST");
  });

  it.each([
    ["application/json", 200],
    ['Application/JSON; Charset="utf-8"', 200],
    ["application/json;charset=utf-8; boundary=x", 200],
  ])("accepts the content type %j", async (type, status) => {
    expect((await raw(base, "/queryItems", body({ table: "events", key: { primary: 1 } }), { "Content-Type": type })).status).toBe(status);
  });

  it("answers a body it cannot parse, however built, with the JSON error shape, and keeps serving", async () => {
    const members = fc.dictionary(fc.constantFrom("applicationKey", "authenticationToken", "table", "filter", "limit", "startKey", "key", "searchForward", "x"), fc.jsonValue({ maxDepth: 3 }));
    const bodies = fc.oneof(
      members.map((m) => JSON.stringify({ ...CREDS, table: "events", ...m })),
      fc.uint8Array({ maxLength: 60 }).map((bytes) => Buffer.from(bytes)),
      fc.string({ maxLength: 50 }),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.constantFrom("/listItems", "/queryItems"), async (payload, path) => {
        const res = await raw(base, path, payload);
        expect([200, 400, 401, 404]).toContain(res.status);
        const parsed = JSON.parse(res.body) as Record<string, unknown>;
        expect(Object.keys(parsed)).toEqual([res.status === 200 ? "data" : "error"]);
      }),
      { numRuns: propertyRuns(100) },
    );
    expect((await raw(base, "/listItems", body({ table: "people" }))).status).toBe(200);
  });
});

describe("emulator limits and hooks", () => {
  it("answers 408 to a client that stops sending its body, and closes the connection", async () => {
    const emulator = createEmulator({ tables, credentials: [CREDS], requestTimeoutMs: 100 });
    const url = new URL(await emulator.start());
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(url.port), "127.0.0.1", () => {
          socket.write(`POST /listItems HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: 100\r\n\r\n{"tab`);
        });
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString()));
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
      expect(answer).toContain("Connection: close");
      expect(answer.endsWith(error(408, "the request was not received within 100 ms"))).toBe(true);
    } finally {
      await emulator.stop();
    }
  });

  it("answers 413 to a chunked body as soon as it passes maxBodyBytes, without a declared length", async () => {
    const emulator = createEmulator({ tables, credentials: [CREDS], maxBodyBytes: 1000 });
    const url = new URL(await emulator.start());
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: "/listItems", method: "POST", headers: { "Content-Type": JSON_TYPE }, agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on("error", reject);
        for (let i = 0; i < 10; i++) req.write("x".repeat(500));
        req.end();
      });
      expect(status).toBe(413);
    } finally {
      await emulator.stop();
    }
  });

  it("injects failures with Retry-After, then non-JSON bodies, then serves normally", async () => {
    const emulator = createEmulator({
      tables,
      credentials: [CREDS],
      hooks: { latencyMs: 1, failures: { count: 2, status: 429, retryAfter: 7 }, nonJson: { count: 1 } },
    });
    const base = await emulator.start();
    try {
      const seen = [];
      for (let i = 0; i < 4; i++) {
        const res = await raw(base, "/listItems", body({ table: "people", limit: 1 }));
        seen.push([res.status, res.headers["retry-after"] ?? null, res.body]);
      }
      expect(seen).toEqual([
        [429, "7", error(429, "injected failure (test hook)")],
        [429, "7", error(429, "injected failure (test hook)")],
        [200, null, "<html><body><h1>Service Unavailable</h1></body></html>"],
        [200, null, '{"data":{"items":[{"id":"a","age":3}],"stopKey":{"primary":"a"}}}'],
      ]);
      expect(emulator.requestCount).toBe(4);
    } finally {
      await emulator.stop();
    }
  });

  it("sends a raw failure body when asked", async () => {
    const emulator = createEmulator({ tables, credentials: [CREDS], hooks: { failures: { count: 1, status: 502, body: "<h1>Bad Gateway</h1>" } } });
    const base = await emulator.start();
    try {
      const res = await raw(base, "/listItems", body({ table: "people" }));
      expect([res.status, res.headers["content-type"], res.body]).toEqual([502, "text/plain; charset=UTF-8", "<h1>Bad Gateway</h1>"]);
    } finally {
      await emulator.stop();
    }
  });

  it("starts once, stops twice, and has a URL only while started", async () => {
    const emulator = createEmulator({ tables, credentials: [CREDS] });
    const url = await emulator.start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.url).toBe(url);
    await expect(emulator.start()).rejects.toThrow("E_STATE: the emulator is already started; stop it first");
    await emulator.stop();
    await emulator.stop();
    expect(emulator.url).toBeUndefined();
  });

  it.each([
    [{ tables: [], credentials: [] }, "E_OPTIONS: tables must be an object of table definitions by name"],
    [{ tables: {}, credentials: {} }, "E_OPTIONS: credentials must be an array of {applicationKey, authenticationTokenSha256 or authenticationToken, tables}"],
    [{ tables: {}, credentials: [{ applicationKey: "secret-key", authenticationToken: "" }] }, "E_OPTIONS: credentials[0].authenticationToken must be a non-empty string"],
    [{ tables: {}, credentials: [], pageSize: 0 }, "E_OPTIONS: pageSize must be a whole number of at least 1"],
    [{ tables: {}, credentials: [], maxBodyBytes: 1.5 }, "E_OPTIONS: maxBodyBytes must be a whole number of at least 1"],
    [{ tables: {}, credentials: [], hooks: { latencyMs: -1 } }, "E_OPTIONS: hooks.latencyMs must be a number of milliseconds, 0 or more"],
    [{ tables: {}, credentials: [], hooks: { failures: { count: 1, status: 200 } } }, "E_OPTIONS: hooks.failures.status must be an HTTP status from 400 to 599"],
    [{ tables: {}, credentials: [], hooks: { nonJson: { count: 0 } } }, "E_OPTIONS: hooks.nonJson.count must be a whole number of at least 1"],
    [{ tables: { t: { primaryKey: "id", items: [{}] } }, credentials: [] }, 'E_ITEM: table "t": item 0 needs its primary key "id" as a string or a finite number'],
  ])("refuses the options %j", (options, message) => {
    expect(() => createEmulator(options as never)).toThrow(EmulatorError);
    expect(() => createEmulator(options as never)).toThrow(message);
  });
});
