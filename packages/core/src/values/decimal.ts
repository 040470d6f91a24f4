/**
 * A decimal as sign, digits and exponent, read from a number's text, and the
 * exact order of two: the arithmetic-free core of the number model
 * (ExactNumber.ts), small enough for every bundle that compares values.
 */

/**
 * A decimal's value as sign, digits and exponent: (neg ? -1 : 1) × 0.digits × 10^exp.
 * `digits` has no leading or trailing zeros; zero is `digits: ""` (and exp 0, neg false).
 */
export interface Decimal {
  readonly neg: boolean;
  readonly digits: string;
  readonly exp: number;
}

/** JSON's number grammar, and the filter language's (a leading `+` is not accepted by either). */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** The decimal a number's text names, or undefined when it is not a number's text (JSON's grammar). */
export function decimalOf(text: string): Decimal | undefined {
  const m = DECIMAL.exec(text);
  if (m === null) return undefined;
  const whole = m[2]!;
  let digits = whole + (m[3] ?? "");
  let lead = 0;
  while (lead < digits.length && digits.charCodeAt(lead) === 48) lead++;
  let end = digits.length;
  while (end > lead && digits.charCodeAt(end - 1) === 48) end--;
  digits = digits.slice(lead, end);
  if (digits === "") return ZERO;
  // An exponent past any number's is kept as ±Infinity, which the range checks refuse.
  return { neg: m[1] === "-", digits, exp: whole.length - lead + Number(m[4] ?? 0) };
}

const ZERO: Decimal = { neg: false, digits: "", exp: 0 };

/** Order of two decimals: negative, zero or positive. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  if (a.neg !== b.neg) return a.neg ? -1 : 1;
  const sign = a.neg ? -1 : 1;
  if (a.digits === "" || b.digits === "") return sign * ((a.digits === "" ? 0 : 1) - (b.digits === "" ? 0 : 1));
  if (a.exp !== b.exp) return sign * (a.exp < b.exp ? -1 : 1);
  // Same exponent: digit strings compare as the fractions 0.digits (no trailing zeros, so a prefix is smaller).
  return sign * (a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : 0);
}
