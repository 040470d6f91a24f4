/*
 * The arithmetic of relative dates (`now - 7d`, `today + 1mo`): plain
 * functions of an instant, a time zone and an offset, so every runner that
 * resolves one gets the same value. Time zones go through Intl (no table of
 * our own); UTC, the default, needs no Intl at all.
 */

/** A unit of an offset: s, m, h, d, w are fixed lengths; mo and y are calendar units. */
export type DateUnit = "s" | "m" | "h" | "d" | "w" | "mo" | "y";

/** How a date is stored: an ISO 8601 instant in UTC, a calendar date, or a count since 1970-01-01T00:00:00Z. */
export type DateFormat = "iso" | "isoDate" | "epochSeconds" | "epochMillis";

export const DATE_UNITS: readonly DateUnit[] = ["s", "m", "h", "d", "w", "mo", "y"];
export const DATE_FORMATS: readonly DateFormat[] = ["iso", "isoDate", "epochSeconds", "epochMillis"];

const FIXED_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** The earliest and latest instants a relative date may resolve to: years 0001 to 9999, which every format writes. */
// 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z, as numbers: a call here would stay in every bundle that imports this module.
const MIN_MS = -62_135_596_800_000;
const MAX_MS = 253_402_300_799_999;

/** Whether an instant lies in the range every date format writes (years 0001-9999). */
export function inDateRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_MS && ms <= MAX_MS;
}

interface Wall {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether Intl knows the time zone (an IANA name such as Europe/Oslo, or UTC). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    // A bounded cache: a zone is a handful of names in practice, and a caller could pass many.
    if (formatters.size > 64) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

const isUtc = (timeZone: string): boolean => timeZone === "UTC";

/** An instant's wall clock in a time zone. */
function wallClock(ms: number, timeZone: string): Wall {
  const d = new Date(ms);
  const milli = d.getUTCMilliseconds();
  if (isUtc(timeZone)) {
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), ms: milli };
  }
  const wall: Wall = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, ms: milli };
  let bc = false;
  for (const part of formatterFor(timeZone).formatToParts(d)) {
    const n = Number(part.value);
    switch (part.type) {
      case "year":
        wall.year = n;
        break;
      case "month":
        wall.month = n;
        break;
      case "day":
        wall.day = n;
        break;
      case "hour":
        wall.hour = n;
        break;
      case "minute":
        wall.minute = n;
        break;
      case "second":
        wall.second = n;
        break;
      case "era":
        bc = part.value === "BC" || part.value === "B";
        break;
    }
  }
  if (bc) wall.year = 1 - wall.year;
  return wall;
}

/** The wall clock read as if it were UTC, in milliseconds (years below 100 kept as they are). */
function wallAsUtc(w: Wall): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, w.ms);
  return d.getTime();
}

/** The zone's offset from UTC at an instant, in milliseconds (whole seconds: Intl gives no finer). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtc({ ...wallClock(whole, timeZone), ms: 0 }) - whole;
}

/**
 * The instant a wall clock names in a zone. Where the clock goes back (a
 * time read twice) the earlier instant; where it jumps forward (a time that
 * never shows) the instant as far past the jump as the time is, so a
 * midnight that does not exist is the day's first instant.
 */
function instantOf(w: Wall, timeZone: string): number {
  const local = wallAsUtc(w);
  if (isUtc(timeZone)) return local;
  // Offsets lie within ±14 h, so these two instants bracket the answer; a zone changes its offset at most once in a day.
  const before = offsetAt(local - 50_400_000, timeZone);
  const after = offsetAt(local + 50_400_000, timeZone);
  const fits = (t: number, o: number): boolean => offsetAt(t, timeZone) === o;
  const candidates = [local - before, local - after].filter((t, i) => fits(t, i === 0 ? before : after));
  if (candidates.length > 0) return Math.min(...candidates);
  // A gap: the clock jumped forward from `before`'s offset, so the time under that offset is the instant as far past the jump.
  return local - before;
}

/** Midnight of the instant's day in the zone: `today`. */
export function startOfDay(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return instantOf({ ...w, hour: 0, minute: 0, second: 0, ms: 0 }, timeZone);
}

function daysInMonth(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

/**
 * The instant `amount` units after `ms` (before, for a negative amount).
 * Fixed units add their length; mo and y move the wall clock in the zone to
 * the same day of the month (the month's last day where it is shorter) at
 * the same time of day.
 */
export function addToDate(ms: number, amount: number, unit: DateUnit, timeZone: string): number {
  const fixed = FIXED_MS[unit];
  if (fixed !== undefined) return ms + amount * fixed;
  const w = wallClock(ms, timeZone);
  const months = w.year * 12 + (w.month - 1) + amount * (unit === "y" ? 12 : 1);
  const year = Math.floor(months / 12);
  const month = months - year * 12 + 1;
  if (year < 1 || year > 9999) return Number.NaN;
  return instantOf({ ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) }, timeZone);
}

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

/** An instant as a date attribute of this format stores it: text for iso and isoDate (the date in the zone), a number for the epochs. */
export function formatDate(ms: number, format: DateFormat, timeZone: string): string | number {
  switch (format) {
    case "epochMillis":
      return ms;
    case "epochSeconds":
      return Math.floor(ms / 1000);
    case "isoDate": {
      const w = wallClock(ms, timeZone);
      return `${pad(w.year, 4)}-${pad(w.month, 2)}-${pad(w.day, 2)}`;
    }
    case "iso": {
      const d = new Date(ms);
      return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(d.getUTCMilliseconds(), 3)}Z`;
    }
  }
}
