import { isExactNumber } from "../values/isExactNumber.js";
import { setElements } from "../values/setValue.js";

/**
 * Reading an attribute of an item. Only own members count, so names such as
 * `toString`, `constructor` or `__proto__` are ordinary attribute names and
 * never reach the prototype chain. An item that is not an object, or is an
 * array, is not a record of attributes: it has none.
 */

/** Whether a value is an item that can have attributes: a non-null, non-array object. */
export function isRecord(item: unknown): item is Readonly<Record<string, unknown>> {
  return typeof item === "object" && item !== null && !Array.isArray(item);
}

const hasOwn = Object.hasOwn;

/** The attribute's value, or undefined when the item does not have it as its own member. */
export function itemValue(item: unknown, name: string): unknown {
  return isRecord(item) && hasOwn(item, name) ? item[name] : undefined;
}

/**
 * The value at a path into an item: `name`'s value, then each step of `path`
 * in turn, or undefined where a step finds nothing (grammar/semantics.md,
 * Nested attributes). A member step reads an own member of a map (a record
 * that is neither a binary nor a set), an index step an element of a list (an
 * array). A set has no indexes, as DynamoDB's have none: `tags[0]` on one is
 * missing. A hole in a sparse array is missing too.
 */
export function readPath(item: unknown, name: string, path: readonly (string | number)[] | undefined): unknown {
  let value = itemValue(item, name);
  if (path === undefined) return value;
  for (let i = 0; i < path.length && value !== undefined; i++) {
    const step = path[i]!;
    if (typeof step === "number") value = Array.isArray(value) && hasOwn(value, step) ? value[step] : undefined;
    else value = isMapValue(value) && hasOwn(value, step) ? value[step] : undefined;
  }
  return value;
}

/** A map (DynamoDB's M), which has members: a record that is not an ExactNumber (a number, whose fields are no members), a binary or a set. */
export function isMapValue(x: unknown): x is Readonly<Record<string, unknown>> {
  return isRecord(x) && !isExactNumber(x) && !isBinaryValue(x) && setElements(x) === undefined;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** `{ "$binary": base64 }`, how unmarshalItem gives a binary value (B), and marshalItem writes one: that one member, holding base64 text. Not a map. */
export function isBinaryValue(x: unknown): x is { $binary: string } {
  if (!isRecord(x)) return false;
  const keys = Object.keys(x);
  return keys.length === 1 && keys[0] === "$binary" && typeof x.$binary === "string" && BASE64.test(x.$binary);
}
