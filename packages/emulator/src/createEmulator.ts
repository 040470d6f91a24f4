import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { checkOptions } from "./checkOptions.js";
import { createGuardedServer } from "./createGuardedServer.js";
import { EmulatorError } from "./EmulatorError.js";
import { parseJsonBody } from "./parseJsonBody.js";
import { readBody } from "./readBody.js";
import { readCredentials, type Operation } from "./readMembers.js";
import { RequestError } from "./RequestError.js";
import { serveOperation } from "./serveOperation.js";
import { pageKeySeal } from "./sealPageKey.js";
import { corsHeaders, originVerdict, preflightHeaders, refusedOriginMessage } from "./allowedOrigins.js";
import { allowedHostsFor, headerHostName, hostName, isAllowedHost, isWildcardHost, type AllowedHosts } from "./hostCheck.js";
import { admitRequest, waitForTurn } from "./pipelining.js";
import { pageParts, writeParts } from "./writeResponse.js";
import { memoryStore } from "./memoryStore.js";
import type { EmulatorOptions } from "./types.js";

export interface StartOptions {
  /** The port; 0 (any free port) when left out. */
  port?: number;
  /**
   * The address to listen on; 127.0.0.1 when left out. Giving one also
   * lets requests name it in their Host header (any name, for a wildcard
   * address such as 0.0.0.0), unless `allowedHosts` says otherwise.
   */
  host?: string;
  /**
   * Serves requests for other paths (a page, say) on the same server, with
   * the same Host check, timeouts and connection cap. Without it they get
   * the emulator's JSON 404.
   */
  fallback?: (req: IncomingMessage, res: ServerResponse) => void;
}

/** What the in-process fetch reads of a request. */
export interface InProcessInit {
  method?: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
  signal?: AbortSignal;
}

/** The in-process fetch's answer: what @itemfilter/client reads of a response. */
export interface InProcessResponse {
  status: number;
  headers: { get(name: string): string | null };
  url: string;
  redirected: false;
  text(): Promise<string>;
}

export interface Emulator {
  /** Listens (on 127.0.0.1 and any free port when left out) and resolves to the base URL, such as `http://127.0.0.1:41234`. */
  start(options?: number | StartOptions): Promise<string>;
  /** Closes the server and every open connection, and ends every answer held back by latencyMs. Safe to call twice, and when not started. */
  stop(): Promise<void>;
  /**
   * The emulator as a request handler, for a server of your own: refuses a
   * request whose Host is not allowed (421) and serves /listItems and
   * /queryItems (with allowedOrigins, their CORS preflights too, and 403 for
   * an Origin it does not list), returning true; returns false, without touching the
   * request, for any other path with an allowed Host, so your server can
   * serve it. Your server should set the timeouts and cap this README lists.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * The emulator without a socket: a fetch function (the client's `fetch`
   * option takes it) that answers exactly as the server would, test hooks
   * and limits included, for the path of the URL it is given. There is no
   * Host check, since no web page can reach it. Nothing needs to be started.
   */
  fetch(url: string, init?: InProcessInit): Promise<InProcessResponse>;
  /** The base URL while started. */
  readonly url: string | undefined;
  /** Requests received so far for the emulator (its two operations, unknown paths without a fallback, refused Hosts), answered or not. */
  readonly requestCount: number;
}

const ROUTES: Readonly<Record<string, Operation>> = { "/listItems": "listItems", "/queryItems": "queryItems" };
const notFoundError = (): RequestError => new RequestError(404, "there is no such operation; POST to /listItems or /queryItems");

/** The operation a request path names, or undefined. */
function operationOf(url: string): Operation | undefined {
  // The paths as clients send them need no URL parsing (a URL object per request was 2% of a small query's time).
  if (Object.hasOwn(ROUTES, url)) return ROUTES[url];
  let path: string;
  try {
    path = new URL(url, "http://127.0.0.1").pathname;
  } catch {
    return undefined;
  }
  return Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
}

