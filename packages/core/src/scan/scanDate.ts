import { replaceTitle } from "../messages/messageText.js";
import { DATE_UNITS, type DateUnit } from "../values/relativeDate.js";
import type { Problem, Push } from "./lexer.js";
import { DateLiteral } from "./tokens.js";

/** What a DateLiteral token carries: the syntax tree's DateNode (syntax/ast.ts) without its span. */
export interface DatePayload {
  readonly anchor: "now" | "today";
  readonly offset?: { readonly sign: "+" | "-"; readonly amount: number; readonly unit: DateUnit };
}

/** `now` or `today` (in any case) when source[start, end) is exactly that word, else undefined. */
export function dateAnchor(source: string, start: number, end: number): "now" | "today" | undefined {
  const len = end - start;
  // The length and first letter first: nearly every name is ruled out without a slice.
  if (len !== 3 && len !== 5) return undefined;
  const first = source.charCodeAt(start) | 32;
  if (first !== 110 && first !== 116) return undefined;
  const word = source.slice(start, end).toLowerCase();
  return word === "now" || word === "today" ? word : undefined;
}

function skipSpaces(source: string, i: number): number {
  for (let c = source.charCodeAt(i); c === 32 || (c >= 9 && c <= 13); c = source.charCodeAt(++i));
  return i;
}

/** Whether a `+` or `-` follows (after spaces): then `now`/`today` has an offset, which nothing else may follow it with. */
export function offsetFollows(source: string, i: number): boolean {
  const c = source.charCodeAt(skipSpaces(source, i));
  return c === 43 || c === 45;
}

/** The offset's amount has at most this many digits; what it resolves to is checked against the dates every format writes. */
const MAX_AMOUNT_DIGITS = 9;

/** Units as people also write them, by the unit meant. */
const UNIT_SPELLINGS: ReadonlyMap<string, DateUnit> = new Map([
  ...["sec", "secs", "second", "seconds"].map((w) => [w, "s"] as const),
  ...["min", "mins", "minute", "minutes"].map((w) => [w, "m"] as const),
  ...["hr", "hrs", "hour", "hours"].map((w) => [w, "h"] as const),
  ...["day", "days"].map((w) => [w, "d"] as const),
  ...["wk", "wks", "week", "weeks"].map((w) => [w, "w"] as const),
  ...["mon", "mos", "mth", "month", "months"].map((w) => [w, "mo"] as const),
  ...["yr", "yrs", "year", "years"].map((w) => [w, "y"] as const),
]);

/** The unit a misspelt one most likely meant: its lower case (`D`), or a word for it (`days`); `M` is minutes or months, so none. */
function meantUnit(written: string): DateUnit | undefined {
  if (written === "M") return undefined;
  const lower = written.toLowerCase();
  if ((DATE_UNITS as readonly string[]).includes(lower)) return lower as DateUnit;
  return UNIT_SPELLINGS.get(lower);
}

/**
 * Scans `now - 7d` from the end of its anchor word: spaces, the sign,
 * spaces, a whole number and a unit, as one DateLiteral. A malformed offset
 * is one problem at it, and the token is still pushed (without the offset)
 * so the rest of the filter is checked.
 */
export function scanDate(source: string, start: number, anchorEnd: number, anchor: "now" | "today", push: Push, problem: Problem): number {
  const signAt = skipSpaces(source, anchorEnd);
  const sign = source.charCodeAt(signAt) === 43 ? "+" : "-";
  const from = skipSpaces(source, signAt + 1);
  // The offset's text: digits and letters (and a point or more, to refuse `1.5d` whole).
  let end = from;
  for (let c = source.charCodeAt(end); (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 46 || c === 95; c = source.charCodeAt(++end));
  const text = source.slice(from, end);
  const shape = /^(\d+)([A-Za-z]*)$/.exec(text);
  const bare: DatePayload = { anchor };
  if (shape === null) {
    const at = text === "" ? signAt : from;
    problem("E_SYNTAX", at, Math.max(end, at + 1), { params: { kind: "dateOffset", text: text === "" ? source.slice(signAt, signAt + 1) : text } });
    push(DateLiteral, start, Math.max(end, signAt + 1), bare);
    return Math.max(end, signAt + 1);
  }
  const [, digits, unit] = shape as unknown as [string, string, string];
  if (unit === "") {
    problem("E_SYNTAX", from, end, { params: { kind: "dateUnitMissing", text, units: [...DATE_UNITS] } });
  } else if (!(DATE_UNITS as readonly string[]).includes(unit)) {
    const meant = meantUnit(unit);
    const fix = meant === undefined ? undefined : digits + meant;
    problem("E_SYNTAX", from + digits.length, end, {
      params: { kind: "dateUnit", unit, units: [...DATE_UNITS], ...(fix === undefined ? {} : { suggestion: fix }) },
      ...(fix === undefined ? {} : { fixes: [{ title: replaceTitle(fix), start: from, end, replacement: fix }] }),
    });
  } else if (digits.length > MAX_AMOUNT_DIGITS) {
    problem("E_SYNTAX", from, end, { params: { kind: "dateAmount", text, limit: MAX_AMOUNT_DIGITS } });
  } else {
    push(DateLiteral, start, end, { anchor, offset: { sign, amount: Number(digits), unit: unit as DateUnit } } satisfies DatePayload);
    return end;
  }
  push(DateLiteral, start, end, bare);
  return end;
}
