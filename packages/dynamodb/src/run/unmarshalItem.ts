import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { exactNumber } from "./exactNumber.js";

/**
 * A DynamoDB item in the item model, as `evaluate` reads it: S a string, N
 * an exact number, BOOL, L an array, M an object, SS, NS and BS JavaScript
 * Sets (as the AWS SDK's document client reads them), NULL as `null`, which
 * our semantics reads as missing (grammar/semantics.md), and B
 * `{ "$binary": base64 }`, which no filter value equals. A set is written as
 * JSON by core's stringifyJson as `{ "$set": [...] }`, its elements sorted.
 * A member named `__proto__` is defined as an own member, so it is an ordinary name.
 */
export function unmarshalItem(item: Record<string, AttributeValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(item)) define(out, name, unmarshalValue(item[name]!, name));
  return out;
}

/** Plain assignment, which is fastest, except for `__proto__`, which assignment would take as the prototype. */
function define(out: Record<string, unknown>, name: string, value: unknown): void {
  if (name === "__proto__") Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  else out[name] = value;
}

function binary(bytes: Uint8Array): { $binary: string } {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return { $binary: btoa(text) };
}

export function unmarshalValue(value: AttributeValue, path: string): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return exactNumber(value.N, path);
  if (value.SS !== undefined) return new Set(value.SS);
  if (value.NS !== undefined) return new Set(value.NS.map((n) => exactNumber(n, path)));
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL !== undefined) return null;
  if (value.L !== undefined) return value.L.map((v, i) => unmarshalValue(v, `${path}[${i}]`));
  if (value.M !== undefined) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value.M)) define(out, k, unmarshalValue(value.M[k]!, `${path}.${k}`));
    return out;
  }
  if (value.B !== undefined) return binary(value.B);
  // Two binaries of the same bytes are two objects: DynamoDB's sets hold none twice, so each element is one.
  if (value.BS !== undefined) return new Set(value.BS.map(binary));
  return null;
}
