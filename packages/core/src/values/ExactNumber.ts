/**
 * DynamoDB's numbers are decimals of up to 38 significant digits; a
 * JavaScript number is a double. A number whose digits a double holds (as
 * its shortest decimal form, the one `String(n)` writes) stays a plain
 * `number` everywhere; any other is an ExactNumber, which keeps its digits.
 * So an ExactNumber never equals a plain number, and today's data, all of
 * whose numbers are doubles, meets no ExactNumber at all.
 * grammar/semantics.md, "Numbers".
 */

import type { Decimal } from "./decimal.js";
import { EXACT_BRAND } from "./isExactNumber.js";

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
  constructor(mint: symbol, decimal: Decimal, text: string) {
    if (mint !== MINT) throw new TypeError("an ExactNumber is made by toNumberValue or parseJson, not by new");
    this.decimal = Object.freeze({ neg: decimal.neg, digits: decimal.digits, exp: decimal.exp });
    this.#text = text;
  }

  get [EXACT_BRAND](): true {
    return true;
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

/** @internal For toNumberValue only; `text` is decimalText(decimal). */
export function mintExactNumber(decimal: Decimal, text: string): ExactNumber {
  return new ExactNumber(MINT, decimal, text);
}

/** A number of the filter language and of items: a double, or an ExactNumber where a double cannot hold it. */
export type NumberValue = number | ExactNumber;
