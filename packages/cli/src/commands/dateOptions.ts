import { resolveNow, resolveTimeZone } from "@itemfilter/core";
import { usageError } from "../cliError.js";
import { optionalString } from "./argValues.js";

/** What a filter's relative dates (`now - 7d`, `today`) resolve against: one instant for the whole command, and the time zone of `today`. */
export interface DateArgs {
  /** Epoch milliseconds: --now, else the time the command started, so every step of it reads the same `now`. */
  now: number;
  timeZone?: string;
}

/** --now and --time-zone, for the commands that take a filter (yargs' `.options(DATE_OPTIONS)`). */
export const DATE_OPTIONS = {
  now: { type: "string", describe: "The instant now stands for in the filter (now - 7d, today): an ISO 8601 time such as 2024-06-01T12:00:00Z, or epoch milliseconds (default: the current time)" },
  "time-zone": { type: "string", describe: "The IANA time zone whose midnight is today, and whose calendar mo, y and isoDate follow, such as Europe/Oslo (default UTC)" },
} as const;

/** The --now and --time-zone values, checked: a wrong one is a usage error (exit 2). */
export function dateArgs(argv: Record<string, unknown>, started = Date.now()): DateArgs {
  const nowText = optionalString(argv.now, "now");
  const zone = optionalString(argv.timeZone, "time-zone");
  let now = started;
  if (nowText !== undefined) {
    try {
      now = resolveNow("--now", /^-?\d+$/.test(nowText) ? Number(nowText) : nowText);
    } catch {
      throw usageError(`--now takes an ISO 8601 time such as 2024-06-01T12:00:00Z (Z or an offset like +02:00), a date such as 2024-06-01, or epoch milliseconds, not ${JSON.stringify(nowText)}`);
    }
  }
  if (zone === undefined) return { now };
  try {
    return { now, timeZone: resolveTimeZone("--time-zone", zone) };
  } catch {
    throw usageError(`--time-zone takes an IANA time zone name such as Europe/Oslo, America/New_York or UTC, not ${JSON.stringify(zone)}`);
  }
}

/** The options core's functions take for the dates. */
export function dateCompileOptions(dates: DateArgs | undefined): { now?: number; timeZone?: string } {
  if (dates === undefined) return {};
  return dates.timeZone === undefined ? { now: dates.now } : { now: dates.now, timeZone: dates.timeZone };
}
