import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { isNumberValue, setElements, type NumberValue } from "@itemfilter/core";

/** A set DynamoDB cannot hold: empty, of two kinds, or holding something other than strings, numbers or binaries. */
export class SetValueError extends TypeError {
  override readonly name = "SetValueError";
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** `{ "$binary": base64 }`, the item model's binary (B): exactly that member, holding base64 text. */
export function binaryOf(value: unknown): Uint8Array | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  const text = (value as { $binary?: unknown }).$binary;
  if (keys.length !== 1 || keys[0] !== "$binary" || typeof text !== "string" || !BASE64.test(text)) return undefined;
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/**
 * A set of the item model (a JavaScript Set, or JSON's `{ "$set": [...] }`)
 * as DynamoDB's SS, NS or BS, its repeats dropped (a set holds each element
 * once), or undefined for a value that is no set. `number` writes a number's
 * text (and refuses one DynamoDB cannot hold). DynamoDB has no empty set and
 * no set of two kinds: those are a SetValueError naming `path`.
 */
export function setAttribute(value: unknown, path: string, number: (n: NumberValue, path: string) => string): AttributeValue | undefined {
  const elements = setElements(value);
  if (elements === undefined) return undefined;
  if (elements.length === 0) throw new SetValueError(`'${path}' is an empty set, which DynamoDB cannot hold; leave the attribute out, or write an empty list []`);
  if (elements.every((e) => typeof e === "string")) return { SS: [...new Set(elements as string[])] };
  if (elements.every(isNumberValue)) return { NS: [...new Set(elements.map((n, i) => number(n, `${path}[${i}]`)))] };
  const bytes = elements.map(binaryOf);
  if (bytes.every((b) => b !== undefined)) {
    const seen = new Set<string>();
    return { BS: bytes.filter((b, i) => !seen.has((elements[i] as { $binary: string }).$binary) && seen.add((elements[i] as { $binary: string }).$binary)) };
  }
  throw new SetValueError(`'${path}' is a set that is not all strings, all numbers or all binaries ({"$binary": base64}), which is all a DynamoDB set (SS, NS, BS) can hold`);
}
