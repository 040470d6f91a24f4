import type { KeyType } from "./keyCondition.js";

/** A secondary index of the table, as DescribeTable reports it (or as given by hand). */
export interface DynamoIndex {
  /** IndexName. */
  readonly name: string;
  /** A global index has its own partition key, is eventually consistent and holds only the projection; a local one shares the table's partition key. */
  readonly kind: "global" | "local";
  /**
   * The partition-key attribute, or a global index's partition-key
   * attributes in order when it has several (DynamoDB takes up to four; a
   * Query pins each with an equality).
   */
  readonly partition: string | readonly string[];
  /** The sort-key attribute, or a global index's sort-key attributes in order (up to four). */
  readonly sort?: string | readonly string[];
  /**
   * "ALL", "KEYS_ONLY", or INCLUDE's non-key attributes. A Query on a global
   * index returns only these: where the filter or the fields need more, the
   * planner reads the index and fetches the whole items from the table by
   * their keys (BatchGetItem); a local index's Query fetches the rest from
   * the table itself (DynamoDB does it, at a read per item).
   */
  readonly projection: "ALL" | "KEYS_ONLY" | readonly string[];
  /** The key attributes' types, each a list in the key's order where the key has several attributes. */
  readonly types?: { readonly partition?: KeyType | readonly KeyType[]; readonly sort?: KeyType | readonly KeyType[] };
  /** The index's item count as DescribeTable reports it: the estimate of what reading it costs. */
  readonly itemCount?: number;
}

/** A key's attributes in order: one, or several for a multi-attribute key of a global index. */
export function keyList(key: string | readonly string[] | undefined): readonly string[] {
  return key === undefined ? [] : typeof key === "string" ? [key] : key;
}

/** A key's types in the order of keyList, undefined where not known. */
export function typeList(types: KeyType | readonly KeyType[] | undefined, length: number): readonly (KeyType | undefined)[] {
  const list = types === undefined ? [] : typeof types === "string" ? [types] : types;
  return Array.from({ length }, (_, i) => list[i]);
}

/** A DynamoDB table's key attributes, by their stored names. */
export interface DynamoKeys {
  /** The partition (HASH) key. */
  readonly partition: string;
  /** The sort (RANGE) key, when the table has one. */
  readonly sort?: string;
  /**
   * The key attributes' types from the key schema (findAll reads them with
   * DescribeTable when they are left out). A key condition with a value of
   * another type matches nothing, so such a Query is not sent; DynamoDB would refuse it.
   */
  readonly types?: { readonly partition?: KeyType; readonly sort?: KeyType };
  /** Secondary indexes the planner may read instead of the table (describeTable fills them in). */
  readonly indexes?: readonly DynamoIndex[];
  /** The table's item count as DescribeTable reports it (updated by DynamoDB about every six hours): the estimate of a Scan's reads. */
  readonly itemCount?: number;
  /** The table's size in bytes as DescribeTable reports it: how many segments a Scan is split into by default. */
  readonly sizeBytes?: number;
}

const KEY_TYPES = new Set(["S", "N", "B"]);
const TAKES = 'keys takes { partition: string, sort?: string, types?: { partition?: "S" | "N" | "B", sort?: "S" | "N" | "B" }, indexes?: [{ name, kind: "global" | "local", partition, sort?, projection, types?, itemCount? }], itemCount?: number, sizeBytes?: number }';
const MAX_KEY_ATTRIBUTES = 4;

/** A global index's key: one attribute, or a list of one to four distinct ones (a multi-attribute key). */
function checkIndexKey(where: string, member: string, key: unknown, types: unknown, optional: boolean): string[] {
  if (key === undefined && optional) return [];
  const list = typeof key === "string" ? [key] : Array.isArray(key) ? key : [null];
  if (list.length === 0 || list.length > MAX_KEY_ATTRIBUTES || list.some((a) => typeof a !== "string" || a === "") || new Set(list).size !== list.length) {
    throw new TypeError(`${TAKES}; ${where}${member} must be a non-empty string, or a list of 1 to ${MAX_KEY_ATTRIBUTES} distinct ones`);
  }
  const type = (types as Record<string, unknown> | undefined)?.[member];
  if (type !== undefined) {
    const typeList = typeof type === "string" ? [type] : Array.isArray(type) ? type : [null];
    if (typeList.length !== list.length || typeList.some((t) => !KEY_TYPES.has(t as string))) throw new TypeError(`${TAKES}; ${where}types.${member} must be one of S, N, B for each attribute of ${member}`);
  }
  return list as string[];
}

