import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { isExactNumber, isNumberValue, type NumberValue } from "@itemfilter/core";
import { fitsDynamoNumber, numberText } from "../compile/attributeValue.js";
import { DynamoRunError } from "./dynamoRunError.js";

/**
 * A plain JSON item as DynamoDB attributes, the inverse of unmarshalItem:
 * strings S, numbers N (a double's shortest exact decimal, an ExactNumber's
 * digits), booleans BOOL,
 * null NULL, objects M. An array of strings only is a string set (SS), of
 * numbers only a number set (NS), since our semantics reads arrays as sets
 * (repeats dropped); any other array, and the empty one (DynamoDB has no
 * empty set), is a list (L). `{ "$binary": base64 }`, unmarshalItem's form of
 * a binary, is a binary (B) again, so `a is binary` and `size(a)` answer alike
 * before and after a round trip (grammar/semantics.md).
 */
export function marshalItem(item: Record<string, unknown>): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, marshalValue(value, name)]));
}

export function marshalValue(value: unknown, path: string): AttributeValue {
  if (typeof value === "string") return { S: value };
  if (typeof value === "number" || isExactNumber(value)) return { N: number(value, path) };
  if (typeof value === "boolean") return { BOOL: value };
  if (value === null || value === undefined) return { NULL: true };
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => typeof v === "string")) return { SS: [...new Set(value as string[])] };
    if (value.length > 0 && value.every(isNumberValue)) return { NS: [...new Set((value as NumberValue[]).map((n) => number(n, path)))] };
    return { L: value.map((v, i) => marshalValue(v, `${path}[${i}]`)) };
  }
  if (isBinary(value)) return { B: Uint8Array.from(atob(value.$binary), (c) => c.charCodeAt(0)) };
  if (typeof value === "object") {
    return { M: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, marshalValue(v, `${path}.${k}`)])) };
  }
  throw new TypeError(`marshalItem: '${path}' holds a ${typeof value}; items hold strings, numbers, booleans, null, arrays and objects`);
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Exactly one member, `$binary`, holding base64 text. */
function isBinary(value: unknown): value is { $binary: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const text = (value as { $binary?: unknown }).$binary;
  return keys.length === 1 && keys[0] === "$binary" && typeof text === "string" && BASE64.test(text);
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
