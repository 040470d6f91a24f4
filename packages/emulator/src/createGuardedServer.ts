import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_KEEP_ALIVE_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS, DEFAULT_REQUEST_TIMEOUT_MS } from "./checkOptions.js";

/** What bounds a server's connections: how long each may take, and how many may be open. */
export interface ServerLimits {
  /** Most time to receive a request, headers and body. */
  requestTimeoutMs: number;
  /** Most time a kept-alive connection waits for its next request. */
  keepAliveTimeoutMs: number;
  /** Most time a connection may go without traffic either way (one that never sends, or never reads its answer). */
  idleTimeoutMs: number;
  /** Most connections open at once; more are closed as they arrive. */
  maxConnections: number;
}

/** The emulator's defaults, which `serve` and the playground use as they are. */
export const DEFAULT_SERVER_LIMITS: Readonly<ServerLimits> = Object.freeze({
  requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
  keepAliveTimeoutMs: DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS,
  maxConnections: DEFAULT_MAX_CONNECTIONS,
});

/**
 * An HTTP server with the limits every server here needs, so a client that
 * opens connections and sends nothing, sends slowly, or never reads its
 * answers cannot hold them, nor open them without end: the emulator's own
 * server, the playground's, and any later one are made by this one function.
 * Node's limits back up the emulator's body timer, for requests that never
 * finish their headers.
 */
export function createGuardedServer(listener: (req: IncomingMessage, res: ServerResponse) => void, limits: ServerLimits = DEFAULT_SERVER_LIMITS): Server {
  const s = createServer(
    {
      headersTimeout: limits.requestTimeoutMs,
      requestTimeout: limits.requestTimeoutMs + 1000,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, limits.requestTimeoutMs),
    },
    listener,
  );
  s.timeout = limits.idleTimeoutMs;
  s.maxConnections = limits.maxConnections;
  return s;
}
