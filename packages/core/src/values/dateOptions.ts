import { describeValue } from "./checkArgument.js";
import { addToDate, inDateRange, isTimeZone, startOfDay, type DateUnit } from "./relativeDate.js";

/** The options every function that takes a filter reads for its relative dates. */
export interface DateOptions {
  /**
   * The instant `now` stands for: a Date, epoch milliseconds, or an ISO 8601
   * string (`2026-11-28T09:14:00Z`). The time of the call when left out.
   */
  now?: Date | number | string;
  /** The IANA time zone whose midnight `today` is, and whose calendar `mo`, `y` and isoDate follow (default "UTC"). */
  timeZone?: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * The `now` option as epoch milliseconds, Date.now() when absent. A value of
 * another kind is a programming mistake: a TypeError that says what it takes.
 */
export function resolveNow(fn: string, now: unknown): number {
  if (now === undefined || now === null) return Date.now();
  const ms = now instanceof Date ? now.getTime() : typeof now === "number" ? now : typeof now === "string" && ISO_INSTANT.test(now) ? Date.parse(now) : Number.NaN;
  if (!inDateRange(ms)) {
    throw new TypeError(`${fn}: options.now takes a Date, epoch milliseconds or an ISO 8601 string such as "2026-11-28T09:14:00Z" (years 0001 to 9999), not ${describeValue(now)}`);
  }
  return ms;
}

/** The `timeZone` option, "UTC" when absent; a name Intl does not know is a TypeError. */
export function resolveTimeZone(fn: string, timeZone: unknown): string {
  if (timeZone === undefined || timeZone === null || timeZone === "UTC") return "UTC";
  if (typeof timeZone !== "string" || !isTimeZone(timeZone)) {
    throw new TypeError(`${fn}: options.timeZone takes an IANA time zone name such as "Europe/Oslo" or "UTC", not ${describeValue(timeZone)}`);
  }
  return timeZone;
}

/** The instant a relative date names, or NaN past the years every format writes. */
export function dateInstant(node: { anchor: "now" | "today"; offset?: { sign: "+" | "-"; amount: number; unit: DateUnit } }, now: number, timeZone: string): number {
  const base = node.anchor === "today" ? startOfDay(now, timeZone) : now;
  const offset = node.offset;
  if (offset === undefined) return base;
  const t = addToDate(base, offset.sign === "-" ? -offset.amount : offset.amount, offset.unit, timeZone);
  return inDateRange(t) ? t : Number.NaN;
}
