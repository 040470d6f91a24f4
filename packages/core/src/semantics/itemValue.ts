import { present } from "./predicateTest.js";
import { isExactNumber, isNumberValue } from "../values/isExactNumber.js";

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
 * that is not a binary), an index step an element of a list. An array of only
 * strings or only numbers is a set (marshalItem writes it as DynamoDB's SS or
 * NS), and a set has no indexes, as DynamoDB's have none: `tags[0]` on one is
 * missing. A hole in a sparse array is missing too.
 */
export function readPath(item: unknown, name: string, path: readonly (string | number)[] | undefined): unknown {
  let value = itemValue(item, name);
  if (path === undefined) return value;
  for (let i = 0; i < path.length && value !== undefined; i++) {
    const step = path[i]!;
    if (typeof step === "number") value = Array.isArray(value) && !isSet(value) && hasOwn(value, step) ? value[step] : undefined;
    else value = isMapValue(value) && hasOwn(value, step) ? value[step] : undefined;
  }
  return value;
}

/** Whether an array is a set as marshalItem writes one: not empty, and only strings or only numbers. */
export function isSet(x: readonly unknown[]): boolean {
  // The elements present, as Array.prototype.every (marshalItem's test) visits them, without walking a sparse array's holes.
  const elements = present(x);
  if (elements.length === 0) return false;
  const first = kindOf(elements[0]);
  if (first === undefined) return false;
  for (let i = 1; i < elements.length; i++) if (kindOf(elements[i]) !== first) return false;
  return true;
}

/** A set's element kind: a string, or a number of either form (an ExactNumber is a number). */
function kindOf(x: unknown): "string" | "number" | undefined {
  return typeof x === "string" ? "string" : isNumberValue(x) ? "number" : undefined;
}

/** A map (DynamoDB's M), which has members: a record that is neither a binary nor an ExactNumber (a number, whose fields are no members). */
export function isMapValue(x: unknown): x is Readonly<Record<string, unknown>> {
  return isRecord(x) && !isExactNumber(x) && !isBinaryValue(x);
}

/** `{ "$binary": base64 }`, how unmarshalItem gives a binary value (B): not a map. */
export function isBinaryValue(x: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(x);
  return keys.length === 1 && keys[0] === "$binary" && typeof x.$binary === "string";
}
