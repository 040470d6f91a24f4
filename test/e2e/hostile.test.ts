import { createClient, RedirectError, ResponseTooLargeError, type FetchLike } from "@itemfilter/client";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { APP_KEY, TOKEN } from "./fixtures.js";

/** Servers a test starts on 127.0.0.1; all are stopped after the file. */
const servers: Server[] = [];
afterAll(() =>
  Promise.all(
    servers.map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  ),
);

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

const FETCHES: [string, FetchLike | undefined][] = [
  ["node-fetch", undefined],
  ["the platform's fetch", globalThis.fetch as unknown as FetchLike],
];

const client = (port: number, fetch: FetchLike | undefined, extra: Record<string, unknown> = {}) =>
  createClient({ baseUrl: `http://127.0.0.1:${port}`, applicationKey: APP_KEY, authenticationToken: TOKEN, sleep: async () => {}, ...(fetch === undefined ? {} : { fetch }), ...extra });

describe("a server that redirects gets no credentials anywhere else", () => {
  it.each(FETCHES.flatMap(([name, fetch]) => [301, 302, 303, 307, 308].map((status) => [name, status, fetch] as const)))("%s, HTTP %i", async (_, status, fetch) => {
    const captured: string[] = [];
    const capture = await listen((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        captured.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString("utf8")}`);
        res.writeHead(200, { "Content-Type": "application/json" }).end('{"data":{"items":[{"from":"the other host"}]}}');
      });
    });
    let requests = 0;
    const redirecting = await listen((req, res) => {
      requests++;
      req.resume();
      res.writeHead(status, { Location: `http://localhost:${capture}/capture` }).end();
    });
    const c = client(redirecting, fetch);
    const error = await c.listItems({ table: "people" }).catch((e: unknown) => e);
    c.close();
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({
      code: "E_REDIRECT",
      status,
      attempts: 1,
      targetOrigin: `http://localhost:${capture}`,
      message: `listItems: the service answered HTTP ${status}, a redirect to http://localhost:${capture}; the client does not follow redirects, since the credentials travel in the body: point baseUrl at the final address`,
    });
    expect(requests).toBe(1);
    expect(captured).toEqual([]);
  });
});

describe("a response over maxResponseBytes", () => {
  const MAX = 1 << 20;
  const ITEM = `{"id":"${"x".repeat(1000)}"}`;

  /** A valid page of about 40 MB, written as the client reads it; counts what went out. */
  async function hugePage(declareLength: boolean): Promise<{ port: number; sent: () => number; requests: () => number }> {
    let sent = 0;
    let requests = 0;
    const count = 40_000;
    const total = '{"data":{"items":['.length + count * ITEM.length + (count - 1) + "]}}".length;
    const port = await listen((req, res) => {
      requests++;
      req.resume();
      res.writeHead(200, { "Content-Type": "application/json", ...(declareLength ? { "Content-Length": String(total) } : {}) });
      let i = 0;
      const write = (): void => {
        let ok = true;
        if (i === 0) ok = res.write('{"data":{"items":[');
        while (ok && i < count) {
          const chunk = `${i === 0 ? "" : ","}${ITEM}`;
          sent += chunk.length;
          ok = res.write(chunk);
          i++;
        }
        if (i === count) res.end("]}}");
        else res.once("drain", write);
      };
      write();
    });
    return { port, sent: () => sent, requests: () => requests };
  }

  it.each(FETCHES.flatMap(([name, fetch]) => [false, true].map((declared) => [name, declared, fetch] as const)))("%s, Content-Length declared: %s — a typed error, not retried, reading stopped", async (_, declared, fetch) => {
    const server = await hugePage(declared);
    const c = client(server.port, fetch, { maxResponseBytes: MAX });
    const error = await c.listItems({ table: "people" }).catch((e: unknown) => e);
    c.close();
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({
      code: "E_RESPONSE_TOO_LARGE",
      attempts: 1,
      status: 200,
      maxResponseBytes: MAX,
      message: `listItems: the response body is larger than ${MAX} bytes (maxResponseBytes); reading stopped there. Ask for smaller pages with limit, or raise maxResponseBytes`,
    });
    expect(server.requests()).toBe(1);
    // The connection was dropped long before the 40 MB were out (what was sent sits in socket buffers at most).
    expect(server.sent()).toBeLessThan(20 * MAX);
  });
});
