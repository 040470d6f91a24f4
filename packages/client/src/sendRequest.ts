import { backoffDelay, parseRetryAfter } from "./backoff.js";
import { AbortError, ClientError, NetworkError, RedirectError, ResponseTooLargeError, TimeoutError } from "./errors.js";
import { discardBody, readBodyText } from "./readBodyText.js";
import { isRetryableStatus, readResponse, type Answer } from "./readResponse.js";
import { sanitizeError } from "./redact.js";
import type { FetchFailure, FetchLike, HttpRequest, Operation, Page, RequestEvent } from "./types.js";
import { utf8Length } from "./readBodyText.js";

/** The settled options sendRequest works with. */
export interface Transport {
  fetch: FetchLike;
  timeoutMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  retryAfterCapMs: number;
  maxResponseBytes: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
  redact: (text: string) => string;
  onEvent: ((event: RequestEvent) => void) | undefined;
  /** The platform's reading of a fetch that rejected: a browser's says whether it refused the request (not retried). */
  fetchFailure: (error: unknown, url: string) => FetchFailure | undefined;
}

/** The origin a redirect points to, resolved against the request's URL; undefined when there is no usable Location. */
function redirectOrigin(location: string | null | undefined, requestUrl: string): string | undefined {
  if (location === null || location === undefined || location === "") return undefined;
  try {
    const origin = new URL(location, requestUrl).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * One attempt: the answer read in full within timeoutMs, or a TimeoutError,
 * NetworkError or AbortError; a RedirectError or ResponseTooLargeError
 * (never retried) for a 3xx or a body over maxResponseBytes.
 */
async function attempt(t: Transport, operation: Operation, request: HttpRequest, attempts: number, signal: AbortSignal | undefined): Promise<Answer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, t.timeoutMs);
  const onAbort = (): void => controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const response = await t.fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: controller.signal, redirect: "manual" });
    // A browser hides a redirect under redirect: "manual": status 0, no Location to name.
    if (response.type === "opaqueredirect") {
      await discardBody(response);
      throw new RedirectError(operation, attempts, 0, undefined);
    }
    if (response.status >= 300 && response.status <= 399) {
      await discardBody(response);
      throw new RedirectError(operation, attempts, response.status, t.redact(redirectOrigin(response.headers.get("location"), request.url) ?? "") || undefined);
    }
    // An injected fetch that ignored redirect: "manual" has already resent the body; at least its answer is not taken.
    if (response.redirected === true) {
      await discardBody(response);
      throw new RedirectError(operation, attempts, response.status, t.redact(redirectOrigin(response.url, request.url) ?? "") || undefined, true);
    }
    // The timer stays on while the body streams in: a stalled body is a timeout too.
    const body = await readBodyText(response, t.maxResponseBytes);
    if ("tooLarge" in body) throw new ResponseTooLargeError(operation, attempts, response.status, t.maxResponseBytes);
    return { status: response.status, retryAfter: response.headers.get("retry-after"), text: body.text };
  } catch (error) {
    if (signal?.aborted) throw new AbortError(operation, attempts, signal.reason);
    if (error instanceof ClientError) {
      // Stop whatever is still arriving.
      controller.abort();
      throw error;
    }
    if (timedOut) throw new TimeoutError(operation, attempts, t.timeoutMs);
    const cause = sanitizeError(error, t.redact);
    const failure = t.fetchFailure(error, request.url);
    if (failure !== undefined) throw new NetworkError(operation, attempts, t.redact(failure.detail), cause, failure.refused);
    const code = (cause as { code?: unknown }).code ?? (cause.cause as { code?: unknown } | undefined)?.code;
    const detail = typeof code === "string" && !cause.message.includes(code) ? `${cause.message} (${code})` : cause.message;
    throw new NetworkError(operation, attempts, detail, cause);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

interface Told {
  operation: Operation;
  table: string;
  attempt: number;
  started: number;
  outcome: RequestEvent["outcome"];
  answer: Answer | undefined;
  page: Page | undefined;
  error: unknown;
}

/** The app's hook hears of one attempt; what it throws is not the request's concern. */
function tell(hook: (event: RequestEvent) => void, told: Told): void {
  const event: RequestEvent = {
    operation: told.operation,
    table: told.table,
    attempt: told.attempt,
    durationMs: Math.round((performance.now() - told.started) * 1000) / 1000,
    outcome: told.outcome,
    status: told.answer?.status ?? null,
  };
  if (told.page !== undefined) event.items = told.page.items.length;
  if (told.answer !== undefined) event.bytes = utf8Length(told.answer.text);
  if (told.error instanceof ClientError) event.error = told.error.code;
  try {
    hook(event);
  } catch {
    // Logging must never change what a request does.
  }
}

/**
 * Sends a request until it succeeds, fails for good, or runs out of attempts.
 * Only network errors (not those a browser refused), timeouts, 429 and 5xx are retried (both operations
 * are reads, so repeating one is safe), after a full-jitter backoff or the
 * answer's Retry-After, capped.
 */
export async function sendRequest(t: Transport, operation: Operation, request: HttpRequest, signal?: AbortSignal, table = ""): Promise<Page> {
  for (let attempts = 1; ; attempts++) {
    if (signal?.aborted) throw new AbortError(operation, attempts - 1, signal.reason);
    const started = t.onEvent === undefined ? 0 : performance.now();
    const report = (outcome: RequestEvent["outcome"], answer: Answer | undefined, page?: Page, error?: unknown): void => {
      if (t.onEvent !== undefined) tell(t.onEvent, { operation, table, attempt: attempts, started, outcome, answer, page, error });
    };
    let failure: ClientError | undefined;
    let waitMs: number | undefined;
    let answer: Answer | undefined;
    try {
      answer = await attempt(t, operation, request, attempts, signal);
    } catch (error) {
      const retryable = error instanceof TimeoutError || (error instanceof NetworkError && !error.refusedByBrowser);
      report(retryable && attempts < t.maxAttempts ? "retry" : "error", undefined, undefined, error);
      if (!retryable) throw error;
      failure = error;
    }
    if (answer !== undefined) {
      let result: Page | ClientError;
      try {
        result = readResponse(answer, { operation, attempts, redact: t.redact });
      } catch (error) {
        report("error", answer, undefined, error);
        throw error;
      }
      if (!(result instanceof Error)) {
        report("ok", answer, result);
        return result;
      }
      const retry = isRetryableStatus(answer.status) && attempts < t.maxAttempts;
      report(retry ? "retry" : "error", answer, undefined, result);
      if (!isRetryableStatus(answer.status)) throw result;
      failure = result;
      const retryAfter = parseRetryAfter(answer.retryAfter, t.now());
      if (retryAfter !== undefined) waitMs = Math.min(retryAfter, t.retryAfterCapMs);
    }
    if (attempts >= t.maxAttempts) throw failure!;
    try {
      await t.sleep(waitMs ?? backoffDelay(attempts, t.random, t.backoffBaseMs, t.backoffCapMs), signal);
    } catch (error) {
      if (signal?.aborted) throw new AbortError(operation, attempts, signal.reason);
      throw error;
    }
  }
}
