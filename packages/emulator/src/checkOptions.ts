import { EmulatorError } from "./EmulatorError.js";
import type { EmulatorHooks, EmulatorOptions } from "./types.js";

export const DEFAULT_PAGE_SIZE = 1000;
export const DEFAULT_MAX_BODY_BYTES = 1 << 20;
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

export interface CheckedOptions {
  pageSize: number;
  maxBodyBytes: number;
  requestTimeoutMs: number;
  hooks: EmulatorHooks;
}

const fail = (message: string): never => {
  throw new EmulatorError("E_OPTIONS", message);
};

function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) fail(`${name} must be a whole number of at least 1`);
  return value as number;
}

function status(value: unknown, name: string, lowest: number): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < lowest || value > 599) fail(`${name} must be an HTTP status from ${lowest} to 599`);
}

/** Checks createEmulator's options, other than the tables (buildTable checks those), and fills in defaults. */
export function checkOptions(options: EmulatorOptions): CheckedOptions {
  if (typeof options !== "object" || options === null) fail("createEmulator takes an options object {tables, credentials, …}");
  if (typeof options.tables !== "object" || options.tables === null || Array.isArray(options.tables)) fail("tables must be an object of table definitions by name");
  if (!Array.isArray(options.credentials)) fail("credentials must be an array of {applicationKey, authenticationToken}");
  options.credentials.forEach((pair, i) => {
    const ok =
      typeof pair === "object" &&
      pair !== null &&
      typeof pair.applicationKey === "string" &&
      pair.applicationKey !== "" &&
      typeof pair.authenticationToken === "string" &&
      pair.authenticationToken !== "";
    // The message names the position only: credentials never go into an error.
    if (!ok) fail(`credentials[${i}] must have a non-empty string applicationKey and authenticationToken`);
  });
  const hooks = options.hooks ?? {};
  if (typeof hooks !== "object" || hooks === null) fail("hooks must be an object");
  if (hooks.latencyMs !== undefined && !(typeof hooks.latencyMs === "number" && hooks.latencyMs >= 0 && Number.isFinite(hooks.latencyMs))) {
    fail("hooks.latencyMs must be a number of milliseconds, 0 or more");
  }
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
    requestTimeoutMs: positiveInteger(options.requestTimeoutMs, "requestTimeoutMs", DEFAULT_REQUEST_TIMEOUT_MS),
    hooks,
  };
}
