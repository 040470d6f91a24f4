/**
 * Exactness of number literals: a literal is accepted only when the double it
 * becomes prints (in its shortest decimal form) as the same decimal number.
 * So `0.1` and `3.0` pass, while `9007199254740993` or `1e400` would be
 * silently changed by the trip through a double and are rejected.
 */

const DECIMAL = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** A canonical key for the decimal value of a numeric string: digits and exponent, no redundant zeros. */
function decimalKey(text: string): string | null {
  const m = DECIMAL.exec(text);
  if (m === null) return null;
  const frac = m[2] ?? "";
  let digits = m[1]! + frac;
  let exponent = (m[3] === undefined ? 0 : Number(m[3])) - frac.length;
  let lead = 0;
  while (lead < digits.length - 1 && digits.charCodeAt(lead) === 48) lead++;
  digits = digits.slice(lead);
  let end = digits.length;
  while (end > 1 && digits.charCodeAt(end - 1) === 48) end--;
  exponent += digits.length - end;
  digits = digits.slice(0, end);
  if (digits === "0") return "0";
  return (text.charCodeAt(0) === 45 ? "-" : "") + digits + "e" + exponent;
}

/** The double a JSON-grammar literal names, or null when no double names it exactly. */
export function exactNumber(raw: string): number | null {
  const value = Number(raw);
  if (!Number.isFinite(value)) return null;
  // Fast path: short integers are always exact (below 2^53 and without zeros to normalise).
  if (raw.length < 16 && /^-?[1-9]\d*$|^0$/.test(raw)) return value;
  const a = decimalKey(raw);
  const b = decimalKey(String(Object.is(value, -0) ? 0 : value));
  return a !== null && a === b ? value : null;
}

/** Canonical text for a number, as the formatter writes it; `-0` keeps its sign. */
export function formatNumber(value: number): string {
  return Object.is(value, -0) ? "-0" : String(value);
}
