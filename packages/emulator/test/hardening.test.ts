import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedHostsFor, createEmulator, isAllowedHost, isWildcardHost, type Emulator, type EmulatorOptions } from "../src/index.js";

const CREDS = { applicationKey: "app-key-1", authenticationToken: "token-1" };
const JSON_TYPE = "application/json; charset=UTF-8";
const tables = { people: { primaryKey: "id", items: [{ id: "a", age: 3 }] } };
const BODY = JSON.stringify({ ...CREDS, table: "people" });

/** One request with a chosen Host header (or none), on a fresh connection. */
function send(base: string, host: string | undefined, path = "/listItems", method = "POST", body = BODY): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "Content-Type": JSON_TYPE };
    const req = request({ host: url.hostname, port: url.port, path, method, headers, agent: false, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString("utf8") }));
    });
    if (host !== undefined) req.setHeader("Host", host);
    req.on("error", reject);
    req.end(method === "GET" ? undefined : body);
  });
}

/** Resolves when the socket closes; rejects if it is still open after `guardMs` (a liveness guard, far above the limit under test). */
function closed(socket: Socket, guardMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    const guard = setTimeout(() => reject(new Error(`the connection was still open after ${guardMs} ms`)), guardMs);
    socket.on("close", () => {
      clearTimeout(guard);
      resolve(text);
    });
    socket.on("error", () => {});
  });
}

const misdirected = (shown: string) =>
  JSON.stringify({
    error: {
      code: 421,
      message: `${shown} is not a name this emulator answers to (127.0.0.1, localhost, [::1]); it refuses others so that web pages cannot reach it through DNS rebinding (see allowedHosts)`,
    },
  });

describe("the Host check (DNS rebinding)", () => {
  let emulator: Emulator;
  let base: string;
  let port: string;
  beforeAll(async () => {
    emulator = createEmulator({ tables, credentials: [CREDS] });
    base = await emulator.start();
    port = new URL(base).port;
  });
  afterAll(() => emulator.stop());

  it.each<[string, () => string | undefined, number, string | undefined]>([
    ["127.0.0.1 with the port", () => `127.0.0.1:${port}`, 200, undefined],
    ["localhost without a port", () => "localhost", 200, undefined],
    ["LocalHost in another case", () => `LocalHost:${port}`, 200, undefined],
    ["[::1]", () => `[::1]:${port}`, 200, undefined],
    ["another name", () => `evil.example:${port}`, 421, misdirected('the Host "evil.example"')],
    ["a name that starts like localhost", () => "localhost.evil.example", 421, misdirected('the Host "localhost.evil.example"')],
    ["a name that starts like 127.0.0.1", () => "127.0.0.1.nip.io", 421, misdirected('the Host "127.0.0.1.nip.io"')],
    ["an empty Host", () => "", 421, misdirected("no Host header")],
  ])("%s: %s", async (_, host, status, body) => {
    const res = await send(base, host());
    expect(res.status).toBe(status);
    if (body !== undefined) expect(res.body).toBe(body);
  });

  it("refuses another Host on any path, before anything else", async () => {
    for (const [path, method] of [["/", "GET"], ["/queryItems", "GET"], ["/nope", "POST"]] as const) {
      const res = await send(base, "evil.example", path, method);
      expect(res).toEqual({ status: 421, body: misdirected('the Host "evil.example"') });
    }
  });

  it.each<[EmulatorOptions["allowedHosts"], string, number]>([
    [["api.test"], "api.test:80", 200],
    [["api.test"], "localhost", 421],
    [["[::1]", "Box.Local"], "box.local", 200],
    ["any", "evil.example", 200],
  ])("allowedHosts %j and Host %j: %i", async (allowedHosts, host, status) => {
    const e = createEmulator({ tables, credentials: [CREDS], allowedHosts });
    const url = await e.start();
    try {
      expect((await send(url, host)).status).toBe(status);
    } finally {
      await e.stop();
    }
  });

  it.each<[string[] | "any" | undefined, string | undefined, string, boolean]>([
    [undefined, undefined, "localhost:1", true],
    [undefined, undefined, "192.168.1.5:1", false],
    [undefined, "192.168.1.5", "192.168.1.5:1", true],
    [undefined, "192.168.1.5", "localhost", true],
    [undefined, "192.168.1.5", "evil.example", false],
    [undefined, "::1", "[::1]:8080", true],
    [undefined, "0.0.0.0", "evil.example", true],
    [undefined, "::", "anything", true],
    [["a.test"], "0.0.0.0", "evil.example", false],
  ])("allowedHostsFor(%j, %j) takes Host %j: %s", (allowed, listen, header, expected) => {
    expect(isAllowedHost(header, allowedHostsFor(allowed, listen))).toBe(expected);
  });

  // Issue 33 §2: the resolver reads every one of these as the unspecified address, so each binds every interface.
  it.each([
    ["0.0.0.0", true],
    ["0", true],
    ["0x0", true],
    ["0.0", true],
    ["00", true],
    ["000.000.000.000", true],
    ["0x00000000", true],
    ["::", true],
    ["::0", true],
    ["[::]", true],
    ["0:0:0:0:0:0:0:0", true],
    ["::ffff:0.0.0.0", true],
    [" 0 ", true],
    ["127.0.0.1", false],
    ["localhost", false],
    ["::1", false],
    ["0.0.0.1", false],
    ["10.0.0.0", false],
    ["example.com", false],
    ["0.example", false],
  ])("isWildcardHost(%j) is %s, and allowedHostsFor answers any Host name only for a wildcard", (host, wildcard) => {
    expect(isWildcardHost(host)).toBe(wildcard);
    expect(isAllowedHost("evil.example", allowedHostsFor(undefined, host))).toBe(wildcard);
  });

  it.each([[[]], [["a b"]], [["localhost:80/"]], ["all"]])("refuses allowedHosts %j", (allowedHosts) => {
    expect(() => createEmulator({ tables, credentials: [CREDS], allowedHosts: allowedHosts as never })).toThrow(
      'E_OPTIONS: allowedHosts must be "any" or a non-empty array of host names (such as "localhost" or "[::1]", without a port)',
    );
  });
});

