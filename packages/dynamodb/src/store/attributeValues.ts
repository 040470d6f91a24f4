import type { AttributeValue } from "@aws-sdk/client-dynamodb";

/**
 * A JSON value as `load` and the store's tests write it: null is NULL, an
 * array a list (L), an object a map, a number its shortest exact decimal.
 * Arrays stay lists, not sets (marshalItem's SS/NS), so an item reads back
 * exactly as it was written, order and repeats included: the service returns
 * items as stored. DynamoDB's contains and CONTAINS look into lists as into sets.
 * (Items are read back with unmarshalItem.)
 */
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
