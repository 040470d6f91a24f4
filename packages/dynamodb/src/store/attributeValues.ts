import type { AttributeValue } from "@aws-sdk/client-dynamodb";

/** An item's value that JSON cannot carry exactly (a binary, or a number past a double's precision). */
export class UnreadableValueError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = "UnreadableValueError";
  }
}

/** A JSON value as DynamoDB stores it: null is NULL, an array a list, an object a map, a number its shortest exact decimal. */
export function toAttributeValue(value: unknown): AttributeValue {
  if (value === null) return { NULL: true };
  switch (typeof value) {
    case "string":
      return { S: value };
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`${value} is not a number DynamoDB can store`);
      // String() gives the shortest text that reads back as the same double; -0 becomes "0" (DynamoDB has no -0).
      return { N: String(value === 0 ? 0 : value) };
    case "boolean":
      return { BOOL: value };
    case "object":
      if (Array.isArray(value)) return { L: value.map(toAttributeValue) };
      return { M: toItem(value as Record<string, unknown>) };
    default:
      throw new TypeError(`a ${typeof value} is not a JSON value`);
  }
}

export function toItem(item: Record<string, unknown>): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(item)) {
    if (value !== undefined) Object.defineProperty(out, name, { value: toAttributeValue(value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** sign, digits without leading or trailing zeros, and the exponent of the first digit: one form per decimal value. */
function decimalForm(text: string): string | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (m === null || (m[2] === "" && (m[3] ?? "") === "")) return undefined;
  const digits = `${m[2]}${m[3] ?? ""}`;
  const first = digits.search(/[1-9]/);
  if (first === -1) return "0";
  const significant = digits.slice(first).replace(/0+$/, "");
  const exponent = Number(m[4] ?? 0) + m[2]!.length - first;
  return `${m[1] === "-" ? "-" : ""}${significant}e${exponent}`;
}

/**
 * A DynamoDB number as a JSON number, only when the double reads back as the
 * same decimal: 0.1 is fine (it is what JSON's 0.1 means), while
 * 12345678901234567891 would silently become 12345678901234567000.
 */
export function exactNumber(text: string, path: string): number {
  const value = Number(text);
  const form = decimalForm(text);
  if (form === undefined || !Number.isFinite(value) || decimalForm(String(value)) !== form) {
    throw new UnreadableValueError(path, `the attribute ${JSON.stringify(path)} holds the number ${text.slice(0, 50)}, which a JSON number (a double) cannot hold exactly`);
  }
  return value;
}

/** A stored value as JSON: sets become arrays (our semantics reads an array of strings and numbers as a set). */
export function fromAttributeValue(value: AttributeValue, path: string): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return exactNumber(value.N, path);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL !== undefined) return null;
  if (value.L !== undefined) return value.L.map((v, i) => fromAttributeValue(v, `${path}[${i}]`));
  if (value.M !== undefined) return fromItem(value.M, `${path}.`);
  if (value.SS !== undefined) return [...value.SS];
  if (value.NS !== undefined) return value.NS.map((n) => exactNumber(n, path));
  throw new UnreadableValueError(path, `the attribute ${JSON.stringify(path)} holds a binary value, which JSON cannot carry`);
}

export function fromItem(item: Record<string, AttributeValue>, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    // defineProperty: an attribute named __proto__ is an own member, as in core's semantics.
    Object.defineProperty(out, name, { value: fromAttributeValue(value, `${prefix}${name}`), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
