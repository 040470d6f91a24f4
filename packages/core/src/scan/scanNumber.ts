import { replaceTitle } from "../messages/messageText.js";
import { NUMBER_HINT, readNumber } from "../values/numberValue.js";
import { nameCharAt, type Problem, type Push } from "./lexer.js";
import { NumberLiteral } from "./tokens.js";

// The lexer's scanner for numbers: exact where they are well formed, and one
// problem with the number most likely meant where they are not.

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const NUMBER_TAIL = /[\p{L}\p{Nd}_.]+/uy;

export function scanNumber(source: string, start: number, push: Push, problem: Problem): number {
  // Fast path: a short integer followed by something that cannot continue a number is always exact.
  let i = source.charCodeAt(start) === 45 ? start + 1 : start;
  const first = i;
  let acc = 0;
  for (let c = source.charCodeAt(i); c >= 48 && c <= 57; c = source.charCodeAt(++i)) acc = acc * 10 + (c - 48);
  const digits = i - first;
  if (digits > 0 && digits < 16 && (digits === 1 || source.charCodeAt(first) !== 48) && !continuesNumber(source, i)) {
    push(NumberLiteral, start, i, first === start ? acc : -acc);
    return i;
  }
  NUMBER.lastIndex = start;
  const ok = NUMBER.test(source);
  let end = ok ? NUMBER.lastIndex : start;
  NUMBER_TAIL.lastIndex = end;
  const tail = NUMBER_TAIL.test(source) || !ok;
  if (tail) {
    end = Math.max(end, NUMBER_TAIL.lastIndex, start + 1);
    // A lone '-' or one before something that is not a number at all.
    if (end === start + 1 && source.charCodeAt(start) === 45) {
      problem("E_SYNTAX", start, end, { params: { kind: "minus", character: "-" } });
      return end;
    }
    const raw = source.slice(start, end);
    const fix = numberFix(raw);
    problem("E_SYNTAX", start, end, {
      params: { kind: numberKind(raw), text: raw, ...(fix === undefined ? {} : { suggestion: fix }) },
      ...(fix === undefined ? {} : { fixes: [{ title: replaceTitle(fix), start, end, replacement: fix }] }),
    });
    push(NumberLiteral, start, end, Number.NaN);
    return end;
  }
  const raw = source.slice(start, end);
  const read = readNumber(raw);
  if ("value" in read) push(NumberLiteral, start, end, read.value);
  else {
    problem("E_NUMBER", start, end, {
      hint: NUMBER_HINT,
      params: read.problem === "digits" ? { kind: "digits", number: raw, digits: read.digits! } : { kind: read.problem, number: raw },
    });
    push(NumberLiteral, start, end, Number.NaN);
  }
  return end;
}

/** Whether the character at `i` would make the digits before it something other than a whole number (a fraction, an exponent, a name). */
export function continuesNumber(source: string, i: number): boolean {
  const c = source.charCodeAt(i);
  return c === 46 || c === 101 || c === 69 || nameCharAt(source, i, false) > 0;
}

/** The number a malformed one most likely meant, where that is clear (separators, a missing leading zero). */
function numberFix(raw: string): string | undefined {
  const body = raw.startsWith("-") ? raw.slice(1) : raw;
  const sign = raw.startsWith("-") ? "-" : "";
  let meant: string | undefined;
  if (body.includes("_")) meant = raw.replace(/_/g, "");
  else if (body.startsWith(".")) meant = `${sign}0${body}`;
  else if (/^0\d+$/.test(body)) meant = sign + body.replace(/^0+(?=\d)/, "");
  else if (/^0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)$/.test(body)) {
    // Hexadecimal, octal or binary written as in JavaScript: the same number in decimal, when exact.
    const value = Number(body.toLowerCase());
    meant = Number.isSafeInteger(value) ? sign + String(value) : undefined;
  }
  return meant !== undefined && /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(meant) ? meant : undefined;
}

/** Which mistake a malformed number makes, as its message's kind. */
function numberKind(raw: string): string {
  const body = raw.startsWith("-") ? raw.slice(1) : raw;
  if (/^0[xXoObB]/.test(body)) return "numberBase";
  if (body.includes("_")) return "numberSeparator";
  if (body.startsWith(".")) return "numberPoint";
  if (/^0\d/.test(body)) return "numberLeadingZero";
  if (/\.(?!\d)/.test(body)) return "numberFraction";
  if (/[eE](?![+-]?\d)/.test(body)) return "numberExponent";
  return "numberForm";
}
