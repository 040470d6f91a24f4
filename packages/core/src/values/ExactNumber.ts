/**
 * DynamoDB's numbers are decimals of up to 38 significant digits; a
 * JavaScript number is a double. A number whose digits a double holds (as
 * its shortest decimal form, the one `String(n)` writes) stays a plain
 * `number` everywhere; any other is an ExactNumber, which keeps its digits.
 * So an ExactNumber never equals a plain number, and today's data, all of
 * whose numbers are doubles, meets no ExactNumber at all.
 * grammar/semantics.md, "Numbers".
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

/**
 * The decimal's text: plain from 1e-7 to below 1e38, so every whole number
 * of up to 38 digits (an id) is written out; otherwise with an exponent as
 * JavaScript writes one (`1.5e-120`, `1.2345678901234567891e+40`). JavaScript
 * itself goes over to exponents at 1e21, for doubles.
 */
export function decimalText(d: Decimal): string {
  const { digits, exp } = d;
  if (digits === "") return "0";
  const sign = d.neg ? "-" : "";
  const n = digits.length;
  if (exp > -6 && exp <= 38) {
    if (exp >= n) return sign + digits + "0".repeat(exp - n);
    if (exp > 0) return `${sign}${digits.slice(0, exp)}.${digits.slice(exp)}`;
    return `${sign}0.${"0".repeat(-exp)}${digits}`;
  }
  const e = exp - 1;
  return `${sign}${digits[0]}${n > 1 ? `.${digits.slice(1)}` : ""}e${e < 0 ? "-" : "+"}${Math.abs(e)}`;
}

const MINT = Symbol("ExactNumber");

/**
 * A number that a double cannot hold exactly, such as a 19-digit id or
 * `0.1000000000000000000000001`: its `String()` is its digits (see
 * decimalText), its JSON through `stringifyJson` is a JSON number with every
 * digit. Arithmetic on it is refused (a TypeError), since a double would
 * round it; `toNumber()` gives the nearest double when that is wanted.
 * Made only by `toNumberValue` and `parseJson`, which give a plain number
 * whenever a double holds the value, so there is one form for each value.
 */
export class ExactNumber {
  /**
   * Its sign, digits and exponent (see Decimal). An own property, so that
   * deep equality (a test's toEqual, node:assert's deepStrictEqual) tells two
   * ExactNumbers apart by their digits.
   */
  readonly decimal: Decimal;
  readonly #text: string;

  /** @internal Use toNumberValue. */
  constructor(mint: symbol, decimal: Decimal) {
    if (mint !== MINT) throw new TypeError("an ExactNumber is made by toNumberValue or parseJson, not by new");
    this.decimal = Object.freeze({ neg: decimal.neg, digits: decimal.digits, exp: decimal.exp });
    this.#text = decimalText(decimal);
  }

  /** The nearest double, for arithmetic that may round. */
  toNumber(): number {
    return Number(this.#text);
  }

  toString(): string {
    return this.#text;
  }

  /**
   * Where the runtime has `JSON.rawJSON` (Node 21+, current browsers),
   * `JSON.stringify` writes the digits as a JSON number; elsewhere it writes
   * them as a JSON string, so no digit is lost. `stringifyJson` writes a
   * number on every runtime.
   */
  toJSON(): unknown {
    const raw = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;
    return raw === undefined ? this.#text : raw(this.#text);
  }

  [Symbol.toPrimitive](hint: string): string {
    if (hint === "number") throw new TypeError(`${this.#text} is an exact number, which a double would round: use toNumber() to round it on purpose`);
    return this.#text;
  }

  get [Symbol.toStringTag](): string {
    return "ExactNumber";
  }

  /** How Node's console.log and util.inspect show it: `ExactNumber(1234567890123456789)`. */
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `ExactNumber(${this.#text})`;
  }
}

/** @internal For toNumberValue and parseJson only. */
export function mintExactNumber(decimal: Decimal): ExactNumber {
  return new ExactNumber(MINT, decimal);
}

/** A number of the filter language and of items: a double, or an ExactNumber where a double cannot hold it. */
export type NumberValue = number | ExactNumber;

/** Whether a value is an ExactNumber. */
export function isExactNumber(value: unknown): value is ExactNumber {
  return value instanceof ExactNumber;
}

/** Whether a value is a number of either form. */
export function isNumberValue(value: unknown): value is NumberValue {
  return typeof value === "number" || value instanceof ExactNumber;
}
