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
