import type { Operation } from "./types.js";

/** What a ClientError names as the call that failed. */
export type CallName = Operation | "createClient" | "findAll" | "explain" | "findPage";

/** Stable codes of ClientError. */
export type ClientErrorCode =
  | "E_SERVICE"
  | "E_HTTP"
  | "E_PROTOCOL"
  | "E_REDIRECT"
  | "E_RESPONSE_TOO_LARGE"
  | "E_TIMEOUT"
  | "E_NETWORK"
  | "E_ABORTED"
  | "E_ARGUMENT"
  | "E_MAX_PAGES"
  | "E_CURSOR"
  | "E_DEADLINE"
  | "E_ORDER_TOO_LARGE";

function attemptsNote(attempts: number): string {
  return attempts > 1 ? ` (after ${attempts} attempts)` : "";
}

/**
 * Every error of a call, other than FilterError for bad filter text. Its
 * message, stack and cause never hold the application key or the
 * authentication token: whatever came from outside is redacted first.
 */
export class ClientError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    /** The call that failed: the request's operation, "findAll", "findPage" or "explain" for their own checks, "createClient" for bad client options. */
    readonly operation: CallName,
    /** Requests sent for this call: 0 when it failed before sending. */
    readonly attempts: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${operation}: ${message}${attemptsNote(attempts)}`, options);
    this.name = "ClientError";
  }
}

/**
 * An ordered findAll or findPage would sort more than `maxSortItems` items
 * locally (no request reads them in the order): nothing was handed out. The
 * message is for the person ("too many items to sort; narrow the filter");
 * `hint` says what serves the order instead; `params` holds the numbers.
 */
export class OrderTooLargeError extends ClientError {
  readonly hint: string;
  readonly params: { readonly maxSortItems: number; readonly orderBy: string };
  constructor(operation: "findAll" | "findPage", maxSortItems: number, orderBy: string, hint: string) {
    super("E_ORDER_TOO_LARGE", operation, 0, `too many items to sort (more than ${maxSortItems}); narrow the filter`);
    this.name = "OrderTooLargeError";
    this.hint = hint;
    this.params = { maxSortItems, orderBy };
  }
}

/** The service answered with its error shape `{"error": {"code", "message"}}`. */
export class ServiceError extends ClientError {
  constructor(
    operation: Operation,
    attempts: number,
    readonly status: number,
    /** The service's own code, when it sent a number. */
    readonly serviceCode: number | undefined,
    readonly serviceMessage: string,
  ) {
    const code = serviceCode === undefined || serviceCode === status ? "" : ` code ${serviceCode}`;
    super("E_SERVICE", operation, attempts, `the service refused the request (HTTP ${status}${code}): ${serviceMessage}`);
    this.name = "ServiceError";
  }
}

/** An HTTP error status whose body is not the service's error shape, such as a proxy's HTML page. */
export class HttpError extends ClientError {
  constructor(
    operation: Operation,
    attempts: number,
    readonly status: number,
    /** The start of the body, redacted and on one line. */
    readonly bodyExcerpt: string,
  ) {
    super("E_HTTP", operation, attempts, `HTTP ${status} with a body that is not the service's error shape: ${JSON.stringify(bodyExcerpt)}`);
    this.name = "HttpError";
  }
}

/** A success status whose body is not JSON, or JSON of no known shape. */
export class ProtocolError extends ClientError {
  constructor(
    operation: Operation,
    attempts: number,
    readonly status: number,
    problem: string,
    readonly bodyExcerpt: string,
  ) {
    super("E_PROTOCOL", operation, attempts, bodyExcerpt === "" ? problem : `${problem}; the body starts ${JSON.stringify(bodyExcerpt)}`);
    this.name = "ProtocolError";
  }
}

/**
 * The answer was a redirect (3xx), or the fetch followed one. The client never
 * follows redirects: the credentials travel in the body, which a 307/308
 * would resend to whatever host the Location names. Not retried.
 */
export class RedirectError extends ClientError {
  constructor(
    operation: Operation,
    attempts: number,
    /** The redirect's status; 0 when a browser hid it (an opaque redirect). */
    readonly status: number,
    /** The origin (scheme, host, port) the redirect pointed to, or undefined when it named none. No path, no user info. */
    readonly targetOrigin: string | undefined,
    followed = false,
  ) {
    const target = targetOrigin === undefined ? "without a usable Location" : `to ${targetOrigin}`;
    super(
      "E_REDIRECT",
      operation,
      attempts,
      followed
        ? `the fetch followed a redirect ${target} (HTTP ${status} there); the client sends credentials in the body, so it must not follow redirects: pass a fetch that honours redirect: "manual", and point baseUrl at the final address`
        : `the service answered ${status === 0 ? "a redirect (the browser hides its status and target)" : `HTTP ${status}, a redirect ${target}`}; the client does not follow redirects, since the credentials travel in the body: point baseUrl at the final address`,
    );
    this.name = "RedirectError";
  }
}

/** The answer's body was longer than maxResponseBytes; reading stopped there. Not retried: the same request would bring the same body. */
export class ResponseTooLargeError extends ClientError {
  constructor(
    operation: Operation,
    attempts: number,
    readonly status: number,
    readonly maxResponseBytes: number,
  ) {
    super("E_RESPONSE_TOO_LARGE", operation, attempts, `the response body is larger than ${maxResponseBytes} bytes (maxResponseBytes); reading stopped there. Ask for smaller pages with limit, or raise maxResponseBytes`);
    this.name = "ResponseTooLargeError";
  }
}

/** No complete answer within timeoutMs. */
export class TimeoutError extends ClientError {
  constructor(
    operation: Operation,
    attempts: number,
    readonly timeoutMs: number,
  ) {
    super("E_TIMEOUT", operation, attempts, `no complete response within ${timeoutMs} ms (timeoutMs)`);
    this.name = "TimeoutError";
  }
}

/** The request could not be sent or its answer could not be read: refused, reset, DNS, TLS. `cause` is a redacted copy of the platform's error. */
export class NetworkError extends ClientError {
  constructor(
    operation: Operation,
    attempts: number,
    detail: string,
    cause: Error,
    /**
     * In a browser, a fetch to another origin that failed with no answer the
     * page may read: a CORS refusal, or a service that did not answer (a page
     * cannot tell which; the console can). Not retried.
     */
    readonly refusedByBrowser = false,
  ) {
    super("E_NETWORK", operation, attempts, `network error: ${detail}`, { cause });
    this.name = "NetworkError";
  }
}

/**
 * The caller's AbortSignal fired. Its name is "AbortError", as the platform's
 * is, so `error.name === "AbortError"` checks keep working; `cause` is the
 * signal's reason.
 */
export class AbortError extends ClientError {
  constructor(operation: Operation, attempts: number, reason: unknown) {
    super("E_ABORTED", operation, attempts, "aborted by the caller's signal", { cause: reason });
    this.name = "AbortError";
  }
}

/** A findAll or findPage ran past its `deadlineMs`; every request of it was stopped. */
export class DeadlineError extends ClientError {
  constructor(call: CallName, deadlineMs: number) {
    super("E_DEADLINE", call, 0, `did not finish within its deadline of ${deadlineMs} ms; raise deadlineMs or narrow the filter`);
    this.name = "DeadlineError";
  }
}

export function isClientError(value: unknown): value is ClientError {
  return value instanceof ClientError;
}
