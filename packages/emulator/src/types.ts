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

export interface Credentials {
  applicationKey: string;
  authenticationToken: string;
}

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
  tables: Tables;
  credentials: readonly Credentials[];
  /** Most items one page returns; 1,000 when left out. */
  pageSize?: number;
  /** Largest request body accepted, in bytes; 1 MiB when left out. Larger bodies get 413. */
  maxBodyBytes?: number;
  /** Most milliseconds a client may take to send one request; 10,000 when left out. Slower ones get 408. */
  requestTimeoutMs?: number;
  hooks?: EmulatorHooks;
}
