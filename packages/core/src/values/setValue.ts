import type { NumberValue } from "./ExactNumber.js";
import { compareNumbers } from "./compareNumbers.js";
import { compareStrings } from "./compare.js";
import { isNumberValue } from "./isExactNumber.js";

/*
 * A set (DynamoDB's SS, NS or BS) in the item model: a JavaScript Set, as
 * unmarshalItem and the AWS SDK's document client give one, or its JSON form
 * `{ "$set": [...] }` (JSON has no set), which data files, listItems answers
 * and the CLI's output carry, and stringifyJson writes for a Set. An array is
 * always a list (L). grammar/semantics.md, Values.
 */

/** A set's elements as they are held (a JSON form's array may repeat one), or undefined for a value that is no set. */
export function setElements(x: unknown): readonly unknown[] | undefined {
  if (x instanceof Set) return [...x];
  if (typeof x !== "object" || x === null) return undefined;
  const keys = Object.keys(x);
  const elements = (x as { $set?: unknown }).$set;
  return keys.length === 1 && keys[0] === "$set" && Array.isArray(elements) ? elements : undefined;
}

/**
 * A set's elements as its JSON form writes them: each once, in order, so that
 * one set is always the same text whatever order it was built or read in.
 * Strings come first, by UTF-8 bytes (DynamoDB's string order), then numbers
 * by value, then binaries by their bytes, then anything else as it came.
 */
export function sortedElements(elements: Iterable<unknown>): unknown[] {
  const seen = new Set<unknown>();
  const bytes = new Set<string>();
  const out: unknown[] = [];
  for (const e of elements) {
    const binary = binaryText(e);
    const fresh = binary === undefined ? !seen.has(e) && seen.add(e) : !bytes.has(binary) && bytes.add(binary);
    if (fresh) out.push(e);
  }
  return out.sort(compareElements);
}

function compareElements(a: unknown, b: unknown): number {
  const ka = kind(a);
  const kb = kind(b);
  if (ka !== kb) return ka - kb;
  if (ka === 0) return compareStrings(a as string, b as string);
  if (ka === 1) return compareNumbers(a as NumberValue, b as NumberValue) || 0;
  if (ka === 2) return compareStrings(bytesOf(binaryText(a)!), bytesOf(binaryText(b)!));
  return 0;
}

function kind(x: unknown): number {
  return typeof x === "string" ? 0 : isNumberValue(x) ? 1 : binaryText(x) !== undefined ? 2 : 3;
}

/** The base64 text of `{ "$binary": base64 }`, the item model's binary, or undefined. */
function binaryText(x: unknown): string | undefined {
  if (typeof x !== "object" || x === null) return undefined;
  const keys = Object.keys(x);
  const text = (x as { $binary?: unknown }).$binary;
  return keys.length === 1 && keys[0] === "$binary" && typeof text === "string" ? text : undefined;
}

/** The bytes as one character each (so string order is byte order); text that is no base64 stands for itself. */
function bytesOf(base64: string): string {
  try {
    // Every runtime the core supports has atob; the core's own types leave the DOM's out.
    return (globalThis as unknown as { atob(text: string): string }).atob(base64);
  } catch {
    return base64;
  }
}
