import { describeValue } from "../checkArgument.js";
import { isRecord } from "../semantics/itemValue.js";
import { present } from "../semantics/predicateTest.js";
import type { AttributeSchema, Schema } from "./schema.js";
import { isNumberValue } from "../values/isExactNumber.js";

/** What one attribute held across the items seen, as bits. */
const STRING = 1;
const NUMBER = 2;
const OTHER = 4;
const ARRAY = 8;
const BOOLEAN = 16;

/**
 * A schema inferred from sample items: every attribute any item has, in the
 * order first seen. An attribute whose values (and the elements of its array
 * values) are all strings gets `type: "string"`, all numbers `type: "number"`,
 * all booleans (never in an array) `type: "boolean"`; mixed or other values
 * (objects, arrays of booleans) give no type, which accepts any.
 * Null is a missing value and says nothing about the type. `array: true`
 * marks an attribute that holds an array in some item.
 *
 * Only own members of records count, as for matching (grammar/semantics.md):
 * items that are not records have no attributes, and `__proto__` is an
 * ordinary name. `attributes` has no prototype, so any name is only data.
 * Takes an array or another iterable of items; anything else is a TypeError.
 *
 * Pass the result as `options.schema` to check filters against what the
 * items hold (add `allowUnknown: true` to let other names through), and to
 * attributeWarnings to warn about names no item has.
 */
export function inferSchema(items: Iterable<unknown>): Schema {
  if (!isIterable(items)) throw new TypeError(`inferSchema takes an array (or another iterable) of items, not ${describeValue(items)}`);
  const inference = new SchemaInference();
  for (const item of items) inference.add(item);
  return inference.schema();
}

/** SchemaInference's findings as plain data (state() and merge()). */
export interface InferenceState {
  names: string[];
  bits: number[];
}

/**
 * inferSchema one item at a time, for items that arrive as a stream (a data
 * file read line by line): `schema()` after the last `add` is what
 * inferSchema gives for the same items in the same order. With `names`, only
 * those attributes are looked at and can appear in the schema, which is
 * enough to check a filter that names no others.
 */
export class SchemaInference {
  private readonly seen = new Map<string, number>();
  /** With names: their bits, -1 until an item has the attribute (the order first seen is kept in `seen`). */
  private readonly only: readonly string[] | undefined;
  private readonly bits: number[] = [];

  constructor(names?: Iterable<string>) {
    if (names === undefined) return;
    this.only = [...new Set(names)];
    this.bits = this.only.map(() => -1);
  }

  add(item: unknown): void {
    if (!isRecord(item)) return;
    const only = this.only;
    if (only === undefined) {
      for (const name of Object.keys(item)) this.seen.set(name, (this.seen.get(name) ?? 0) | kinds(item[name]));
      return;
    }
    for (let i = 0; i < only.length; i++) {
      const name = only[i]!;
      if (!Object.hasOwn(item, name)) continue;
      if (this.bits[i] === -1) {
        this.bits[i] = 0;
        this.seen.set(name, 0);
      }
      this.bits[i]! |= kinds(item[name]);
    }
  }

  /**
   * What the items added so far told, as plain data that can cross to
   * another thread: the attributes in the order first seen, with their bits.
   * A data file read in parallel ranges infers each range apart and merges
   * the states in file order.
   */
  state(): InferenceState {
    const names = [...this.seen.keys()];
    const only = this.only;
    return { names, bits: names.map((name) => (only === undefined ? this.seen.get(name)! : this.bits[only.indexOf(name)]!)) };
  }

  /** As if the items behind `state` (inferred with the same names) were added after those added so far. */
  merge(state: InferenceState): void {
    const only = this.only;
    state.names.forEach((name, k) => {
      const bits = state.bits[k]!;
      if (only === undefined) {
        this.seen.set(name, (this.seen.get(name) ?? 0) | bits);
        return;
      }
      const i = only.indexOf(name);
      if (i < 0) return;
      if (this.bits[i] === -1) {
        this.bits[i] = 0;
        this.seen.set(name, 0);
      }
      this.bits[i]! |= bits;
    });
  }

  /** Whether some item added so far has the attribute (as an own member). */
  has(name: string): boolean {
    return this.seen.has(name);
  }

  schema(): Schema {
    const only = this.only;
    if (only !== undefined) only.forEach((name, i) => this.bits[i] !== -1 && this.seen.set(name, this.bits[i]!));
    const attributes = Object.create(null) as Record<string, AttributeSchema>;
    for (const [name, bits] of this.seen) {
      const spec: AttributeSchema = {};
      const scalar = bits & ~ARRAY;
      if (scalar === STRING) spec.type = "string";
      else if (scalar === NUMBER) spec.type = "number";
      else if (bits === BOOLEAN) spec.type = "boolean";
      if ((bits & ARRAY) !== 0) spec.array = true;
      attributes[name] = spec;
    }
    return { attributes };
  }
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function";
}

function kinds(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "string") return STRING;
  if (isNumberValue(value)) return NUMBER;
  if (typeof value === "boolean") return BOOLEAN;
  if (!Array.isArray(value)) return OTHER;
  let bits = ARRAY;
  // Only the kinds of the elements matter, so stop once all three are seen. present() skips the
  // holes of a huge sparse array instead of visiting every index.
  for (const element of present(value)) {
    bits |= element === null || element === undefined ? 0 : typeof element === "string" ? STRING : isNumberValue(element) ? NUMBER : OTHER;
    if ((bits & (STRING | NUMBER | OTHER)) === (STRING | NUMBER | OTHER)) break;
  }
  return bits;
}
