import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { isExactNumber } from "@itemfilter/core";
import { fitsDynamoNumber, numberText } from "../compile/attributeValue.js";
import { binaryOf, setAttribute } from "../run/setAttribute.js";

/**
 * A value of a data file (or of the item model) as `load` and the store's
 * tests write it: null is NULL, an array a list (L), a set (`{ "$set": [...] }`,
 * or a JavaScript Set) SS, NS or BS by what it holds, `{ "$binary": base64 }`
 * B, any other object a map, a number its shortest exact decimal (an
 * ExactNumber its digits, as they are). Arrays stay lists, so an item reads
 * back exactly as it was written, order and repeats included: the service
 * returns items as stored. DynamoDB's contains and CONTAINS look into lists
 * as into sets. (Items are read back with unmarshalItem.) A set DynamoDB
 * cannot hold (empty, or of two kinds) is a SetValueError naming its path.
 */
export function toAttributeValue(value: unknown, path = "value"): AttributeValue {
  if (value === null) return { NULL: true };
  switch (typeof value) {
    case "string":
      return { S: value };
    case "number":
      if (!fitsDynamoNumber(value)) {
        throw new RangeError(`the number ${value} in '${path}' is out of DynamoDB's range (zero, or a magnitude from 1e-130 to below 1e126)`);
      }
      // The shortest text that reads back as the same double; -0 becomes "0" (DynamoDB has no -0).
      return { N: numberText(value) };
    case "boolean":
      return { BOOL: value };
    case "object":
      if (isExactNumber(value)) return { N: numberText(value) };
      if (Array.isArray(value)) return { L: value.map((v, i) => toAttributeValue(v, `${path}[${i}]`)) };
      return setAttribute(value, path, (n, at) => (toAttributeValue(n, at) as { N: string }).N) ?? binary(value) ?? { M: toItem(value as Record<string, unknown>, `${path}.`) };
    default:
      throw new TypeError(`'${path}' holds a ${typeof value}, which is not a JSON value`);
  }
}

export function toItem(item: Record<string, unknown>, prefix = ""): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined) continue;
    Object.defineProperty(out, name, { value: toAttributeValue(value, `${prefix}${name}`), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function binary(value: unknown): AttributeValue | undefined {
  const B = binaryOf(value);
  return B === undefined ? undefined : { B };
}
