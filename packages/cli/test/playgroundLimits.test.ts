import { createEmulator, DEFAULT_SERVER_LIMITS } from "@itemfilter/emulator";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPlaygroundServer, type PlaygroundServer } from "../src/playground/playgroundServer.js";
import { startServe } from "./runCli.js";

/** Issue 18, items 2 and 11: the playground's server holds like serve's, and its Host check ignores case. */

const CREDENTIALS = { applicationKey: "demo-app", authenticationToken: "demo-token" };
const JSON_TYPE = "application/json; charset=UTF-8";

function get(port: number, host: string, path = "/"): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ hostname: "127.0.0.1", port, path, headers: { host } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

function post(port: number, host: string, path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ hostname: "127.0.0.1", port, path, method: "POST", headers: { host, "content-type": JSON_TYPE, "content-length": Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * A raw connection; resolves once connected. `closed` resolves (to the ms it
 * lived) when the server ends it. Whatever arrives is counted in `received`,
 * since a socket that is not read never sees its end.
 */
async function open(port: number): Promise<{ socket: Socket; closed: Promise<number>; received: () => number }> {
  const started = Date.now();
  const socket = connect(port, "127.0.0.1");
  let received = 0;
  socket.on("data", (chunk: Buffer) => (received += chunk.length));
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - started)));
  await new Promise<void>((resolve) => {
    socket.once("connect", () => resolve());
    socket.once("close", () => resolve());
  });
  return { socket, closed, received: () => received };
}

const portOf = (url: string): number => Number(new URL(url).port);

describe("issue 18 item 11: the playground's Host check compares host names case-insensitively", () => {
  it.each([["LOCALHOST"], ["LocalHost"], ["127.0.0.1"]])("%s:port gets the page and the operations", async (name) => {
    const serving = await startServe(["playground", "--port", "0"]);
    try {
      const port = portOf(serving.url);
      expect(await get(port, `${name}:${port}`)).toBe(200);
      expect(await post(port, `${name}:${port}`, "/listItems", JSON.stringify({ ...CREDENTIALS, table: "users", limit: 1 }))).toBe(200);
      expect(await get(port, `evil.example:${port}`)).toBe(403);
    } finally {
      await serving.stop();
    }
  });
});

