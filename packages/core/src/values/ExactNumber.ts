/**
 * DynamoDB's numbers are decimals of up to 38 significant digits; a
 * JavaScript number is a double. A number whose digits a double holds (as
 * its shortest decimal form, the one `String(n)` writes) stays a plain
 * `number` everywhere; any other is an ExactNumber, which keeps its digits.
 * So an ExactNumber never equals a plain number, and today's data, all of
 * whose numbers are doubles, meets no ExactNumber at all.
 * grammar/semantics.md, "Numbers".
 */

import { compareDecimals, type Decimal } from "./decimal.js";
import { EXACT } from "./isExactNumber.js";

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
// Made by a call marked pure: a bundle that never makes an ExactNumber (an app that only calls
// matches) drops the class, which a class declaration with computed member names would not allow.
// A function, not an arrow called at once, which a minifier would inline and so lose the mark.
export const ExactNumber = /* @__PURE__ */ exactNumberClass();

function exactNumberClass() {
  return class ExactNumber {
    /**
     * Its sign, digits and exponent (see Decimal). An own property, so that
     * deep equality (a test's toEqual, node:assert's deepStrictEqual) tells two
     * ExactNumbers apart by their digits.
     */
    readonly decimal: Decimal;
    /** @internal The brand isExactNumber tests. */
    readonly [EXACT] = true;
    readonly #text: string;
    /** The double its value rounds to. */
    readonly #nearest: number;
    /** 1 when it lies above its double's own decimal (the shortest, as String() writes it), -1 below; never equal, or it would be that double. */
    readonly #above: 1 | -1;

    /** @internal Use toNumberValue. */
    constructor(mint: symbol, decimal: Decimal, text: string, nearest: number, above: 1 | -1) {
      if (mint !== MINT) throw new TypeError("an ExactNumber is made by toNumberValue or parseJson, not by new");
      this.decimal = Object.freeze({ neg: decimal.neg, digits: decimal.digits, exp: decimal.exp });
      this.#text = text;
      this.#nearest = nearest;
      this.#above = above;
    }

    /** The nearest double, for arithmetic that may round. */
    toNumber(): number {
      return this.#nearest;
    }

    /**
     * Its order against a number of either form, exactly: negative, zero or
     * positive; NaN against NaN. It lies within half a unit of its nearest
     * double, so against any other double it is ordered as that double is;
     * against that double itself, by the side of the double's decimal it
     * lies on; against another ExactNumber that rounds to the same double,
     * by their digits. (Here, not in compareNumbers, so that code that only
     * compares numbers, such as matches, carries none of it: an ExactNumber
     * brings its own order.)
     */
    compare(other: NumberValue): number {
      const nearest = this.#nearest;
      const to = typeof other === "number" ? other : other.#nearest;
      if (nearest !== to) return nearest < to ? -1 : nearest > to ? 1 : Number.NaN;
      return typeof other === "number" ? this.#above : compareDecimals(this.decimal, other.decimal);
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
  };
}

/** The type of an ExactNumber value (see the class above). */
export type ExactNumber = InstanceType<typeof ExactNumber>;

/** @internal For toNumberValue only; `text` is decimalText(decimal), `nearest` and `above` as in the class. */
export function mintExactNumber(decimal: Decimal, text: string, nearest: number, above: 1 | -1): ExactNumber {
  return new ExactNumber(MINT, decimal, text, nearest, above);
}

/** A number of the filter language and of items: a double, or an ExactNumber where a double cannot hold it. */
export type NumberValue = number | ExactNumber;
