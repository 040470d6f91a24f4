import { readNumber, type NumberProblem } from "@itemfilter/core";

/** A number in JSON text that no store holds (more than 38 digits, beyond 1e-130..<1e126): its text, where it starts, and why. */
export interface UnheldNumber {
  text: string;
  offset: number;
  problem: NumberProblem;
}

/**
 * The first number in valid JSON text that no store holds (such as 1e400 or
 * a number of 39 digits), or undefined. Data keeps every other number
 * exactly (core's parseJson); this finds where the one it refuses is, so the
 * error can name its line and column. With `want`, the first such number
 * written as `want` (the one core's JsonNumberError names), else the first.
 */
export function unheldNumber(text: string, want?: string): UnheldNumber | undefined {
  if (!mayBeInexact(text)) return undefined;
  let first: UnheldNumber | undefined;
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
    if (!("value" in read)) {
      if (want === undefined || token === want) return { text: token, offset: i, problem: read.problem };
      first ??= { text: token, offset: i, problem: read.problem };
    }
    i = end - 1;
  }
  return first;
}

/**
 * What every number a double would change, and every number no store holds,
 * has somewhere in the text: an exponent (a digit
 * then 'e' or 'E') or a run of 16 digits and points. A number without an
 * exponent and with at most 15 digits is always exact (any decimal of 15
 * significant digits or fewer is the shortest text of the double nearest it,
 * and 15 digits without an exponent stay within 1e-14 and 1e15), so text
 * without either is JSON.parse's work alone; strings can only make it look further.
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