describe("issue 18 item 2: the playground's server has serve's limits", () => {
  let server: PlaygroundServer | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await server?.stop();
    server = undefined;
  });

  /** A playground server whose operations are an emulator with these limits too. */
  async function start(limits: typeof DEFAULT_SERVER_LIMITS, items: Record<string, unknown>[] = [{ id: "a" }], emulatorLimits: Partial<typeof DEFAULT_SERVER_LIMITS> & { pageSize?: number } = limits): Promise<number> {
    const emulator = createEmulator({ tables: { t: { primaryKey: "id", items } }, credentials: [CREDENTIALS], ...emulatorLimits });
    server = createPlaygroundServer({
      files: new Map([["/index.html", { body: Buffer.from("<!doctype html><title>p</title>"), type: "text/html; charset=utf-8" }]]),
      tables: [],
      credentials: CREDENTIALS,
      operations: (req, res) => void emulator.handle(req, res),
      limits,
    });
    return portOf(await server.start(0));
  }

  it("the command's own server closes connections past serve's cap (256) as they arrive", async () => {
    const serving = await startServe(["playground", "--port", "0"]);
    try {
      const port = portOf(serving.url);
      const conns = [];
      for (let i = 0; i < DEFAULT_SERVER_LIMITS.maxConnections + 20; i++) conns.push(await open(port));
      for (const c of conns) sockets.push(c.socket);
      // The connections past the cap are closed as they arrive (this waits for it, with the test's hang guard as its
      // bound: no guess of how long "a moment" is, which load stretches). Those within it are not asked about: the
      // server's own 10 s request timeout may close them too while a loaded machine opens the rest.
      await Promise.all(conns.slice(DEFAULT_SERVER_LIMITS.maxConnections).map((c) => c.closed));
    } finally {
      for (const s of sockets.splice(0)) s.destroy();
      await serving.stop();
    }
  });

  it("drops a connection that sends nothing after the idle and request timeouts", async () => {
    const port = await start({ requestTimeoutMs: 300, keepAliveTimeoutMs: 200, idleTimeoutMs: 400, maxConnections: 10 });
    const c = await open(port);
    sockets.push(c.socket);
    // The server ends it (the client never does): were the timeouts not armed, this would wait until the test's hang guard.
    await expect(c.closed).resolves.toBeTypeOf("number");
  });

  it("drops a request whose body never finishes, on the page's paths and on the operations", async () => {
    const port = await start({ requestTimeoutMs: 300, keepAliveTimeoutMs: 200, idleTimeoutMs: 5000, maxConnections: 10 });
    for (const path of ["/", "/listItems"]) {
      const c = await open(port);
      sockets.push(c.socket);
      c.socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: 1000\r\n\r\n{"a":`);
      // Ended by the server's request timeout (the idle one is set far off); no wall-time bound, which a loaded machine would break.
      await expect(c.closed).resolves.toBeTypeOf("number");
    }
  });

  it("drops a connection that posts listItems and never reads its answer", async () => {
    // About 10 MB of page: more than loopback's socket buffers hold.
    const items = Array.from({ length: 5000 }, (_, i) => ({ id: `u${String(i).padStart(5, "0")}`, pad: "x".repeat(2000) }));
    // The emulator's handler keeps its default limits: the server alone must drop the connection.
    const port = await start({ requestTimeoutMs: 1000, keepAliveTimeoutMs: 200, idleTimeoutMs: 400, maxConnections: 10 }, items, { pageSize: 5000 });
    // The server runs in this process: its end of the connection is one of this process's TCP sockets, so the
    // test sees it go (not a guess of how long the server takes to fill the buffers, which load stretches).
    const tcpSockets = (): number => process.getActiveResourcesInfo().filter((r) => r === "TCPSocketWrap").length;
    const before = tcpSockets();
    const c = await open(port);
    sockets.push(c.socket);
    c.socket.pause();
    while (tcpSockets() < before + 2) await new Promise((r) => setTimeout(r, 10));
    const body = JSON.stringify({ ...CREDENTIALS, table: "t", limit: 5000 });
    c.socket.write(`POST /listItems HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    // Not reading until the server has dropped its end; then what is left to read ends short of the page.
    while (tcpSockets() > before + 1) await new Promise((r) => setTimeout(r, 20));
    c.socket.resume();
    // Dropped by the server: the connection ends (a kept-alive one would stay open) short of the whole page.
    await expect(c.closed).resolves.toBeTypeOf("number");
    expect(c.received()).toBeLessThan(5000 * 2000);
  });

  it("closes connections past maxConnections as they arrive", async () => {
    // Timeouts far off (a minute), so that only the cap can close a connection while the test runs, however slowly.
    const port = await start({ requestTimeoutMs: 60_000, keepAliveTimeoutMs: 60_000, idleTimeoutMs: 60_000, maxConnections: 3 });
    const conns = [];
    for (let i = 0; i < 6; i++) conns.push(await open(port));
    for (const c of conns) sockets.push(c.socket);
    // The three past the cap are closed (else this waits for the hang guard); the three within it are open.
    await Promise.all(conns.slice(3).map((c) => c.closed));
    expect(conns.map((c) => c.socket.destroyed)).toEqual([false, false, false, true, true, true]);
  });
});

describe("issue 18 item 11: serve --host 0.0.0.0 says DNS-rebinding protection is off", () => {
  it("warns for a wildcard address, and not for loopback or a named address", async () => {
    const wild = await startServe(["serve", "--port", "0", "--host", "0.0.0.0"]);
    const wildRun = await wild.stop();
    expect(wildRun.stderr).toContain("Warning: with --host 0.0.0.0 any Host name is answered, so DNS-rebinding protection is off");
    const local = await startServe(["serve", "--port", "0", "--host", "127.0.0.1"]);
    const localRun = await local.stop();
    expect(localRun.stderr).not.toContain("DNS-rebinding");
  });
});
