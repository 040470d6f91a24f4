import { parse as parseLossless, stringify as stringifyLossless } from "lossless-json";
import { jsonTextDepth } from "../syntax/jsonTextDepth.js";
import { isExactNumber } from "./isExactNumber.js";
import type { NumberValue } from "./ExactNumber.js";
import { readNumber, type NumberProblem } from "./numberValue.js";

/**
 * JSON text that could hold a number a double would change: a run of 16
 * digits (and points), or an exponent of three digits. Anything else is a
 * number of at most 15 digits within 1e-115..1e115, which JSON.parse reads
 * exactly. Strings may match too (a long id in quotes); they only cost the
 * exact path, never a wrong value.
 */
const MAY_NEED_EXACT = /[\d.]{16}|\d[eE][+-]?\d{3}/;

/** Deeper than this, the exact path (which recurses) is not taken: DynamoDB nests 32 levels at most. */
const MOST_DEPTH = 2000;

/**
 * A number in JSON text that no store of ours can hold: more than 38 digits,
 * 1e126 or more, or below 1e-130 (such as `1e400`, which JSON.parse reads as
 * Infinity). `path` names where it is (`["items", 0, "big"]`).
 */
export class JsonNumberError extends RangeError {
  readonly number: string;
  readonly problem: NumberProblem;
  readonly path: readonly (string | number)[];
  constructor(number: string, problem: NumberProblem, path: readonly (string | number)[]) {
    super(`the number ${number.length > 60 ? `${number.slice(0, 57)}...` : number}${path.length === 0 ? "" : ` at ${pathText(path)}`} is not one DynamoDB can hold (${problem === "digits" ? "more than 38 significant digits" : "beyond 1e-130 to below 1e126"})`);
    this.name = "JsonNumberError";
    this.number = number;
    this.problem = problem;
    this.path = path;
  }
}

/** A path as JavaScript would write it: `items[0].big`, `["odd name"]`. */
export function pathText(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? (i === 0 ? p : `.${p}`) : `[${JSON.stringify(p)}]`)).join("");
}

class Unheld {
  constructor(
    readonly text: string,
    readonly problem: NumberProblem,
  ) {}
}

/**
 * JSON.parse, with every number exact: a number a double holds is a plain
 * `number`, any other an ExactNumber (see ExactNumber.ts). Malformed text is
 * JSON.parse's own SyntaxError; a number no store can hold is a
 * JsonNumberError naming it and where it is. A member named twice keeps its
 * last value, as in JSON.parse. Text with no long number is JSON.parse's
 * work alone, so ordinary data costs one regular-expression test more.
 *
 * The exact path is lossless-json's parser (lossless-json.org): it hands each
 * number's text to readNumber. It recurses, so text nested deeper than 2000
 * is refused (a RangeError) rather than read there.
 */
export function parseJson(text: string): unknown {
  const plain = JSON.parse(text) as unknown;
  if (!MAY_NEED_EXACT.test(text)) return plain;
  if (jsonTextDepth(text, MOST_DEPTH) > MOST_DEPTH) throw new RangeError(`JSON text nested deeper than ${MOST_DEPTH} levels cannot be read with exact numbers`);
  let unheld = false;
  const value = parseLossless(text, null, {
    parseNumber(digits: string): unknown {
      const read = readNumber(digits);
      if ("value" in read) return read.value;
      unheld = true;
      return new Unheld(digits, read.problem);
    },
    onDuplicateKey: ({ newValue }) => newValue,
  });
  if (unheld) {
    const found = findUnheld(value, []);
    if (found !== undefined) throw new JsonNumberError(found.at.text, found.at.problem, found.path);
  }
  return value;
}

function findUnheld(value: unknown, path: (string | number)[]): { at: Unheld; path: (string | number)[] } | undefined {
  if (value instanceof Unheld) return { at: value, path };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnheld(value[i], [...path, i]);
      if (found !== undefined) return found;
    }
  } else if (typeof value === "object" && value !== null && !isExactNumber(value)) {
    for (const key of Object.keys(value)) {
      const found = findUnheld((value as Record<string, unknown>)[key], [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const EXACT_STRINGIFIERS = [{ test: isExactNumber, stringify: (v: unknown): string => String(v as NumberValue) }];

/**
 * JSON.stringify that writes an ExactNumber as a JSON number with every
 * digit, on every runtime: the one function an app uses to send a compiled
 * filter (or an item) as JSON text itself. `space` as in JSON.stringify.
 * A value without an ExactNumber is JSON.stringify's work alone.
 */
export function stringifyJson(value: unknown, space?: string | number): string {
  if (!containsExactNumber(value)) return JSON.stringify(value, null, space);
  return stringifyLossless(value, null, space, EXACT_STRINGIFIERS)!;
}

/**
 * Whether a value holds an ExactNumber anywhere, looked for without
 * recursion. A cycle ends the search (JSON.stringify then refuses the value).
 */
export function containsExactNumber(value: unknown): boolean {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (isExactNumber(v)) return true;
    if (seen.has(v)) return false;
    seen.add(v);
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push(v[i]);
    else for (const key in v) if (Object.hasOwn(v, key)) stack.push((v as Record<string, unknown>)[key]);
  }
  return false;
}
