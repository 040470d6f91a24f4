import type { AttributeValue } from "@aws-sdk/client-dynamodb";

/** DynamoDB's item size limit, 400 KB, in bytes as it counts them. */
export const MAX_ITEM_BYTES = 409_600;
/** Levels of nesting DynamoDB takes: the attribute's own value is level 1. */
export const MAX_NESTING = 32;
/** The most bytes of a key value: 2048 for a partition key, 1024 for a sort key. */
export const MAX_KEY_BYTES = { partition: 2048, sort: 1024 } as const;

/** Which of DynamoDB's rules an item breaks. */
export type ItemRule = "key" | "size" | "name" | "depth" | "number" | "set";

export interface ItemProblem {
  rule: ItemRule;
  /** What is wrong, for a person, without naming the item (the caller does). */
  message: string;
}

const utf8 = new TextEncoder();
const bytes = (text: string): number => utf8.encode(text).length;

/**
 * The bytes DynamoDB counts for a number: its significant digits in base 100
 * (a pair of decimal digits a byte, aligned on the decimal point), one byte
 * of exponent, and one more for a negative number; zero is one byte. Measured
 * on DynamoDB Local: "1" 2, "12.5" 3, "-123.45" 5, "9.999999999999999e125" 9.
 */
export function numberBytes(text: string): number {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  // DynamoDB's largest: 38 digits, 19 pairs; a text it cannot read is refused by the number checks.
  if (m === null) return 21;
  const whole = m[2] ?? "";
  const digits = whole + (m[3] ?? "");
  const first = digits.search(/[1-9]/);
  if (first < 0) return 1;
  const last = digits.length - 1 - [...digits].reverse().findIndex((d) => d !== "0");
  const exponent = Number(m[4] ?? 0);
  // The power of ten of digit i: the point sits after the whole part.
  const power = (i: number) => whole.length - 1 - i + exponent;
  const pairs = Math.floor(power(first) / 2) - Math.floor(power(last) / 2) + 1;
  return pairs + 1 + (m[1] === "-" ? 1 : 0);
}

/** A value's bytes as DynamoDB counts them: a list or map is 3 bytes and 1 more a member, plus its members (a map's names included). */
export function valueBytes(value: AttributeValue): number {
  if (value.S !== undefined) return bytes(value.S);
  if (value.N !== undefined) return numberBytes(value.N);
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.B !== undefined) return value.B.length;
  if (value.SS !== undefined) return value.SS.reduce((sum, s) => sum + bytes(s), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, n) => sum + numberBytes(n), 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, b) => sum + b.length, 0);
  if (value.L !== undefined) return value.L.reduce((sum, v) => sum + 1 + valueBytes(v), 3);
  if (value.M !== undefined) return Object.entries(value.M).reduce((sum, [name, v]) => sum + 1 + bytes(name) + valueBytes(v), 3);
  return 0;
}

/** The item's size as DynamoDB counts it against its 400 KB: each attribute's name in UTF-8 and its value. */
export function itemBytes(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + bytes(name) + valueBytes(value), 0);
}

/** The levels of a value: 1 for a scalar; a list or map is one more than its deepest member, an empty one counting as holding a scalar. */
function depth(value: AttributeValue): number {
  const members = value.L ?? (value.M === undefined ? undefined : Object.values(value.M));
  if (members === undefined) return 1;
  return 1 + members.reduce((most, v) => Math.max(most, depth(v)), 1);
}

/** The path of the first map member (or attribute) with an empty name, which DynamoDB refuses at any level. */
function emptyName(item: Record<string, AttributeValue>, path: string): string | undefined {
  for (const [name, value] of Object.entries(item)) {
    if (name === "") return path === "" ? "the item" : `'${path}'`;
    const here = path === "" ? name : `${path}.${name}`;
    const found = inLists(value, here);
    if (found !== undefined) return found;
  }
  return undefined;
}

function inLists(value: AttributeValue, path: string): string | undefined {
  if (value.M !== undefined) return emptyName(value.M, path);
  if (value.L !== undefined) {
    for (let i = 0; i < value.L.length; i++) {
      const found = inLists(value.L[i]!, `${path}[${i}]`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * What DynamoDB would refuse in an item (its keys' types are checked
 * elsewhere): an empty attribute name, nesting deeper than 32 levels, a key
 * value over 2048 (partition) or 1024 (sort) bytes, or more than 400 KB.
 */
export function itemProblem(item: Record<string, AttributeValue>, keys: { partition: string; sort?: string | undefined }): ItemProblem | undefined {
  const empty = emptyName(item, "");
  if (empty !== undefined) return { rule: "name", message: `${empty} has an attribute with an empty name, which DynamoDB refuses` };
  for (const [name, value] of Object.entries(item)) {
    const levels = depth(value);
    if (levels > MAX_NESTING) return { rule: "depth", message: `'${name}' nests ${levels} levels deep; DynamoDB takes at most ${MAX_NESTING}` };
  }
  for (const [role, name] of [["partition", keys.partition], ["sort", keys.sort]] as const) {
    const value = name === undefined ? undefined : item[name];
    const size = value?.S === undefined ? 0 : bytes(value.S);
    if (size > MAX_KEY_BYTES[role]) return { rule: "key", message: `the ${role} key '${name}' is ${size} bytes; DynamoDB takes at most ${MAX_KEY_BYTES[role]}` };
  }
  const size = itemBytes(item);
  if (size > MAX_ITEM_BYTES) {
    return { rule: "size", message: `the item is ${size.toLocaleString("en-US")} bytes as DynamoDB counts them, over its limit of ${MAX_ITEM_BYTES.toLocaleString("en-US")} (400 KB)` };
  }
  return undefined;
}
