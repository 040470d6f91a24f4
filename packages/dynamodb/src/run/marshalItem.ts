import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { isExactNumber, type NumberValue } from "@itemfilter/core";
import { fitsDynamoNumber, numberText } from "../compile/attributeValue.js";
import { DynamoRunError } from "./dynamoRunError.js";
import { binaryOf, setAttribute } from "./setAttribute.js";

/**
 * An item of the item model as DynamoDB attributes, the inverse of
 * unmarshalItem: strings S, numbers N (a double's shortest exact decimal, an
 * ExactNumber's digits), booleans BOOL, null NULL, arrays L (an array is a
 * list, whatever it holds), a set (a JavaScript Set, or `{ "$set": [...] }`)
 * SS, NS or BS by what it holds, `{ "$binary": base64 }` B, and other objects
 * M. So `tags[0]`, `size(a)` and `a is set` answer alike before and after a
 * round trip (grammar/semantics.md). A set DynamoDB cannot hold (empty, or
 * of two kinds) is a TypeError naming it.
 */
export function marshalItem(item: Record<string, unknown>): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(item)) define(out, name, marshalValue(value, name));
  return out;
}

/** An own member even for `__proto__`, which assignment (and Object.fromEntries' result, when read back by assignment) would not keep. */
function define(out: Record<string, AttributeValue>, name: string, value: AttributeValue): void {
  Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
}

export function marshalValue(value: unknown, path: string): AttributeValue {
  if (typeof value === "string") return { S: value };
  if (typeof value === "number" || isExactNumber(value)) return { N: number(value, path) };
  if (typeof value === "boolean") return { BOOL: value };
  if (value === null || value === undefined) return { NULL: true };
  if (Array.isArray(value)) return { L: value.map((v, i) => marshalValue(v, `${path}[${i}]`)) };
  const set = setAttribute(value, path, number);
  if (set !== undefined) return set;
  const B = binaryOf(value);
  if (B !== undefined) return { B };
  if (typeof value === "object") {
    const M: Record<string, AttributeValue> = {};
    for (const [k, v] of Object.entries(value)) define(M, k, marshalValue(v, `${path}.${k}`));
    return { M };
  }
  throw new TypeError(`marshalItem: '${path}' holds a ${typeof value}; items hold strings, numbers, booleans, null, arrays, sets and objects`);
}

function number(n: NumberValue, path: string): string {
  if (fitsDynamoNumber(n)) return numberText(n);
  throw new DynamoRunError(
    "E_DYNAMO_NUMBER",
    `the number ${String(n)} in '${path}' is out of DynamoDB's range (zero, or a magnitude from 1e-130 to below 1e126)`,
    "store numbers within DynamoDB's range, or as strings",
    { attribute: path },
  );
}
