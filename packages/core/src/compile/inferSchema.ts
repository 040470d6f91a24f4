import { describeValue } from "../checkArgument.js";
import { isRecord } from "../semantics/itemValue.js";
import { present } from "../semantics/predicateTest.js";
import type { AttributeSchema, Schema } from "./schema.js";

/** What one attribute held across the items seen, as bits. */
const STRING = 1;
const NUMBER = 2;
const OTHER = 4;
const ARRAY = 8;

/**
 * A schema inferred from sample items: every attribute any item has, in the
 * order first seen. An attribute whose values (and the elements of its array
 * values) are all strings gets `type: "string"`, all numbers `type: "number"`;
 * mixed or other values (booleans, objects) give no type, which accepts any.
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
  const seen = new Map<string, number>();
  for (const item of items) {
    if (!isRecord(item)) continue;
    for (const name of Object.keys(item)) seen.set(name, (seen.get(name) ?? 0) | kinds(item[name]));
  }
  const attributes = Object.create(null) as Record<string, AttributeSchema>;
  for (const [name, bits] of seen) {
    const spec: AttributeSchema = {};
    const scalar = bits & ~ARRAY;
    if (scalar === STRING) spec.type = "string";
    else if (scalar === NUMBER) spec.type = "number";
    if ((bits & ARRAY) !== 0) spec.array = true;
    attributes[name] = spec;
  }
  return { attributes };
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function";
}

function kinds(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "string") return STRING;
  if (typeof value === "number") return NUMBER;
  if (!Array.isArray(value)) return OTHER;
  let bits = ARRAY;
  // Only the kinds of the elements matter, so stop once all three are seen. present() skips the
  // holes of a huge sparse array instead of visiting every index.
  for (const element of present(value)) {
    bits |= element === null || element === undefined ? 0 : typeof element === "string" ? STRING : typeof element === "number" ? NUMBER : OTHER;
    if ((bits & (STRING | NUMBER | OTHER)) === (STRING | NUMBER | OTHER)) break;
  }
  return bits;
}
