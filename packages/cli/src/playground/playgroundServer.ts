import { createGuardedServer, DEFAULT_SERVER_LIMITS, type ServerLimits } from "@itemfilter/emulator";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { allowedHosts, COMMON_HEADERS, contentSecurityPolicy, newNonce } from "./securityHeaders.js";
import type { StaticFile } from "./staticFiles.js";
import type { TableInfo } from "./tableInfo.js";

/** Answers POST /listItems and /queryItems: the emulator's protocol on the page's origin. */
export type OperationHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface PlaygroundServerOptions {
  /** The built page by URL path; `/index.html` is required. */
  files: ReadonlyMap<string, StaticFile>;
  tables: readonly TableInfo[];
  /** The credentials the page sends with its requests (the demo ones). */
  credentials: { applicationKey: string; authenticationToken: string };
  operations: OperationHandler;
  /** Timeouts and connection cap; the emulator's defaults (those of `serve`) when left out. */
  limits?: ServerLimits;
}

export interface PlaygroundServer {
  /** Listens on 127.0.0.1 and resolves to the page's URL, such as `http://127.0.0.1:8788/`. */
  start(port: number): Promise<string>;
  stop(): Promise<void>;
}

/** Replaced in index.html by each answer's CSP nonce, which the page hands to CodeMirror. */
const NONCE_PLACEHOLDER = "__ITEMFILTER_CSP_NONCE__";
const OPERATIONS = new Set(["/listItems", "/queryItems"]);

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>): void {
  res.writeHead(status, { ...COMMON_HEADERS, ...headers, "Content-Length": Buffer.byteLength(body) });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  send(res, status, `${text}\n`, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers });
}

/**
 * One port for the playground: the built page (static files with their
 * content types and a strict CSP), the table list the page completes from,
 * and the emulator's two operations, so the page's requests are same-origin.
 */
export function createPlaygroundServer(options: PlaygroundServerOptions): PlaygroundServer {
  const index = options.files.get("/index.html");
  if (index === undefined) throw new Error("the playground page has no index.html");
  const indexText = index.body.toString("utf8");
  const tablesJson = JSON.stringify({ tables: options.tables, credentials: options.credentials });
  let server: Server | undefined;
  let hosts = new Set<string>();

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    // Host names are case-insensitive (RFC 9110): LOCALHOST:port is this server too.
    if (!hosts.has((req.headers.host ?? "").trim().toLowerCase())) {
      req.resume();
      return sendText(res, 403, `this server answers only to ${[...hosts].join(" or ")}`);
    }
    let path: string;
    try {
      path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    } catch {
      req.resume();
      return sendText(res, 400, "bad request target");
    }
    if (OPERATIONS.has(path)) return options.operations(req, res);
    req.resume();
    if (req.method !== "GET" && req.method !== "HEAD") return sendText(res, 405, `${path} takes GET`, { Allow: "GET, HEAD" });
    if (path === "/" || path === "/index.html") {
      const nonce = newNonce();
      return send(res, 200, indexText.replaceAll(NONCE_PLACEHOLDER, nonce), {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": contentSecurityPolicy(nonce),
        "Cache-Control": "no-store",
      });
    }
    if (path === "/playground/tables") return send(res, 200, tablesJson, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
    const file = options.files.get(path);
    if (file === undefined) return sendText(res, 404, `not found: ${path.slice(0, 200)}`);
    // Vite names assets by content hash, so they never change under one name.
    const cache = path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
    return send(res, 200, file.body, { "Content-Type": file.type, "Cache-Control": cache, "Content-Security-Policy": contentSecurityPolicy(newNonce()) });
  };

  return {
    start(port) {
      if (server !== undefined) return Promise.reject(new Error("the playground server is already started"));
      // The emulator's timeouts and connection cap, set in the one place every server here gets them from.
      const s = createGuardedServer((req, res) => {
        try {
          listener(req, res);
        } catch {
          if (!res.headersSent) sendText(res, 500, "internal error in the playground server");
          else res.destroy();
        }
      }, options.limits ?? DEFAULT_SERVER_LIMITS);
      server = s;
      return new Promise<string>((resolve, reject) => {
        s.once("error", (error) => {
          server = undefined;
          reject(error);
        });
        s.listen(port, "127.0.0.1", () => {
          const actual = (s.address() as AddressInfo).port;
          hosts = allowedHosts(actual);
          resolve(`http://127.0.0.1:${actual}/`);
        });
      });
    },
    stop() {
      const s = server;
      if (s === undefined) return Promise.resolve();
      server = undefined;
      return new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    },
  };
}