function checkKeyPair(where: string, partition: unknown, sort: unknown, types: unknown): void {
  if (typeof partition !== "string" || partition === "") throw new TypeError(`${TAKES}; ${where}partition must be a non-empty string`);
  if (sort !== undefined && (typeof sort !== "string" || sort === "" || sort === partition)) {
    throw new TypeError(`${TAKES}; ${where}sort must be a non-empty string other than the partition key`);
  }
  if (types !== undefined) {
    if (typeof types !== "object" || types === null) throw new TypeError(`${TAKES}; ${where}types must be an object`);
    for (const [member, type] of Object.entries(types)) {
      if ((member !== "partition" && member !== "sort") || !KEY_TYPES.has(type as string)) throw new TypeError(`${TAKES}; ${where}types.${member} is not one of S, N, B`);
    }
  }
}

function checkIndex(index: unknown, i: number, names: Set<string>): void {
  const where = `indexes[${i}].`;
  if (typeof index !== "object" || index === null) throw new TypeError(`${TAKES}; ${where.slice(0, -1)} must be an object`);
  const { name, kind, partition, sort, projection, types, itemCount } = index as Record<string, unknown>;
  for (const member of Object.keys(index)) {
    if (!["name", "kind", "partition", "sort", "projection", "types", "itemCount"].includes(member)) throw new TypeError(`${TAKES}; unknown member ${where}${member}`);
  }
  if (typeof name !== "string" || name === "" || names.has(name)) throw new TypeError(`${TAKES}; ${where}name must be a non-empty string no other index has`);
  names.add(name);
  if (kind !== "global" && kind !== "local") throw new TypeError(`${TAKES}; ${where}kind must be "global" or "local"`);
  if (itemCount !== undefined && !(Number.isInteger(itemCount) && (itemCount as number) >= 0)) throw new TypeError(`${TAKES}; ${where}itemCount must be a whole number from 0`);
  if (kind === "local" || (typeof partition === "string" && (sort === undefined || typeof sort === "string"))) {
    checkKeyPair(where, partition, sort, types);
  } else {
    if (types !== undefined && (typeof types !== "object" || types === null)) throw new TypeError(`${TAKES}; ${where}types must be an object`);
    const keys = [...checkIndexKey(where, "partition", partition, types, false), ...checkIndexKey(where, "sort", sort, types, true)];
    if (new Set(keys).size !== keys.length) throw new TypeError(`${TAKES}; ${where}partition and sort must name distinct attributes`);
  }
  const listed = Array.isArray(projection) && projection.every((a) => typeof a === "string" && a !== "");
  if (projection !== "ALL" && projection !== "KEYS_ONLY" && !listed) throw new TypeError(`${TAKES}; ${where}projection must be "ALL", "KEYS_ONLY" or a list of attribute names`);
}

/** A wrong keys option is a programming mistake: a TypeError that says what it takes. */
export function checkKeys(keys: unknown): DynamoKeys {
  if (typeof keys !== "object" || keys === null || Array.isArray(keys)) throw new TypeError(`${TAKES}, not ${String(keys)}`);
  const { partition, sort, types, indexes, itemCount, sizeBytes } = keys as Record<string, unknown>;
  for (const member of Object.keys(keys)) {
    if (!["partition", "sort", "types", "indexes", "itemCount", "sizeBytes"].includes(member)) throw new TypeError(`${TAKES}; unknown member ${JSON.stringify(member)}`);
  }
  checkKeyPair("", partition, sort, types);
  if (indexes !== undefined) {
    if (!Array.isArray(indexes)) throw new TypeError(`${TAKES}; indexes must be an array`);
    const names = new Set<string>();
    indexes.forEach((index, i) => checkIndex(index, i, names));
    for (const index of indexes as DynamoIndex[]) {
      if (index.kind === "local" && index.partition !== partition) throw new TypeError(`${TAKES}; local index ${JSON.stringify(index.name)} must have the table's partition key`);
    }
  }
  for (const [name, n] of [["itemCount", itemCount], ["sizeBytes", sizeBytes]] as const) {
    if (n !== undefined && !(Number.isInteger(n) && (n as number) >= 0)) throw new TypeError(`${TAKES}; ${name} must be a whole number from 0`);
  }
  return keys as DynamoKeys;
}
