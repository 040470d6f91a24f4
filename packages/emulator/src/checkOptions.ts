import { buildAccessList, type AccessList } from "./accessList.js";
import { originProblem } from "./allowedOrigins.js";
import { EmulatorError } from "./EmulatorError.js";
import type { EmulatorHooks, EmulatorOptions } from "./types.js";

export const DEFAULT_PAGE_SIZE = 1000;
export const DEFAULT_MAX_BODY_BYTES = 1 << 20;
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONNECTIONS = 256;
/** The longest delay a timer holds. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface CheckedOptions {
  pageSize: number;
  maxBodyBytes: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
  /** Host names to accept; undefined: loopback names, and the address given to start(). */
  allowedHosts: readonly string[] | "any" | undefined;
  /** Web origins whose pages may call it (CORS); undefined: no CORS, and Origin is not looked at. */
  allowedOrigins: ReadonlySet<string> | undefined;
  hooks: EmulatorHooks;
  access: AccessList;
}

const fail = (message: string): never => {
  throw new EmulatorError("E_OPTIONS", message);
};

function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) fail(`${name} must be a whole number of at least 1`);
  return value as number;
}

/** Milliseconds for a timer: a longer delay would make setTimeout fire at once. */
function timerMs(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1 || value > MAX_TIMER_MS) fail(`${name} must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}`);
  return value as number;
}

function hostList(value: unknown): readonly string[] | "any" | undefined {
  if (value === undefined || value === "any") return value;
  if (!Array.isArray(value) || value.length === 0 || !value.every((h) => typeof h === "string" && h.trim() !== "" && !/[\s/@]/.test(h))) {
    fail('allowedHosts must be "any" or a non-empty array of host names (such as "localhost" or "[::1]", without a port)');
  }
  return value as string[];
}

function originList(value: unknown): ReadonlySet<string> | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) fail('allowedOrigins must be a non-empty array of origins, such as ["http://localhost:5173"]');
  (value as unknown[]).forEach((origin, i) => {
    const problem = originProblem(origin);
    if (problem !== undefined) fail(`allowedOrigins[${i}] ${problem}`);
  });
  return new Set(value as string[]);
}

function status(value: unknown, name: string, lowest: number): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < lowest || value > 599) fail(`${name} must be an HTTP status from ${lowest} to 599`);
}

/** Checks createEmulator's options, other than the tables (buildTable checks those), and fills in defaults. */
export function checkOptions(options: EmulatorOptions): CheckedOptions {
  if (typeof options !== "object" || options === null) fail("createEmulator takes an options object {tables, credentials, …}");
  if (options.store !== undefined) {
    if (options.tables !== undefined) fail("give either tables or a store, not both");
    const s = options.store as unknown as Record<string, unknown>;
    if (typeof s !== "object" || s === null || !["table", "tableNames", "listItems", "queryItems"].every((m) => typeof s[m] === "function")) {
      fail("store must have the methods table, tableNames, listItems and queryItems");
    }
  } else if (typeof options.tables !== "object" || options.tables === null || Array.isArray(options.tables)) fail("tables must be an object of table definitions by name");
  // The message names the member only: credentials never go into an error.
  const access = buildAccessList(options.credentials, (member, problem) => fail(`${member} ${problem}`));
  const hooks = options.hooks ?? {};
  if (typeof hooks !== "object" || hooks === null) fail("hooks must be an object");
  if (hooks.latencyMs !== undefined && !(typeof hooks.latencyMs === "number" && hooks.latencyMs >= 0 && Number.isFinite(hooks.latencyMs))) {
    fail("hooks.latencyMs must be a number of milliseconds, 0 or more");
  }
  const idleTimeoutMs = timerMs(options.idleTimeoutMs, "idleTimeoutMs", DEFAULT_IDLE_TIMEOUT_MS);
  // The connection is idle while an answer is held back, so a longer wait would be cut off.
  if (hooks.latencyMs !== undefined && hooks.latencyMs >= idleTimeoutMs) fail(`hooks.latencyMs must be less than idleTimeoutMs (${idleTimeoutMs})`);
  if (hooks.failures !== undefined) {
    const f = hooks.failures;
    positiveInteger(f.count, "hooks.failures.count", 1);
    status(f.status, "hooks.failures.status", 400);
    if (f.retryAfter !== undefined && typeof f.retryAfter !== "string" && typeof f.retryAfter !== "number") fail("hooks.failures.retryAfter must be seconds or an HTTP date");
    if (f.body !== undefined && typeof f.body !== "string") fail("hooks.failures.body must be a string");
  }
  if (hooks.nonJson !== undefined) {
    const n = hooks.nonJson;
    if (n.count !== undefined) positiveInteger(n.count, "hooks.nonJson.count", 1);
    if (n.status !== undefined) status(n.status, "hooks.nonJson.status", 200);
    if (n.body !== undefined && typeof n.body !== "string") fail("hooks.nonJson.body must be a string");
  }
  return {
    pageSize: positiveInteger(options.pageSize, "pageSize", DEFAULT_PAGE_SIZE),
    maxBodyBytes: positiveInteger(options.maxBodyBytes, "maxBodyBytes", DEFAULT_MAX_BODY_BYTES),
    requestTimeoutMs: timerMs(options.requestTimeoutMs, "requestTimeoutMs", DEFAULT_REQUEST_TIMEOUT_MS),
    keepAliveTimeoutMs: timerMs(options.keepAliveTimeoutMs, "keepAliveTimeoutMs", DEFAULT_KEEP_ALIVE_TIMEOUT_MS),
    idleTimeoutMs,
    maxConnections: positiveInteger(options.maxConnections, "maxConnections", DEFAULT_MAX_CONNECTIONS),
    allowedHosts: hostList(options.allowedHosts),
    allowedOrigins: originList(options.allowedOrigins),
    hooks,
    access,
  };
}
