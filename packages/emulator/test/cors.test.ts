import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, EmulatorError, type Emulator, type EmulatorOptions } from "../src/index.js";

const CREDS = { applicationKey: "app-key-1", authenticationToken: "token-1" };
const JSON_TYPE = "application/json; charset=UTF-8";
const PAGE = "http://localhost:5173";
const tables = { people: { primaryKey: "id", items: [{ id: "a", age: 3 }] } };
const listBody = JSON.stringify({ ...CREDS, table: "people" });

interface Answer {
  status: number;
  /** The CORS headers and Vary, as sent; the others are left out. */
  cors: Record<string, string>;
  body: string;
}

/** One request with the headers a browser would send; only the CORS headers of the answer are kept. */
function send(base: string, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  const url = new URL(base);
  const method = options.method ?? "POST";
  const headers = { ...(method === "POST" ? { "Content-Type": JSON_TYPE } : {}), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: options.path ?? "/listItems", method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const cors = Object.fromEntries(Object.entries(res.headers).filter(([name]) => name.startsWith("access-control-") || name === "vary" || name === "content-length") as [string, string][]);
        resolve({ status: res.statusCode!, cors, body: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end(options.body ?? (method === "POST" ? listBody : undefined));
  });
}

const error = (code: number, message: string): string => JSON.stringify({ error: { code, message } });
const page = '{"data":{"items":[{"id":"a","age":3}]}}';
const allowed = { "access-control-allow-origin": PAGE, "access-control-expose-headers": "Retry-After", vary: "Origin" };
const preflight = (extra: Record<string, string> = {}) => ({ method: "OPTIONS", headers: { Origin: PAGE, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "accept,content-type", ...extra } });
const refusedBy = (origin: string): string =>
  error(403, `the Origin ${JSON.stringify(origin)} is not allowed (allowedOrigins: ${PAGE}, https://app.example); to let that page call this server, add its origin (itemfilter serve --allow-origin ORIGIN)`);

describe("allowedOrigins (CORS)", () => {
  let emulator: Emulator;
  let base: string;
  beforeAll(async () => {
    emulator = createEmulator({ tables, credentials: [CREDS], allowedOrigins: [PAGE, "https://app.example"], hooks: { failures: { count: 1, status: 503, retryAfter: 2 } } });
    base = await emulator.start();
    // The first request takes the injected 503: a listed origin reads it, Retry-After included.
    const failed = await send(base, { headers: { Origin: PAGE } });
    expect(failed).toEqual({ status: 503, cors: { ...allowed, "content-length": String(failed.body.length) }, body: error(503, "injected failure (test hook)") });
  });
  afterAll(() => emulator.stop());

  it("answers a preflight from a listed origin: 204, POST with the client's two headers, no body", async () => {
    const before = emulator.requestCount;
    expect(await send(base, preflight())).toEqual({
      status: 204,
      cors: { ...allowed, "access-control-allow-methods": "POST", "access-control-allow-headers": "Content-Type, Accept", "access-control-max-age": "600" },
      body: "",
    });
    expect(emulator.requestCount).toBe(before + 1);
  });

  it("lets a public page that asks for the private network (Chromium's Private Network Access) through, when listed", async () => {
    const res = await send(base, preflight({ "Access-Control-Request-Private-Network": "true" }));
    expect(res.status).toBe(204);
    expect(res.cors["access-control-allow-private-network"]).toBe("true");
  });

  it.each<[string, Parameters<typeof send>[1], number, string]>([
    ["a page", {}, 200, page],
    ["unknown credentials", { body: JSON.stringify({ ...CREDS, authenticationToken: "nope", table: "people" }) }, 401, error(401, "unknown applicationKey or authenticationToken")],
    ["an unknown table", { body: JSON.stringify({ ...CREDS, table: "nope" }) }, 404, error(404, 'there is no table "nope"')],
    ["a GET", { method: "GET" }, 405, error(405, "listItems takes POST, not GET")],
    ["an OPTIONS that is not a preflight", { method: "OPTIONS" }, 405, error(405, "listItems takes POST, not OPTIONS")],
    ["text/plain", { headers: { "Content-Type": "text/plain" } }, 415, error(415, "the Content-Type must be application/json; charset=UTF-8")],
  ])("names a listed origin on every answer, errors included: %s", async (_, options, status, body) => {
    const res = await send(base, { ...options, headers: { Origin: PAGE, ...options.headers } });
    expect(res).toEqual({ status, cors: { ...allowed, "content-length": String(Buffer.byteLength(body)) }, body });
  });

  it.each<[string, string, Parameters<typeof send>[1]]>([
    ["a POST", "http://evil.example", {}],
    ["a POST from a listed host on another port", "http://localhost:5174", {}],
    ["a POST from the listed host over another scheme", "https://localhost:5173", {}],
    ["a POST from a sandboxed frame or file", "null", {}],
    ["a preflight", "http://evil.example", preflight()],
  ])("refuses %s from an origin it does not list (%s): 403, no CORS headers", async (_, origin, options) => {
    const res = await send(base, { ...options, headers: { ...options.headers, Origin: origin } });
    expect(res).toEqual({ status: 403, cors: { vary: "Origin", "content-length": String(Buffer.byteLength(refusedBy(origin))) }, body: refusedBy(origin) });
  });

  it.each<[string, Record<string, string>]>([
    ["no Origin (not a browser, or a same-origin GET)", {}],
    ["its own origin (a page it serves)", { Origin: "http://127.0.0.1:PORT" }],
    ["its own origin under another loopback name", { Origin: "http://localhost:PORT", Host: "localhost:PORT" }],
  ])("serves a request with %s, without CORS headers", async (_, headers) => {
    const port = new URL(base).port;
    const res = await send(base, { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace("PORT", port)])) });
    expect(res).toEqual({ status: 200, cors: { vary: "Origin", "content-length": String(page.length) }, body: page });
  });

  it("checks the Host first: a listed origin on a name it does not answer to gets 421", async () => {
    const res = await send(base, { ...preflight(), headers: { ...preflight().headers, Host: "evil.example" } });
    expect(res.status).toBe(421);
    expect(JSON.parse(res.body).error.message).toMatch(/^the Host "evil\.example" is not a name this emulator answers to/);
  });
});

