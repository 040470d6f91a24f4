import type { Store } from "./Store.js";

/** An item as stored: attribute names to JSON values. */
export type Item = Record<string, unknown>;

/** One table. Items are used as given; do not change them while an emulator serves them. */
export interface TableDefinition {
  /** The attribute that partitions the table; every item has it, as a string or a number. */
  primaryKey: string;
  /** The attribute queryItems filters and orders on; items may lack it. */
  secondaryKey?: string;
  items: readonly Item[];
}

export type Tables = Readonly<Record<string, TableDefinition>>;

/** What one credential may read of a table it lists. */
export interface TableAccess {
  /**
   * A filter (filter-language text) every item this credential reads from
   * the table satisfies, whatever its request says; every item when left out.
   */
  scope?: string;
}

interface CredentialBase {
  applicationKey: string;
  /**
   * The tables this credential may read, by name, each with an optional
   * scope; every table when left out. A table it does not list is answered
   * exactly as one that does not exist.
   */
  tables?: Readonly<Record<string, TableAccess>>;
}

/** An application key and its token: the token itself, or its SHA-256 (64 hex digits), which is what a file should store. */
export type Credentials = CredentialBase & ({ authenticationToken: string; authenticationTokenSha256?: never } | { authenticationTokenSha256: string; authenticationToken?: never });

/** The injected failure of the `failures` hook. */
export interface FailureHook {
  /** How many requests (counted from the first) get this answer instead of being served. */
  count: number;
  /** The HTTP status, such as 503 or 429. */
  status: number;
  /** Sent as the Retry-After header: seconds, or an HTTP date. */
  retryAfter?: string | number;
  /** A raw body sent as text/plain instead of the JSON error shape (to test bodies that are not the error shape). */
  body?: string;
}

/** Answers that are not JSON, to test a client's protocol checks. */
export interface NonJsonHook {
  /** How many served requests (counted from the first) get it; every one when left out. */
  count?: number;
  /** The status to send; 200 when left out. */
  status?: number;
  /** The body; an HTML snippet when left out. */
  body?: string;
}

/**
 * Test hooks. They are set only through createEmulator's options: no request
 * can turn them on, so an emulator without them serves exactly the protocol.
 */
export interface EmulatorHooks {
  /** Milliseconds to wait before each answer. */
  latencyMs?: number;
  failures?: FailureHook;
  nonJson?: NonJsonHook;
}

export interface EmulatorOptions {
  /** The tables, held in memory. Give either these or a store. */
  tables?: Tables;
  /** Where the items live instead of `tables` (DynamoDB, with `@itemfilter/dynamodb/store`); the handler is the same. */
  store?: Store;
  credentials: readonly Credentials[];
  /** Most items one page returns; 1,000 when left out. */
  pageSize?: number;
  /** Largest request body accepted, in bytes; 1 MiB when left out. Larger bodies get 413. */
  maxBodyBytes?: number;
  /** Most milliseconds a client may take to send one request, headers included; 10,000 when left out. Slower ones get 408. */
  requestTimeoutMs?: number;
  /** Milliseconds a kept-alive connection may wait for its next request before it is closed; 5,000 when left out. */
  keepAliveTimeoutMs?: number;
  /** Milliseconds a connection may go without sending or receiving anything (a client that stopped reading, say) before it is closed; 30,000 when left out. */
  idleTimeoutMs?: number;
  /** Most connections open at once; more are closed as they arrive. 256 when left out. */
  maxConnections?: number;
  /**
   * Host names (the Host header, without the port) the emulator answers;
   * others get 421, so a web page cannot reach it through DNS rebinding.
   * "any" turns the check off. When left out: 127.0.0.1, localhost and
   * [::1], plus the host given to start() (any name, for a wildcard address).
   */
  allowedHosts?: readonly string[] | "any";
  /**
   * Web origins (`scheme://host[:port]`, exactly as a browser sends them in
   * Origin) whose pages may call the emulator from another origin (CORS): their
   * preflights are answered and every answer names them. A request from
   * another origin is then refused (403); the server's own origin is always
   * served. No `*`. When left out: no CORS headers, and Origin is not looked at.
   */
  allowedOrigins?: readonly string[];
  /**
   * The 32-byte secret that seals the stopKeys a scoped read may not show
   * (PROTOCOL.md, "Scopes"); 32 random bytes made at creation when left out,
   * so a sealed stopKey is good only while this emulator runs. Give one to
   * keep them good across restarts or several servers. Never logged or sent.
   */
  pageKeySecret?: Uint8Array;
  hooks?: EmulatorHooks;
}
