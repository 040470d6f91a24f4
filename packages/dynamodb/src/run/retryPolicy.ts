/**
 * How DynamoDB calls are retried by findAll, writeTable and the store, one
 * policy for all three (README, "Retries"): throttling and 5xx answers, and a
 * connection cut mid-call, are retried with "full jitter" exponential backoff
 * for as long as progress is being made, and given up after `retries` retries
 * in a row without any.
 */
export interface RetryOptions {
  /** Retries in a row without progress before giving up. 10 when left out. */
  retries?: number;
  /** The bound of the first wait, doubled on each retry without progress. 100 ms when left out. */
  baseDelayMs?: number;
  /** The bound no wait exceeds. 10,000 ms when left out. */
  maxDelayMs?: number;
  /** A number in [0, 1) for the jitter; Math.random when left out. */
  random?: () => number;
  /** Waits `ms`; real timers, stopped by the signal, when left out. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const RETRY_DEFAULTS = { retries: 10, baseDelayMs: 100, maxDelayMs: 10_000 } as const;

/** DynamoDB's names for "slow down": ProvisionedThroughputExceededException and its kin. */
const THROTTLING = new Set(["ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded", "LimitExceededException"]);
/** A connection cut during a call; one that was never made (ECONNREFUSED, ENOTFOUND) is not retried: nothing is there. */
const CUT = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

/** True for a failure that the same call may not meet again: throttling, a 5xx answer, a connection cut mid-call. */
export function isRetryable(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown; $metadata?: { httpStatusCode?: unknown } } | null | undefined;
  if (typeof e?.name === "string" && THROTTLING.has(e.name)) return true;
  const status = e?.$metadata?.httpStatusCode;
  if (typeof status === "number" && status >= 500 && status <= 599) return true;
  return typeof e?.code === "string" && CUT.has(e.code);
}

/** True for throttling, as opposed to a failure (5xx, a cut connection). */
export function isThrottling(error: unknown): boolean {
  const name = (error as { name?: unknown } | null | undefined)?.name;
  return typeof name === "string" && THROTTLING.has(name);
}

export interface Backoff {
  readonly retries: number;
  /** Waits before the `stalled`th retry in a row without progress (from 1); a random time in [0, min(max, base × 2^(stalled − 1))). */
  wait(stalled: number, signal?: AbortSignal): Promise<void>;
}

function abortable(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", stop, { once: true });
  });
}

function whole(value: number | undefined, fallback: number, name: string, least: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < least) throw new RangeError(`retry.${name} must be a whole number of at least ${least}, not ${value}`);
  return value;
}

/** The policy's waits, the options checked (a RangeError names a bad one). */
export function createBackoff(options: RetryOptions = {}): Backoff {
  const retries = whole(options.retries, RETRY_DEFAULTS.retries, "retries", 0);
  const base = whole(options.baseDelayMs, RETRY_DEFAULTS.baseDelayMs, "baseDelayMs", 0);
  const max = whole(options.maxDelayMs, RETRY_DEFAULTS.maxDelayMs, "maxDelayMs", 0);
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? abortable;
  return {
    retries,
    wait: (stalled, signal) => sleep(Math.floor(random() * Math.min(max, base * 2 ** (stalled - 1))), signal),
  };
}

/**
 * Makes the call, retrying what isRetryable says while the backoff allows;
 * the last error is thrown as it came (isRetryable(error) then says the
 * retries ran out). Each call that succeeds is progress, so a caller that
 * pages calls this once a page.
 */
export async function withRetry<T>(call: () => Promise<T>, backoff: Backoff, signal?: AbortSignal): Promise<T> {
  for (let stalled = 0; ; ) {
    try {
      return await call();
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      if (!isRetryable(error) || stalled >= backoff.retries) throw error;
      stalled++;
      await backoff.wait(stalled, signal);
    }
  }
}
