import { isExactNumber } from "../values/isExactNumber.js";
import { isRecord } from "./itemValue.js";

/**
 * `fields`: the attributes a caller wants back, each a path of names joined
 * by dots (`address.city`). A top-level attribute whose name holds a dot
 * cannot be named this way. The service client and the CLI pick fields from
 * items locally; @itemfilter/dynamodb also asks DynamoDB for only those.
 */
export type FieldPath = readonly string[];

/** The paths of a fields option; a TypeError that says what it takes for anything else. */
export function checkFields(fields: unknown): FieldPath[] {
  const takes = 'fields takes a non-empty array of attribute paths, such as ["id", "address.city"]';
  if (!Array.isArray(fields) || fields.length === 0) throw new TypeError(takes);
  return fields.map((field) => {
    const path = typeof field === "string" ? field.split(".") : [];
    if (path.length === 0 || path.some((name) => name === "")) throw new TypeError(`${takes}; ${JSON.stringify(field)} is not one`);
    return path;
  });
}

/** Only the fields of an item (nested fields as nested objects), for output. */
export function pickFields(item: Record<string, unknown>, fields: readonly FieldPath[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of fields) {
    let from: unknown = item;
    // A map is a plain object: an array, or an ExactNumber (a number, whatever members it has), has no fields.
    for (const name of path) from = isRecord(from) && !isExactNumber(from) && Object.hasOwn(from, name) ? from[name] : undefined;
    if (from === undefined) continue;
    let to = out;
    for (const name of path.slice(0, -1)) {
      const next = Object.hasOwn(to, name) ? to[name] : undefined;
      to = (isRecord(next) && !isExactNumber(next) ? next : put(to, name, {})) as Record<string, unknown>;
    }
    put(to, path.at(-1)!, from);
  }
  return out;
}

// An own data member even for a name like `__proto__`, which plain assignment would not make.
function put<T>(object: Record<string, unknown>, name: string, value: T): T {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  return value;
}