describe("without allowedOrigins", () => {
  it("sends no CORS headers, answers OPTIONS 405 as before, and does not look at Origin", async () => {
    const emulator = createEmulator({ tables, credentials: [CREDS] });
    const base = await emulator.start();
    try {
      expect(await send(base, preflight())).toEqual({ status: 405, cors: { "content-length": "68" }, body: error(405, "listItems takes POST, not OPTIONS") });
      // A proxy (Vite's server.proxy, say) forwards its page's Origin: still served.
      expect(await send(base, { headers: { Origin: "http://evil.example" } })).toEqual({ status: 200, cors: { "content-length": String(page.length) }, body: page });
    } finally {
      await emulator.stop();
    }
  });
});

describe("allowedOrigins, checked", () => {
  it.each<[unknown, string]>([
    ["*", 'allowedOrigins[0] "*" is refused: every request carries an application key and token (the demo ones are public), so any web page could read this server; list each page\'s origin, such as "http://localhost:5173"'],
    ["null", 'allowedOrigins[0] "null" is refused: it is the origin of every sandboxed frame and local file, whatever their site; serve the page over http(s) and list its origin'],
    ["http://localhost:5173/", 'allowedOrigins[0] "http://localhost:5173/" is not an origin as a browser sends it (scheme://host[:port]: no path, query or wildcard, lower case, no default port): write "http://localhost:5173"'],
    ["http://LocalHost:5173", 'allowedOrigins[0] "http://LocalHost:5173" is not an origin as a browser sends it (scheme://host[:port]: no path, query or wildcard, lower case, no default port): write "http://localhost:5173"'],
    ["https://app.example:443", 'allowedOrigins[0] "https://app.example:443" is not an origin as a browser sends it (scheme://host[:port]: no path, query or wildcard, lower case, no default port): write "https://app.example"'],
    ["https://*.example", 'allowedOrigins[0] "https://*.example" is refused: origins are listed one by one, with no wildcard; list each page\'s origin, such as "http://localhost:5173"'],
    ["app.example", 'allowedOrigins[0] "app.example" is not an origin: write scheme://host[:port], such as "http://localhost:5173"'],
    ["localhost:5173", 'allowedOrigins[0] "localhost:5173" is not an http:// or https:// origin'],
    ["file:///home/me/page.html", 'allowedOrigins[0] "file:///home/me/page.html" is not an http:// or https:// origin'],
    ["http://me:secret@app.example", 'allowedOrigins[0] an origin has no user info: write "http://app.example"'],
    ["", 'allowedOrigins[0] must be an origin such as "http://localhost:5173"'],
    [5173, 'allowedOrigins[0] must be an origin such as "http://localhost:5173"'],
  ])("%j: %s", (origin, message) => {
    const made = (): unknown => createEmulator({ tables, credentials: [CREDS], allowedOrigins: [origin as string] });
    expect(made).toThrow(EmulatorError);
    expect(made).toThrow(`E_OPTIONS: ${message}`);
  });

  it.each<[unknown]>([[[]], ["http://localhost:5173"], [null]])("%j is not a list of origins", (allowedOrigins) => {
    expect(() => createEmulator({ tables, credentials: [CREDS], allowedOrigins: allowedOrigins as EmulatorOptions["allowedOrigins"] })).toThrow(
      'E_OPTIONS: allowedOrigins must be a non-empty array of origins, such as ["http://localhost:5173"]',
    );
  });

  it("names the origin at fault by its index", () => {
    expect(() => createEmulator({ tables, credentials: [CREDS], allowedOrigins: [PAGE, "*"] })).toThrow(/^E_OPTIONS: allowedOrigins\[1\] "\*" is refused/);
  });
});
