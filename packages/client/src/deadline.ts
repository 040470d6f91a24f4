import { ClientError, DeadlineError, type CallName } from "./errors.js";

/** The longest a timer can wait (setTimeout's limit). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A whole call's deadline: the signal its requests go with, and how its end and its errors are settled. */
export interface Deadline {
  signal: AbortSignal | undefined;
  /** Clears the timer; call once the call is over, however it ended. */
  finish(): void;
  /** An abort the deadline caused, as the DeadlineError it is; any other error as it is. */
  translate(error: unknown): unknown;
}

const NONE = (signal: AbortSignal | undefined): Deadline => ({ signal, finish: () => {}, translate: (error) => error });

/**
 * `deadlineMs` for a whole findAll or findPage: every request, retry and
 * wait of it goes with one signal that aborts when the caller's does or when
 * the time is up, and the latter ends the call with E_DEADLINE.
 */
export function startDeadline(call: CallName, deadlineMs: unknown, signal: AbortSignal | undefined): Deadline {
  if (deadlineMs === undefined) return NONE(signal);
  if (typeof deadlineMs !== "number" || !Number.isInteger(deadlineMs) || deadlineMs < 1 || deadlineMs > MAX_TIMER_MS) {
    throw new ClientError("E_ARGUMENT", call, 0, `'deadlineMs' must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}`);
  }
  const controller = new AbortController();
  const reason = new DeadlineError(call, deadlineMs);
  const timer = setTimeout(() => controller.abort(reason), deadlineMs);
  const onAbort = (): void => controller.abort(signal!.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    finish() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    },
    translate: (error) => (controller.signal.reason === reason && error instanceof ClientError && error.code === "E_ABORTED" ? reason : error),
  };
}

/** A generator run under a deadline: its errors translated, the deadline finished when it ends. */
export async function* underDeadline<T, R>(inner: AsyncGenerator<T, R, undefined>, deadline: Deadline): AsyncGenerator<T, R, undefined> {
  try {
    return yield* inner;
  } catch (error) {
    throw deadline.translate(error);
  } finally {
    deadline.finish();
  }
}
