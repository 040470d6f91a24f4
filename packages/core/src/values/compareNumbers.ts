import { compareDecimals, decimalOf, type Decimal } from "./decimal.js";
import { isExactNumber } from "./isExactNumber.js";
import type { NumberValue } from "./ExactNumber.js";

/** The decimal of a number of either form; undefined for NaN and ±Infinity, which are not decimals. */
export function decimalOfValue(v: NumberValue): Decimal | undefined {
  return isExactNumber(v) ? v.decimal : decimalOf(String(v));
}

/**
 * Order of two numbers of either form, exactly: negative, zero or positive;
 * NaN when either is NaN. A double stands for its shortest decimal, the one
 * `String()` writes, so doubles compare as themselves.
 */
export function compareNumbers(a: NumberValue, b: NumberValue): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : a === b ? 0 : Number.NaN;
  if (a !== a || b !== b) return Number.NaN;
  // ±Infinity (a hand-built item's) is beyond every ExactNumber.
  if (typeof a === "number" && !Number.isFinite(a)) return a > 0 ? 1 : -1;
  if (typeof b === "number" && !Number.isFinite(b)) return b > 0 ? -1 : 1;
  return compareDecimals(decimalOfValue(a)!, decimalOfValue(b)!);
}

/** Whether two numbers of either form are the same number (-0 is 0). */
export function sameNumber(a: NumberValue, b: NumberValue): boolean {
  return typeof a === "number" || typeof b === "number" ? a === b : String(a) === String(b);
}
