import { describeValue } from "../values/checkArgument.js";
import { readNamePath } from "../scan/readNamePath.js";
import { quotePath } from "../scan/quote.js";
import { isNumberValue } from "../values/isExactNumber.js";
import { compareNumbers } from "../values/compareNumbers.js";
import type { NumberValue } from "../values/ExactNumber.js";
import { stringifyJson } from "../values/exactJson.js";
import { compareStrings } from "../values/compare.js";
import { isBinaryValue, isMapValue, isRecord, itemValue, readPath } from "./itemValue.js";

/** An order for a list of items: by the value at a path, ascending or descending (grammar/semantics.md, Order). */
export interface OrderBy {
  /** The attribute's stored name. */
  readonly name: string;
  /** Steps into the attribute's value, when the path has any. */
  readonly path?: readonly (string | number)[];
  readonly direction: "asc" | "desc";
  /** The order as canonical text: the path as the formatter writes it, then `asc` or `desc`. */
  readonly text: string;
}

/** The keys that break ties, as plan takes them. */
export interface OrderKeys {
  readonly primary: string;
  readonly secondary?: string | undefined;
}

const DIRECTION = /\s+(asc|desc)\s*$/i;

/**
 * Reads `"PATH"`, `"PATH asc"` or `"PATH desc"` (PATH in the language's path
 * syntax: `createdAt`, `address.city`, `` `order date` ``, `items[0].price`;
 * the direction in any case). An app sets the order (a list screen's column),
 * so a bad one is a TypeError that says what the option takes, as for plan's
 * other options; the CLI reports it as a usage error.
 */
export function readOrderBy(input: unknown, call = "orderBy"): OrderBy {
  const takes = `${call} takes "PATH", "PATH asc" or "PATH desc" with PATH an attribute path such as createdAt or address.city`;
  if (typeof input !== "string") throw new TypeError(`${takes}, not ${describeValue(input)}`);
  if (input.length > 1000) throw new TypeError(`${takes}; this one is longer than 1000 characters`);
  const trimmed = input.trim();
  const m = DIRECTION.exec(trimmed);
  const direction = m === null ? "asc" : (m[1]!.toLowerCase() as "asc" | "desc");
  const pathText = m === null ? trimmed : trimmed.slice(0, m.index);
  const read = pathText === "" ? undefined : readNamePath(pathText);
  if (read === undefined) throw new TypeError(`${takes}, not ${JSON.stringify(input)}`);
  const text = `${quotePath(read.name, read.path)} ${direction}`;
  return read.path === undefined ? { name: read.name, direction, text } : { name: read.name, path: read.path, direction, text };
}

/** The order's place for a value: numbers, strings, binary, then everything else (missing, null, booleans, lists, maps, sets). */
export function orderRank(value: unknown): 0 | 1 | 2 | 3 {
  if (isNumberValue(value)) return 0;
  if (typeof value === "string") return 1;
  if (isRecord(value) && !isMapValue(value) && isBinaryValue(value)) return 2;
  return 3;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * Bytes of a binary value, `{ "$binary": base64 }` (core runs without atob
 * in its types). A character outside base64 counts as 0: unmarshalItem
 * writes only base64, and any text still orders the same way every time.
 */
function bytesOf(value: unknown): number[] {
  const text = (value as { $binary: string }).$binary.replace(/=+$/, "");
  const bytes: number[] = [];
  let bits = 0;
  let held = 0;
  for (let i = 0; i < text.length; i++) {
    held = (held << 6) | Math.max(0, BASE64.indexOf(text[i]!));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((held >> bits) & 0xff);
    }
  }
  return bytes;
}

function compareBytes(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * Ascending order of two values as DynamoDB orders key values: numbers by
 * exact value, strings by UTF-8 bytes, binary by bytes; numbers before
 * strings before binary; every other value (and none) after them all, all
 * equal to each other.
 */
export function compareOrderValues(a: unknown, b: unknown): number {
  const ra = orderRank(a);
  const rb = orderRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 0:
      return compareNumbers(a as NumberValue, b as NumberValue);
    case 1:
      return compareStrings(a as string, b as string);
    case 2:
      return compareBytes(bytesOf(a), bytesOf(b));
    default:
      return 0;
  }
}

/** The value an item is ordered by (undefined where the path finds nothing). */
export function orderValue(order: OrderBy, item: unknown): unknown {
  return readPath(item, order.name, order.path);
}

/**
 * The order of two order values in the order's direction: `desc` reverses
 * numbers, strings and binary, and keeps every other value last.
 */
export function compareInDirection(order: OrderBy, a: unknown, b: unknown): number {
  const c = compareOrderValues(a, b);
  if (order.direction === "asc" || c === 0) return c;
  const ra = orderRank(a);
  const rb = orderRank(b);
  if (ra === 3 || rb === 3) return ra - rb;
  return -c;
}

/**
 * Where an item stands in an order, without the item: its order value (null
 * for a value of the last kind) and its key values (null where missing).
 * findPage's cursors hold the last item's.
 */
export type OrderPoint = readonly [value: unknown, primary: unknown, secondary: unknown];

export function orderPoint(order: OrderBy, keys: OrderKeys | undefined, item: unknown): OrderPoint {
  const plain = (v: unknown): unknown => (orderRank(v) === 3 ? null : v);
  const key = (name: string | undefined): unknown => (name === undefined ? null : plain(itemValue(item, name)));
  return [plain(orderValue(order, item)), key(keys?.primary), key(keys?.secondary)];
}

/** Order of two points: the value in the order's direction, then the primary key, then the secondary key, ascending. */
export function comparePoints(order: OrderBy, a: OrderPoint, b: OrderPoint): number {
  return compareInDirection(order, a[0], b[0]) || compareOrderValues(a[1], b[1]) || compareOrderValues(a[2], b[2]);
}

/** Canonical JSON (members sorted), the last tie-break: two items equal by it are the same item. */
function canonicalText(value: unknown): string {
  return stringifyJson(sortMembers(value));
}

function sortMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortMembers);
  if (!isMapValue(value)) return value;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(value).sort()) out[name] = sortMembers(value[name]);
  return out;
}

/**
 * The order of items, total: by the order value in its direction, then the
 * table's primary key, then its secondary key (ascending), then, for items
 * keys do not tell apart (no keys given, or names that are not the table's),
 * by their canonical JSON. Zero only for equal items, so pages are stable
 * and one item read by two requests is found next to itself.
 */
export function itemComparator(order: OrderBy, keys: OrderKeys | undefined): (a: unknown, b: unknown) => number {
  if (typeof order !== "object" || order === null || typeof order.name !== "string") throw new TypeError(`itemComparator takes an OrderBy (from readOrderBy), not ${describeValue(order)}`);
  return (a, b) => comparePoints(order, orderPoint(order, keys, a), orderPoint(order, keys, b)) || compareStrings(canonicalText(a), canonicalText(b));
}

/**
 * The items in the order, a new array: what findAll with `orderBy` gives for
 * the items a filter selects (the reference the tests sort `evaluate`'s
 * matches with).
 */
export function sortItems<T>(items: readonly T[], order: OrderBy | string, keys?: OrderKeys): T[] {
  const read = typeof order === "string" ? readOrderBy(order, "sortItems") : order;
  return [...items].sort(itemComparator(read, keys));
}