/** Case-insensitive lookup in a plain headers object. */
function headerOf(headers: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** An answer before it is written: status, headers, and the body as parts. */
interface Reply {
  status: number;
  headers: Record<string, string>;
  parts: Iterable<string>;
  close?: boolean;
}
const JSON_TYPE = "application/json; charset=UTF-8";
const DEFAULT_NON_JSON = "<html><body><h1>Service Unavailable</h1></body></html>";

/** `application/json`, with a UTF-8 charset if it names one; parameters are case-insensitive. */
function isJsonContentType(header: string | undefined): boolean {
  // The header the client sends, settled without splitting it.
  if (header === "application/json; charset=UTF-8" || header === "application/json") return true;
  if (header === undefined) return false;
  const [type, ...params] = header.split(";").map((part) => part.trim().toLowerCase());
  if (type !== "application/json") return false;
  return params.every((param) => !param.startsWith("charset=") || /^charset="?utf-8"?$/.test(param));
}

/**
 * An HTTP server that answers listItems and queryItems as PROTOCOL.md (in
 * @itemfilter/client) describes, from tables held in memory. Every request
 * gets a JSON answer or a closed connection: nothing a client sends throws
 * out of a handler or leaves it waiting forever.
 */
export function createEmulator(options: EmulatorOptions): Emulator {
  const settings = checkOptions(options);
  // One request handler over either store: the tables given, in memory, or the caller's (DynamoDB, say).
  const store = options.store ?? memoryStore(options.tables!);
  const secret = options.pageKeySecret;
  if (secret !== undefined && !(secret instanceof Uint8Array && secret.length === 32)) throw new EmulatorError("E_OPTIONS", "pageKeySecret must be 32 bytes (a Uint8Array or Buffer), such as crypto.randomBytes(32)");
  const seal = pageKeySeal(secret);
  const hooks = settings.hooks;
  let failuresLeft = hooks.failures?.count ?? 0;
  let nonJsonLeft = hooks.nonJson === undefined ? 0 : (hooks.nonJson.count ?? Infinity);
  let requestCount = 0;
  let server: Server | undefined;
  // The check start() settles; handle() used on another server checks against these.
  let allowedHosts: AllowedHosts = allowedHostsFor(settings.allowedHosts, undefined);
  let url: string | undefined;
  const waits = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  const latency = (): Promise<void> => {
    const ms = hooks.latencyMs ?? 0;
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wait = { timer: setTimeout(() => (waits.delete(wait), resolve()), ms), resolve };
      waits.add(wait);
    });
  };

  /** The answer to one request, whatever carries it (HTTP, or the in-process fetch): PROTOCOL.md's checks, in its order. */
  const reply = async (operation: Operation, method: string | undefined, contentType: string | undefined, readBytes: () => Promise<Buffer>): Promise<Reply> => {
    if (method !== "POST") throw new RequestError(405, `${operation} takes POST, not ${String(method).slice(0, 20)}`, false, { Allow: "POST" });
    if (!isJsonContentType(contentType)) throw new RequestError(415, "the Content-Type must be application/json; charset=UTF-8");
    const bytes = await readBytes();

    if (failuresLeft > 0) {
      failuresLeft--;
      const f = hooks.failures!;
      const headers: Record<string, string> = f.retryAfter === undefined ? {} : { "Retry-After": String(f.retryAfter) };
      if (f.body !== undefined) return { status: f.status, headers: { ...headers, "Content-Type": "text/plain; charset=UTF-8" }, parts: [f.body] };
      throw new RequestError(f.status, "injected failure (test hook)", false, headers);
    }

    const body = parseJsonBody(bytes);
    const { applicationKey, authenticationToken } = readCredentials(body);
    // One message for both kinds of mismatch, so a caller cannot learn which application keys exist.
    const grant = settings.access.authenticate(applicationKey, authenticationToken);
    if (grant === undefined) throw new RequestError(401, "unknown applicationKey or authenticationToken");

    const page = await serveOperation(operation, body, { store, pageSize: settings.pageSize, grant, seal });
    if (nonJsonLeft > 0) {
      nonJsonLeft--;
      const n = hooks.nonJson!;
      return { status: n.status ?? 200, headers: { "Content-Type": "text/html; charset=UTF-8" }, parts: [n.body ?? DEFAULT_NON_JSON] };
    }
    return { status: 200, headers: { "Content-Type": JSON_TYPE }, parts: pageParts(page) };
  };

  /** A refusal in the JSON error shape; anything else is a bug in the emulator, answered 500. */
  const refusal = (error: unknown): Reply => {
    const e = error instanceof RequestError ? error : new RequestError(500, "internal error in the emulator", true);
    const reply: Reply = { status: e.status, headers: { "Content-Type": JSON_TYPE, ...e.headers }, parts: [JSON.stringify({ error: { code: e.status, message: e.message } })] };
    if (e.close) reply.close = true;
    return reply;
  };

  const send = async (req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> => {
    await latency();
    if (res.headersSent || res.destroyed) return;
    // Every answer to a listed origin names it, errors included, so its page can read why it was refused.
    const headers = { ...corsHeaders(req.headers.origin, settings.allowedOrigins), ...reply.headers };
    // With Connection: close, Node ends the socket once the answer is out.
    await writeParts(req, res, reply.status, reply.close === true ? { ...headers, Connection: "close" } : headers, reply.parts);
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, operation: Operation): Promise<void> => {
    const readBytes = async (): Promise<Buffer> => {
      const bytes = await readBody(req, { maxBytes: settings.maxBodyBytes, timeoutMs: settings.requestTimeoutMs });
      // A pipelined request is served (its page read) only once the answers before it are out.
      await waitForTurn(req, res);
      return bytes;
    };
    return send(req, res, await reply(operation, req.method, req.headers["content-type"], readBytes));
  };

  /** Answers a refusal (or a bug, as 500) in the JSON error shape; a response that cannot be written is dropped with its connection. */
  const answer = (req: IncomingMessage, res: ServerResponse, work: Promise<void>): void => {
    work
      .catch((error: unknown) => {
        // Half an answer is out: the only honest end is to cut the connection.
        if (res.headersSent) throw error;
        // Whatever of the body is left is read and dropped, so the connection does not stall.
        req.resume();
        return send(req, res, refusal(error));
      })
      .catch(() => res.destroy());
  };

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!isAllowedHost(req.headers.host, allowedHosts)) {
      if (!admitRequest(req, res)) return true;
      requestCount++;
      const name = headerHostName(req.headers.host);
      const shown = name === undefined || name === "" ? "no Host header" : `the Host ${JSON.stringify(name.slice(0, 100))}`;
      const names = allowedHosts === "any" ? "" : ` (${[...allowedHosts].join(", ")})`;
      answer(req, res, Promise.reject(new RequestError(421, `${shown} is not a name this emulator answers to${names}; it refuses others so that web pages cannot reach it through DNS rebinding (see allowedHosts)`)));
      return true;
    }
    const operation = operationOf(req.url ?? "/");
    if (operation === undefined) return false;
    if (!admitRequest(req, res)) return true;
    requestCount++;
    const origin = req.headers.origin;
    const verdict = originVerdict(origin, req.headers.host, settings.allowedOrigins);
    if (verdict === "refused") {
      answer(req, res, Promise.reject(new RequestError(403, refusedOriginMessage(origin!, settings.allowedOrigins!))));
    } else if (verdict === "allowed" && req.method === "OPTIONS" && req.headers["access-control-request-method"] !== undefined) {
      req.resume();
      answer(req, res, send(req, res, { status: 204, headers: preflightHeaders(req.headers["access-control-request-private-network"]), parts: [] }));
    } else {
      answer(req, res, serve(req, res, operation));
    }
    return true;
  };

  const notFound = (req: IncomingMessage, res: ServerResponse): void => {
    if (!admitRequest(req, res)) return;
    requestCount++;
    answer(req, res, Promise.reject(notFoundError()));
  };

  const inProcess = async (target: string, init: InProcessInit = {}): Promise<InProcessResponse> => {
    const aborted = (): Error => Object.assign(new Error("the request was aborted"), { name: "AbortError" });
    if (init.signal?.aborted === true) throw aborted();
    requestCount++;
    const operation = operationOf(target);
    let answer: Reply;
    try {
      if (operation === undefined) throw notFoundError();
      const readBytes = async (): Promise<Buffer> => {
        const bytes = Buffer.from(init.body ?? "", "utf8");
        if (bytes.length > settings.maxBodyBytes) throw new RequestError(413, `the request body is larger than ${settings.maxBodyBytes} bytes (maxBodyBytes)`);
        return bytes;
      };
      answer = await reply(operation, (init.method ?? "GET").toUpperCase(), headerOf(init.headers, "content-type"), readBytes);
    } catch (error) {
      answer = refusal(error);
    }
    // The test hooks' latency, cut short by the caller's signal as a socket would be.
    await new Promise<void>((resolve, reject) => {
      const onAbort = (): void => reject(aborted());
      init.signal?.addEventListener("abort", onAbort, { once: true });
      void latency().then(() => {
        init.signal?.removeEventListener("abort", onAbort);
        resolve();
      });
    });
    const text = [...answer.parts].join("");
    const headers = new Map(Object.entries(answer.headers).map(([k, v]) => [k.toLowerCase(), v]));
    return { status: answer.status, headers: { get: (name) => headers.get(name.toLowerCase()) ?? null }, url: target, redirected: false, text: async () => text };
  };

  return {
    fetch: inProcess,
    get url() {
      return url;
    },
    get requestCount() {
      return requestCount;
    },
    handle,
    start(options = {}) {
      if (server !== undefined) return Promise.reject(new EmulatorError("E_STATE", "the emulator is already started; stop it first"));
      const { port = 0, host, fallback } = typeof options === "number" ? { port: options } : options;
      if (fallback !== undefined && typeof fallback !== "function") return Promise.reject(new EmulatorError("E_OPTIONS", "start's fallback must be a function (req, res)"));
      allowedHosts = allowedHostsFor(settings.allowedHosts, host);
      const address = host ?? "127.0.0.1";
      const s = createGuardedServer((req, res) => {
        if (!handle(req, res)) (fallback ?? notFound)(req, res);
      }, settings);
      server = s;
      return new Promise<string>((resolve, reject) => {
        s.once("error", (error) => {
          server = undefined;
          reject(new EmulatorError("E_STATE", `cannot listen on ${address}:${port}: ${error.message}`));
        });
        s.listen(port, address, () => {
          const bound = s.address() as AddressInfo;
          // A wildcard address is reached locally through loopback.
          const shown = isWildcardHost(address) ? "127.0.0.1" : hostName(address);
          url = `http://${shown}:${bound.port}`;
          resolve(url);
        });
      });
    },
    stop() {
      // Answers held back by latencyMs go out now, the in-process ones included.
      for (const wait of waits) {
        clearTimeout(wait.timer);
        wait.resolve();
      }
      waits.clear();
      const s = server;
      if (s === undefined) return Promise.resolve();
      server = undefined;
      url = undefined;
      return new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    },
  };
}
