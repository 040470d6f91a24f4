import { describeValue } from "./checkArgument.js";
import { compareDecimals, decimalOf, type Decimal } from "./decimal.js";
import { mintExactNumber, type ExactNumber, type NumberValue } from "./ExactNumber.js";

/**
 * DynamoDB's limits on a number (Amazon DynamoDB Developer Guide, "Data
 * types", Number): up to 38 significant digits; zero, or a magnitude from
 * 1e-130 to below 1e126 (positive 1E-130 to 9.9999999999999999999999999999999999999E+125).
 */
export const MOST_DIGITS = 38;
/** 0.d × 10^exp: the least exponent (1e-130 is 0.1 × 10^-129) and the greatest (below 10^126). */
const LEAST_EXP = -129;
const GREATEST_EXP = 126;

/** The hint of every E_NUMBER about DynamoDB's limits (a literal's, a parameter's). */
export const NUMBER_HINT = "numbers are DynamoDB's: up to 38 significant digits, zero or a magnitude from 1e-130 to below 1e126";

/** Why a number's text is not a number DynamoDB holds: too many digits, too large, too small, or not a number's text. */
export type NumberProblem = "digits" | "large" | "small" | "syntax";

/** The value a number's text names, or why it has none; the text is JSON's number grammar. */
export function readNumber(text: string): { value: NumberValue } | { problem: NumberProblem; digits?: number } {
  if (typeof text !== "string") throw new TypeError(`readNumber takes a number's text, a string, not ${describeValue(text)}`);
  // Short plain integers are doubles exactly, and within every limit.
  if (text.length < 16 && /^-?(?:[1-9]\d*|0)$/.test(text)) return { value: Number(text) };
  const d = decimalOf(text);
  if (d === undefined) return { problem: "syntax" };
  const problem = decimalProblem(d);
  if (problem !== undefined) return problem === "digits" ? { problem, digits: d.digits.length } : { problem };
  return { value: decimalValue(d) };
}

/** Why a decimal is not a number DynamoDB holds, or undefined. */
export function decimalProblem(d: Decimal): NumberProblem | undefined {
  if (d.digits === "") return undefined;
  if (d.digits.length > MOST_DIGITS) return "digits";
  if (d.exp > GREATEST_EXP) return "large";
  if (d.exp < LEAST_EXP) return "small";
  return undefined;
}

/** The plain number when a double holds the decimal (as its shortest form), else an ExactNumber. */
export function decimalValue(d: Decimal): NumberValue {
  if (d.digits === "") return d.neg ? -0 : 0;
  // At most 15 significant digits within the normal range of doubles always survive the trip.
  if (d.digits.length <= 15 && d.exp > -300 && d.exp < 300) return Number(`${d.neg ? "-" : ""}0.${d.digits}e${d.exp}`);
  if (d.digits.length <= 17) {
    const n = Number(`${d.neg ? "-" : ""}0.${d.digits}e${d.exp}`);
    const back = decimalOf(String(n));
    if (back !== undefined && back.digits === d.digits && back.exp === d.exp) return n;
  }
  const text = decimalText(d);
  const minted = (MINTED ??= new Map());
  const known = minted.get(text)?.deref();
  if (known !== undefined) return known;
  const nearest = Number(text);
  // Never 0: a decimal equal to its double's own would have been that double, above.
  const made = mintExactNumber(d, text, nearest, compareDecimals(d, decimalOf(String(nearest))!) > 0 ? 1 : -1);
  const ref = new WeakRef(made);
  minted.set(text, ref);
  (FORGET ??= new FinalizationRegistry(({ text, ref }) => MINTED!.get(text) === ref && MINTED!.delete(text))).register(made, { text, ref });
  return made;
}

/**
 * Every ExactNumber alive, by its digits: one number is one object, so `===`
 * (and a Set, and indexOf) tells ExactNumbers apart as it does doubles, and
 * the code that only compares values (matches) needs no equality of its own.
 * Held weakly: an ExactNumber no one holds is forgotten with it.
 */
let MINTED: Map<string, WeakRef<ExactNumber>> | undefined;
/** Made on first use, as MINTED is: a registry made at load would stay in every bundle, used or not. */
let FORGET: FinalizationRegistry<{ text: string; ref: WeakRef<ExactNumber> }> | undefined;

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


/**
 * The value of a number's text, as readNumber; a RangeError for text that is
 * not a number DynamoDB holds (more than 38 digits, beyond its range, or not
 * JSON's number grammar).
 */
export function toNumberValue(text: string): NumberValue {
  const read = readNumber(text);
  if ("value" in read) return read.value;
  throw new RangeError(`${text.length > 60 ? `${text.slice(0, 57)}...` : text} is not a number DynamoDB can hold (${PROBLEM_WORDS[read.problem]})`);
}

const PROBLEM_WORDS: Record<NumberProblem, string> = {
  digits: "more than 38 significant digits",
  large: "1e126 or more in magnitude",
  small: "less than 1e-130 in magnitude, other than zero",
  syntax: "not a number's text",
};

/**
 * Why a number of either form is not one DynamoDB holds, or undefined: a
 * double beyond its range (1e300, 5e-324), or NaN and ±Infinity ("syntax").
 * A double has at most 17 significant digits, so never too many.
 */
export function numberProblemOf(v: NumberValue): NumberProblem | undefined {
  if (typeof v !== "number") return decimalProblem(v.decimal);
  if (!Number.isFinite(v)) return "syntax";
  const m = Math.abs(v);
  return m >= 1e126 ? "large" : m !== 0 && m < 1e-130 ? "small" : undefined;
}