describe("handle() and start({fallback}) let one server serve a page and the operations", () => {
  it("handle serves the operations and refuses bad Hosts, and leaves other paths to the caller", async () => {
    const emulator = createEmulator({ tables, credentials: [CREDS] });
    const server = createServer((req, res) => {
      if (!emulator.handle(req, res)) res.writeHead(200, { "Content-Type": "text/plain" }).end(`page ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await send(base, "localhost", "/", "GET")).toEqual({ status: 200, body: "page /" });
      expect(await send(base, "localhost", "/listItems")).toEqual({ status: 200, body: '{"data":{"items":[{"id":"a","age":3}]}}' });
      expect((await send(base, "localhost", "/queryItems", "GET")).status).toBe(405);
      expect((await send(base, "evil.example", "/", "GET")).status).toBe(421);
      expect(emulator.requestCount).toBe(3);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("start({fallback}) sends other paths to the fallback instead of the JSON 404", async () => {
    const emulator = createEmulator({ tables, credentials: [CREDS] });
    const base = await emulator.start({ fallback: (req, res) => res.end(`fallback ${req.method} ${req.url}`) });
    try {
      expect(await send(base, "127.0.0.1", "/index.html", "GET")).toEqual({ status: 200, body: "fallback GET /index.html" });
      expect((await send(base, "127.0.0.1")).status).toBe(200);
      expect((await send(base, "evil.example", "/index.html", "GET")).status).toBe(421);
    } finally {
      await emulator.stop();
    }
  });
});

describe("connection timeouts and the connection cap", () => {
  const started: Emulator[] = [];
  afterAll(() => Promise.all(started.map((e) => e.stop())));
  async function start(options: Partial<EmulatorOptions>): Promise<URL> {
    const e = createEmulator({ tables, credentials: [CREDS], ...options });
    started.push(e);
    return new URL(await e.start());
  }

  it("closes a connection that sends nothing after idleTimeoutMs (the request timeout set far off)", async () => {
    const url = await start({ idleTimeoutMs: 100, requestTimeoutMs: 600_000 });
    const socket = connect(Number(url.port), "127.0.0.1");
    expect(await closed(socket)).toBe("");
  });

  it("closes a kept-alive connection after keepAliveTimeoutMs", async () => {
    const url = await start({ keepAliveTimeoutMs: 100 });
    const socket = connect(Number(url.port), "127.0.0.1", () => {
      socket.write(`POST /listItems HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`);
    });
    const text = await closed(socket);
    expect(text.startsWith("HTTP/1.1 200 OK\r\n")).toBe(true);
    expect(text).toContain("Keep-Alive: timeout=0");
  });

  it("refuses connections past maxConnections, and serves again once one closes", async () => {
    const url = await start({ maxConnections: 2 });
    const port = Number(url.port);
    // Two connections the server has surely accepted: each has had an answer.
    const held: Socket[] = [];
    for (let i = 0; i < 2; i++) {
      const socket = connect(port, "127.0.0.1");
      await new Promise<void>((resolve) => {
        socket.once("data", () => resolve());
        socket.write(`POST /listItems HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`);
      });
      held.push(socket);
    }
    const third = connect(port, "127.0.0.1", () => third.write(`POST /listItems HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`));
    expect(await closed(third)).toBe("");
    held[0]!.destroy();
    // The server counts the closed connection out on its own schedule; ask until it has room.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) status = await send(url.href, "127.0.0.1").then((r) => r.status, () => 0);
    expect(status).toBe(200);
    held[1]!.destroy();
  });

  it.each([
    [{ idleTimeoutMs: 2 ** 31 }, "E_OPTIONS: idleTimeoutMs must be a whole number of milliseconds from 1 to 2147483647"],
    [{ keepAliveTimeoutMs: 0 }, "E_OPTIONS: keepAliveTimeoutMs must be a whole number of milliseconds from 1 to 2147483647"],
    [{ requestTimeoutMs: 1e12 }, "E_OPTIONS: requestTimeoutMs must be a whole number of milliseconds from 1 to 2147483647"],
    [{ maxConnections: 0 }, "E_OPTIONS: maxConnections must be a whole number of at least 1"],
    [{ idleTimeoutMs: 100, hooks: { latencyMs: 100 } }, "E_OPTIONS: hooks.latencyMs must be less than idleTimeoutMs (100)"],
  ])("refuses %j", (options, message) => {
    expect(() => createEmulator({ tables, credentials: [CREDS], ...options })).toThrow(message);
  });
});

describe("backpressure: a client that does not read", () => {
  // About 20 MB of page: more than loopback's socket buffers can swallow on both ends.
  const big = { people: { primaryKey: "id", items: Array.from({ length: 10_000 }, (_, i) => ({ id: `u${String(i).padStart(5, "0")}`, pad: "x".repeat(2000) })) } };
  let server: Server | undefined;
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it("holds back the rest of a page (the server buffers little), then drops the connection after idleTimeoutMs", async () => {
    const emulator = createEmulator({ tables: big, credentials: [CREDS], pageSize: 10_000, idleTimeoutMs: 300 });
    const serverSockets: Socket[] = [];
    server = createServer((req, res) => void emulator.handle(req, res));
    // The same idle timeout the emulator's own server sets, so the test watches the handler's writes.
    server.timeout = 300;
    server.on("connection", (socket: Socket) => serverSockets.push(socket));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;

    const client = connect(port, "127.0.0.1", () => {
      const body = JSON.stringify({ ...CREDS, table: "people" });
      client.write(`POST /listItems HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      client.pause();
    });
    const done = new Promise<void>((resolve) => client.on("close", () => resolve()));
    client.on("error", () => {});
    // Wait until the server side is blocked on a full socket.
    let most = 0;
    const serverSocket = await new Promise<Socket>((resolve) => {
      const poll = setInterval(() => {
        const s = serverSockets[0];
        if (s === undefined) return;
        most = Math.max(most, s.writableLength);
        if (s.writableNeedDrain || s.destroyed) {
          clearInterval(poll);
          resolve(s);
        }
      }, 5);
    });
    most = Math.max(most, serverSocket.writableLength);
    // Without backpressure the whole ~20 MB answer (less what the kernel took) sits here.
    expect(most).toBeLessThan(256 * 1024);
    // The client never reads: the idle timeout ends it.
    await new Promise<void>((resolve) => (serverSocket.destroyed ? resolve() : serverSocket.on("close", () => resolve())));
    client.destroy();
    await done;
  });
});
