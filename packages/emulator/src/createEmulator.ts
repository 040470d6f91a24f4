import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { checkOptions } from "./checkOptions.js";
import { EmulatorError } from "./EmulatorError.js";
import { parseJsonBody } from "./parseJsonBody.js";
import { readBody } from "./readBody.js";
import { readCredentials, type Operation } from "./readMembers.js";
import { RequestError } from "./RequestError.js";
import { serveOperation } from "./serveOperation.js";
import { buildTable, type Table } from "./Table.js";
import type { EmulatorOptions } from "./types.js";

export interface Emulator {
  /** Listens on 127.0.0.1 (port 0, any free port, when left out) and resolves to the base URL, such as `http://127.0.0.1:41234`. */
  start(port?: number): Promise<string>;
  /** Closes the server and every open connection. Safe to call twice. */
  stop(): Promise<void>;
  /** The base URL while started. */
  readonly url: string | undefined;
  /** Requests received so far, answered or not. */
  readonly requestCount: number;
}

const ROUTES: Readonly<Record<string, Operation>> = { "/listItems": "listItems", "/queryItems": "queryItems" };
const JSON_TYPE = "application/json; charset=UTF-8";
const DEFAULT_NON_JSON = "<html><body><h1>Service Unavailable</h1></body></html>";

/** `application/json`, with a UTF-8 charset if it names one; parameters are case-insensitive. */
function isJsonContentType(header: string | undefined): boolean {
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
  const tables = new Map<string, Table>();
  for (const [name, definition] of Object.entries(options.tables)) tables.set(name, buildTable(name, definition));
  const known = new Map<string, Set<string>>();
  for (const { applicationKey, authenticationToken } of options.credentials) {
    let tokens = known.get(applicationKey);
    if (tokens === undefined) known.set(applicationKey, (tokens = new Set()));
    tokens.add(authenticationToken);
  }
  const hooks = settings.hooks;
  let failuresLeft = hooks.failures?.count ?? 0;
  let nonJsonLeft = hooks.nonJson === undefined ? 0 : (hooks.nonJson.count ?? Infinity);
  let requestCount = 0;
  let server: Server | undefined;
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

  const send = async (res: ServerResponse, status: number, body: string, headers: Record<string, string>, close = false): Promise<void> => {
    await latency();
    if (res.headersSent || res.destroyed) return;
    const all: Record<string, string | number> = { ...headers, "Content-Length": Buffer.byteLength(body) };
    if (close) all["Connection"] = "close";
    res.writeHead(status, all);
    // With Connection: close, Node ends the socket once the answer is out.
    res.end(body);
  };

  const sendError = (res: ServerResponse, error: RequestError): Promise<void> =>
    send(res, error.status, JSON.stringify({ error: { code: error.status, message: error.message } }), { "Content-Type": JSON_TYPE, ...error.headers }, error.close);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    requestCount++;
    let path: string;
    try {
      path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    } catch {
      path = "";
    }
    const operation = Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
    if (operation === undefined) {
      req.resume();
      throw new RequestError(404, "there is no such operation; POST to /listItems or /queryItems");
    }
    if (req.method !== "POST") {
      req.resume();
      throw new RequestError(405, `${operation} takes POST, not ${String(req.method).slice(0, 20)}`, false, { Allow: "POST" });
    }
    if (!isJsonContentType(req.headers["content-type"])) {
      req.resume();
      throw new RequestError(415, "the Content-Type must be application/json; charset=UTF-8");
    }
    const bytes = await readBody(req, { maxBytes: settings.maxBodyBytes, timeoutMs: settings.requestTimeoutMs });

    if (failuresLeft > 0) {
      failuresLeft--;
      const f = hooks.failures!;
      const headers: Record<string, string> = f.retryAfter === undefined ? {} : { "Retry-After": String(f.retryAfter) };
      if (f.body !== undefined) return send(res, f.status, f.body, { ...headers, "Content-Type": "text/plain; charset=UTF-8" });
      throw new RequestError(f.status, "injected failure (test hook)", false, headers);
    }

    const body = parseJsonBody(bytes);
    const { applicationKey, authenticationToken } = readCredentials(body);
    // One message for both kinds of mismatch, so a caller cannot learn which application keys exist.
    if (known.get(applicationKey)?.has(authenticationToken) !== true) throw new RequestError(401, "unknown applicationKey or authenticationToken");

    const page = serveOperation(operation, body, { tables, pageSize: settings.pageSize });
    if (nonJsonLeft > 0) {
      nonJsonLeft--;
      const n = hooks.nonJson!;
      return send(res, n.status ?? 200, n.body ?? DEFAULT_NON_JSON, { "Content-Type": "text/html; charset=UTF-8" });
    }
    return send(res, 200, JSON.stringify({ data: page }), { "Content-Type": JSON_TYPE });
  };

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      const refusal = error instanceof RequestError ? error : new RequestError(500, "internal error in the emulator", true);
      return sendError(res, refusal);
    }).catch(() => res.destroy());
  };

  return {
    get url() {
      return url;
    },
    get requestCount() {
      return requestCount;
    },
    start(port = 0) {
      if (server !== undefined) return Promise.reject(new EmulatorError("E_STATE", "the emulator is already started; stop it first"));
      const timeout = settings.requestTimeoutMs;
      const s = createServer(
        // Node's own limits back up readBody's timer, for requests that never finish their headers.
        { headersTimeout: timeout, requestTimeout: timeout + 1000, connectionsCheckingInterval: Math.min(1000, timeout) },
        listener,
      );
      server = s;
      return new Promise<string>((resolve, reject) => {
        s.once("error", (error) => {
          server = undefined;
          reject(new EmulatorError("E_STATE", `cannot listen on 127.0.0.1:${port}: ${error.message}`));
        });
        s.listen(port, "127.0.0.1", () => {
          url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
          resolve(url);
        });
      });
    },
    stop() {
      const s = server;
      if (s === undefined) return Promise.resolve();
      server = undefined;
      url = undefined;
      for (const wait of waits) {
        clearTimeout(wait.timer);
        wait.resolve();
      }
      waits.clear();
      return new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    },
  };
}
