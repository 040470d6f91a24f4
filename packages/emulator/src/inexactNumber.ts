import { readNumber } from "@itemfilter/core";

/** A number in JSON text that no double holds exactly: its text and where it starts. */
export interface InexactNumber {
  text: string;
  offset: number;
  /** The double JSON.parse makes of it, which would silently replace it. */
  value: number;
}

/**
 * The first number in valid JSON text that a double would change (such as
 * 12345678901234567890123, 9007199254740993 or 1e400), or undefined. JSON.parse
 * rounds them without a word; data must keep its values exactly, or be refused.
 */
export function inexactNumber(text: string): InexactNumber | undefined {
  if (!mayBeInexact(text)) return undefined;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) {
      inString = true;
      continue;
    }
    // In valid JSON outside strings, a minus sign or a digit starts a number.
    if (c !== 45 && (c < 48 || c > 57)) continue;
    let end = i + 1;
    while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
    const token = text.slice(i, end);
    const read = readNumber(token);
    if (!("value" in read) || typeof read.value !== "number") return { text: token, offset: i, value: Number(token) };
    i = end - 1;
  }
  return undefined;
}

/**
 * What every inexact number has somewhere in the text: an exponent (a digit
 * then 'e' or 'E') or a run of 16 digits and points. A number without an
 * exponent and with at most 15 digits is always exact (any decimal of 15
 * significant digits or fewer is the shortest text of the double nearest it,
 * and 15 digits without an exponent stay within 1e-14 and 1e15), so text
 * without either is passed at once; strings can only make it look further.
 * One native regular-expression scan costs a fraction of the loop below, and
 * data files run this on every line.
 */
const MAY_BE_INEXACT = /\d(?:[eE]|[\d.]{15})/;

/** The exponent half of MAY_BE_INEXACT: a native search that skips ahead fast (its second character is fixed). */
const DIGIT_EXPONENT = /\d[eE]/;

/**
 * Whether MAY_BE_INEXACT matches the text, for about half its cost (the
 * regular expression's run of 16 checks every position; data files run this
 * on every line, issue 26 §3). A run of 16 digits and points covers two
 * positions eight apart that are both multiples of 8, so text where no such
 * pair holds a digit or point each has no run, and only other text is
 * searched with the full expression.
 */
export function mayBeInexact(text: string): boolean {
  if (DIGIT_EXPONENT.test(text)) return true;
  for (let i = 8; i < text.length; i += 8) {
    if (isDigitOrPoint(text.charCodeAt(i)) && isDigitOrPoint(text.charCodeAt(i - 8))) return MAY_BE_INEXACT.test(text);
  }
  return false;
}

function isDigitOrPoint(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46;
}

/** Digits, '.', 'e', 'E', '+' and '-': the characters after a number's first. */
function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;
}

/** The message for a number a double would change. */
export function inexactMessage(found: InexactNumber): string {
  const shown = found.text.length > 40 ? `${found.text.slice(0, 40)}…` : found.text;
  const becomes = Number.isFinite(found.value) && found.value !== 0 ? `it would be read as ${String(found.value)}` : Number.isFinite(found.value) ? "it would be read as 0" : "it is out of a double's range";
  return `the number ${shown} cannot be held exactly (${becomes}); write it as a string to keep it exactly`;
}
