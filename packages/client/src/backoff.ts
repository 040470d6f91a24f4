/**
 * "Full jitter" exponential backoff, the AWS SDK's standard mode: a random
 * wait in [0, min(cap, base * 2^(retry - 1))). Random waits spread clients
 * that failed together, so they do not retry together.
 */
export function backoffDelay(retry: number, random: () => number, baseMs: number, capMs: number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, retry - 1));
  const r = random();
  return Math.floor(ceiling * (r >= 0 && r < 1 ? r : 0));
}

/**
 * A Retry-After header in milliseconds: delta-seconds or an HTTP date, which
 * counts from `now`. Undefined for a missing or unreadable header; a date in
 * the past is 0.
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // HTTP dates (all three forms) start with a weekday; this keeps Date.parse from guessing at other text.
  if (!/^[A-Za-z]{3,9},? /.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** setTimeout as a promise that rejects with the signal's reason when it aborts. */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
