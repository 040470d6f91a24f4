import { describeValue } from "./checkArgument.js";
import { isExactNumber } from "./isExactNumber.js";
import { readNumber, type NumberProblem } from "./numberValue.js";

/**
 * JSON text that could hold a number a double would change: a run of 16
 * digits (and points), or an exponent of three digits. Anything else is a
 * number of at most 15 digits within 1e-115..1e115, which JSON.parse reads
 * exactly. Strings may match too (a long id in quotes); they only cost the
 * exact path, never a wrong value.
 */
const MAY_NEED_EXACT = /[\d.]{16}|\d[eE][+-]?\d{3}/;
/** The exponent half of MAY_NEED_EXACT: a native search that skips ahead fast (its second character is fixed). */
const LONG_EXPONENT = /\d[eE][+-]?\d{3}/;

/**
 * Whether MAY_NEED_EXACT matches, for about half its cost on long text
 * (response bodies, data files): a run of 16 digits and points covers two
 * positions 8 apart that are both multiples of 8, so text where no such pair
 * holds a digit or point each has no run, and only other text is searched
 * with the full expression.
 */
export function mayNeedExact(text: string): boolean {
  if (LONG_EXPONENT.test(text)) return true;
  for (let i = 8; i < text.length; i += 8) {
    if (isDigitOrPoint(text.charCodeAt(i)) && isDigitOrPoint(text.charCodeAt(i - 8))) return MAY_NEED_EXACT.test(text);
  }
  return false;
}

function isDigitOrPoint(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46;
}

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

/** One token of valid JSON text: a string, a number, a word, or a punctuation mark. */
const TOKEN = /[\s]*(?:("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([{}[\],:]))/y;

interface Frame {
  readonly value: Record<string, unknown> | unknown[];
  /** The member name whose value comes next, in an object. */
  key: string | undefined;
}

/**
 * JSON.parse, with every number exact: a number a double holds is a plain
 * `number`, any other an ExactNumber. Malformed text is JSON.parse's own
 * SyntaxError; a number no store can hold is a JsonNumberError naming it and
 * where it is. As in JSON.parse, a member named twice keeps its last value
 * and `__proto__` is an own member. Text with no long number is JSON.parse's
 * work alone, so ordinary data costs one regular-expression test more.
 *
 * The exact reading is a second pass over text JSON.parse has already
 * checked, without recursion (no depth overflows the stack), strings decoded
 * by JSON.parse itself. (lossless-json would do the same work, but its module
 * keeps a class with a computed key that every bundler keeps as a side
 * effect, which put the matches-only bundle over its size target.)
 */
export function parseJson(text: string): unknown {
  if (typeof text !== "string") throw new TypeError(`parseJson takes JSON text, a string, not ${describeValue(text)}`);
  const plain = JSON.parse(text) as unknown;
  return mayNeedExact(text) ? readExact(text) : plain;
}

function readExact(text: string): unknown {
  const stack: Frame[] = [];
  let root: unknown;
  const place = (value: unknown): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) root = value;
    else if (Array.isArray(top.value)) top.value.push(value);
    else {
      const key = top.key!;
      // Assigning __proto__ would set the prototype; JSON.parse makes it an own member.
      if (key === "__proto__") Object.defineProperty(top.value, key, { value, writable: true, enumerable: true, configurable: true });
      else top.value[key] = value;
      top.key = undefined;
    }
  };
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
    const [, str, num, word, mark] = m;
    if (str !== undefined) {
      const s = JSON.parse(str) as string;
      const top = stack[stack.length - 1];
      // In an object, a string with no pending name is the name of the next member.
      if (top !== undefined && !Array.isArray(top.value) && top.key === undefined) top.key = s;
      else place(s);
    } else if (num !== undefined) {
      const read = readNumber(num);
      if (!("value" in read)) throw new JsonNumberError(num, read.problem, pathOf(stack));
      place(read.value);
    } else if (word !== undefined) place(word === "null" ? null : word === "true");
    else if (mark === "{" || mark === "[") {
      const value = mark === "{" ? {} : [];
      place(value);
      stack.push({ value, key: undefined });
    } else if (mark === "}" || mark === "]") stack.pop();
  }
  return root;
}

/** Where the next value of the innermost container goes, as a path. */
function pathOf(stack: readonly Frame[]): (string | number)[] {
  const path: (string | number)[] = [];
  for (let i = 0; i < stack.length; i++) {
    const frame = stack[i]!;
    const inner = stack[i + 1];
    if (Array.isArray(frame.value)) path.push(inner === undefined ? frame.value.length : frame.value.length - 1);
    else path.push(inner === undefined ? frame.key! : lastKey(frame.value, inner.value));
  }
  return path;
}

/** The member of an object that holds a given container (the last one, as members are added in order). */
function lastKey(object: Record<string, unknown>, child: unknown): string {
  const keys = Object.keys(object);
  for (let i = keys.length - 1; i >= 0; i--) if (object[keys[i]!] === child) return keys[i]!;
  return "";
}

/**
 * JSON.stringify that writes an ExactNumber as a JSON number with every
 * digit, on every runtime: the one function an app uses to send a compiled
 * filter (or an item) as JSON text itself. `space` as in JSON.stringify.
 * A value without an ExactNumber is JSON.stringify's work alone.
 */
export function stringifyJson(value: unknown, space?: string | number): string {
  // Where JSON.rawJSON exists, ExactNumber's toJSON already writes the digits.
  if (typeof (JSON as { rawJSON?: unknown }).rawJSON === "function" || !containsExactNumber(value)) return JSON.stringify(value, null, space);
  for (;;) {
    // Each ExactNumber is written as a quoted placeholder first, then replaced by its digits. The
    // count of replacements proves no string of the value happened to look like a placeholder.
    const mark = `exact${Math.random().toString(36).slice(2)}x`;
    const digits: string[] = [];
    const text = JSON.stringify(
      value,
      function (this: Record<string, unknown>, key: string, v: unknown): unknown {
        const original = this[key];
        return isExactNumber(original) ? mark + (digits.push(String(original)) - 1) : v;
      },
      space,
    );
    let replaced = 0;
    const out = text.replace(new RegExp(`"${mark}(\\d+)"`, "g"), (_, i: string) => {
      replaced++;
      return digits[Number(i)]!;
    });
    if (replaced === digits.length) return out;
  }
}

/** Deeper than this the search gives up: JSON.stringify itself cannot write such a value (and a cycle never ends). */
const MOST_SEARCH_DEPTH = 10_000;

/**
 * Whether a value holds an ExactNumber anywhere, looked for without
 * recursion and without allocating per value (it runs on every item a page
 * or an output line writes). An object met twice is looked at twice, as
 * JSON.stringify writes it twice; a cycle ends the search at depth 10,000,
 * and JSON.stringify then refuses the value.
 */
export function containsExactNumber(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const stack: object[] = [value];
  const depths: number[] = [0];
  while (stack.length > 0) {
    const v = stack.pop()!;
    const depth = depths.pop()!;
    if (isExactNumber(v)) return true;
    if (depth === MOST_SEARCH_DEPTH) return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === "object" && x !== null) {
          stack.push(x);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        const x: unknown = (v as Record<string, unknown>)[key];
        if (typeof x === "object" && x !== null) {
          stack.push(x);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}
