/**
 * How DynamoDB calls are retried by findAll, writeTable and the store, one
 * policy for all three (README, "Retries"): throttling and 5xx answers, a
 * connection cut mid-call and an attempt that got no answer within
 * `timeoutMs` are retried with "full jitter" exponential backoff for as long
 * as progress is being made, and given up after `retries` retries in a row
 * without any.
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
  /**
   * How long one attempt may wait for DynamoDB's answer, in milliseconds;
   * past it the attempt is aborted and retried as a transient fault. 10,000
   * when left out (a Scan page reads at most 1 MB, which DynamoDB answers in
   * well under a second; a stopped or unreachable endpoint never answers).
   */
  timeoutMs?: number;
  /**
   * Told before each retry, with the error that caused it, which retry in a
   * row without progress it is (from 1) and the wait before it: for a line
   * that says why a run is slow. What it throws is ignored.
   */
  onRetry?: (retry: { error: unknown; retry: number; delayMs: number }) => void;
}

export const RETRY_DEFAULTS = { retries: 10, baseDelayMs: 100, maxDelayMs: 10_000, timeoutMs: 10_000 } as const;

/** The longest timer Node keeps (2^31 − 1 ms); a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * An attempt that got no answer within the policy's timeoutMs: retried as a
 * transient fault, and the cause of E_DYNAMO_BUSY when the policy gives up.
 * `name` is "TimeoutError", as the AWS SDK names its own request timeouts.
 */
export class RequestTimeoutError extends Error {
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`DynamoDB did not answer within ${timeoutMs} ms`);
    this.name = "TimeoutError";
    this.timeoutMs = timeoutMs;
  }
}

/** DynamoDB's names for "slow down": ProvisionedThroughputExceededException and its kin. */
const THROTTLING = new Set(["ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded", "LimitExceededException"]);
/** A connection cut during a call; one that was never made (ECONNREFUSED, ENOTFOUND) is not retried: nothing is there. */
const CUT = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

/** True for a failure that the same call may not meet again: throttling, a 5xx answer, a connection cut mid-call, no answer in time. */
export function isRetryable(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown; $metadata?: { httpStatusCode?: unknown } } | null | undefined;
  if (typeof e?.name === "string" && THROTTLING.has(e.name)) return true;
  // Ours (RequestTimeoutError) and the SDK's own when an app sets its requestTimeout.
  if (e?.name === "TimeoutError") return true;
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
  /** How long one attempt may wait for an answer, in milliseconds. */
  readonly timeoutMs: number;
  /** The wait before the `stalled`th retry in a row without progress (from 1): a random time in [0, min(max, base × 2^(stalled − 1))). */
  delay(stalled: number): number;
  /** Waits `ms` (a delay), stopped by the signal. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Waits a delay before the `stalled`th retry in a row without progress. */
  wait(stalled: number, signal?: AbortSignal): Promise<void>;
  /** Tells the policy's onRetry of a retry about to be made; never throws. */
  told(error: unknown, retry: number, delayMs: number): void;
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
  const timeoutMs = whole(options.timeoutMs, RETRY_DEFAULTS.timeoutMs, "timeoutMs", 1);
  if (timeoutMs > MAX_TIMER_MS) throw new RangeError(`retry.timeoutMs must be at most ${MAX_TIMER_MS}, not ${timeoutMs}`);
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? abortable;
  const delay = (stalled: number): number => Math.floor(random() * Math.min(max, base * 2 ** (stalled - 1)));
  const onRetry = options.onRetry;
  const told = (error: unknown, retry: number, delayMs: number): void => {
    try {
      onRetry?.({ error, retry, delayMs });
    } catch {
      // A notice must never change what a run does.
    }
  };
  return { retries, timeoutMs, delay, sleep, wait: (stalled, signal) => sleep(delay(stalled), signal), told };
}

/**
 * One attempt under a time limit: `call` gets a signal that aborts when the
 * caller's does or when `ms` pass without an answer; the second rejects
 * with RequestTimeoutError, whatever the aborted call threw.
 */
export async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>, ms: number, signal: AbortSignal | undefined): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new RequestTimeoutError(ms));
  }, ms);
  const stop = (): void => controller.abort(signal!.reason);
  if (signal?.aborted) stop();
  else signal?.addEventListener("abort", stop, { once: true });
  try {
    return await call(controller.signal);
  } catch (error) {
    if (timedOut && !signal?.aborted) throw new RequestTimeoutError(ms);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", stop);
  }
}

export interface RetryLimits {
  /**
   * The most time the call may take, retries and waits included, in
   * milliseconds: no attempt waits past it and no wait starts that would end
   * past it (the last error is thrown instead). The store's answer budget.
   */
  withinMs?: number;
}

/**
 * Makes the call, retrying what isRetryable says while the backoff allows;
 * the last error is thrown as it came (isRetryable(error) then says the
 * retries ran out). Each attempt gets its own signal, aborted after the
 * policy's timeoutMs (a RequestTimeoutError, retried) or when `signal`
 * aborts: give it to the SDK's send as abortSignal. Each call that succeeds
 * is progress, so a caller that pages calls this once a page.
 */
export async function withRetry<T>(call: (signal: AbortSignal) => Promise<T>, backoff: Backoff, signal?: AbortSignal, limits: RetryLimits = {}): Promise<T> {
  const until = limits.withinMs === undefined ? Infinity : performance.now() + limits.withinMs;
  let previous: { error: unknown } | undefined;
  for (let stalled = 0; ; ) {
    // An attempt never waits past the budget; at least 1 ms, so a spent budget still makes one.
    const ms = Math.max(1, Math.min(backoff.timeoutMs, Math.ceil(until - performance.now())));
    try {
      return await withTimeout(call, ms, signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      // An attempt that the budget cut short and that ran out learnt nothing of DynamoDB: what the attempt before
      // it heard stands (throttling stays a 429 on a slow machine, rather than turning into "did not answer").
      if (previous !== undefined && ms < backoff.timeoutMs && error instanceof RequestTimeoutError) throw previous.error;
      if (!isRetryable(error) || stalled >= backoff.retries) throw error;
      previous = { error };
      stalled++;
      const wait = backoff.delay(stalled);
      // A wait that would use up the budget leaves no time for an answer: the error stands.
      if (performance.now() + wait >= until) throw error;
      backoff.told(error, stalled, wait);
      await backoff.sleep(wait, signal);
    }
  }
}
