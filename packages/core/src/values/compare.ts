import { describeValue } from "./checkArgument.js";
import { isNumberValue } from "./isExactNumber.js";
import type { NumberValue } from "./ExactNumber.js";
import { compareNumbers } from "./compareNumbers.js";

/**
 * String order by UTF-8 bytes, which is code point order. JavaScript's `<`
 * compares UTF-16 units, which differs once a surrogate pair meets a unit in
 * U+E000..U+FFFF (U+FF61 sorts before U+1F600 in UTF-8 but after it in UTF-16).
 * Returns a negative number, zero or a positive number.
 */
export function compareStrings(a: string, b: string): number {
  if (typeof a !== "string" || typeof b !== "string") throw new TypeError(`compareStrings takes two strings, not ${describeValue(typeof a !== "string" ? a : b)}`);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Lift surrogates above U+E000..U+FFFF, and lower those below them, to get code point order.
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/**
 * Order of two values of one type (numbers numerically and exactly, an
 * ExactNumber by its digits; strings by UTF-8 bytes); null when the types differ.
 */
export function compareScalars(a: string | NumberValue, b: string | NumberValue): number | null {
  if (!isScalar(a) || !isScalar(b)) throw new TypeError(`compareScalars takes strings and numbers, not ${describeValue(isScalar(a) ? b : a)}`);
  if (typeof a === "string" || typeof b === "string") return typeof a === typeof b ? compareStrings(a as string, b as string) : null;
  return compareNumbers(a, b);
}

function isScalar(v: unknown): boolean {
  return typeof v === "string" || isNumberValue(v);
}
