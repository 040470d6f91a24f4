import { stringifyJson } from "@itemfilter/core";
import { EmulatorError } from "./EmulatorError.js";
import { itemProblem } from "./itemProblem.js";
import { compareKeyValues, compareOptionalKeyValues, isKeyValue, keyToken, keyValueType, type KeyValue } from "./keyValues.js";
import { firstIndex } from "./searchRange.js";
import type { Item, TableDefinition } from "./types.js";

/** An item with its key values read once, so sorting and searching never look them up again. */
export interface Row {
  readonly item: Item;
  readonly primary: KeyValue;
  readonly secondary: KeyValue | undefined;
}

/** A row that has a secondary key: the only rows a query reads. */
export type KeyedRow = Row & { readonly secondary: KeyValue };

/** listItems order: primary key, then secondary key with an absent one first. */
export function compareListOrder(a: { primary: KeyValue; secondary?: KeyValue | undefined }, b: { primary: KeyValue; secondary?: KeyValue | undefined }): number {
  return compareKeyValues(a.primary, b.primary) || compareOptionalKeyValues(a.secondary, b.secondary);
}

/** queryItems order across partitions: secondary key, then primary key. */
export function compareQueryOrder(a: { primary: KeyValue; secondary: KeyValue }, b: { primary: KeyValue; secondary: KeyValue }): number {
  return compareKeyValues(a.secondary, b.secondary) || compareKeyValues(a.primary, b.primary);
}

/**
 * A table and its indexes, built once: rows in listItems order, every row
 * with a secondary key in queryItems order, and each partition's rows sorted
 * by secondary key for binary search.
 */
export class Table {
  readonly rows: readonly Row[];
  readonly bySecondary: readonly KeyedRow[];
  /** The type every item's primary key has, or undefined when the items mix types (or there are none). */
  readonly primaryType: KeyType | undefined;
  /** Likewise for the secondary key, over the items that have one. */
  readonly secondaryType: KeyType | undefined;
  private readonly partitions = new Map<string, KeyedRow[]>();

  constructor(
    readonly name: string,
    readonly primaryKey: string,
    readonly secondaryKey: string | undefined,
    rows: Row[],
  ) {
    rows.sort(compareListOrder);
    this.rows = rows;
    const keyed = rows.filter((row): row is KeyedRow => row.secondary !== undefined);
    // rows is already in (primary, secondary) order, so each partition comes out sorted.
    for (const row of keyed) {
      const token = keyToken(row.primary);
      let partition = this.partitions.get(token);
      if (partition === undefined) this.partitions.set(token, (partition = []));
      partition.push(row);
    }
    this.bySecondary = keyed.sort(compareQueryOrder);
    this.primaryType = oneType(rows.map((row) => row.primary));
    this.secondaryType = oneType(keyed.map((row) => row.secondary));
  }

  /** The rows with this primary key that have a secondary key, in secondary-key order. */
  partition(primary: KeyValue): readonly KeyedRow[] {
    return this.partitions.get(keyToken(primary)) ?? [];
  }

  /** Where the rows with this primary key lie in `rows` (list order keeps a partition together): [lo, hi). */
  wholePartition(primary: KeyValue): [number, number] {
    const rows = this.rows;
    const lo = firstIndex(0, rows.length, (i) => compareKeyValues(rows[i]!.primary, primary) >= 0);
    return [lo, firstIndex(lo, rows.length, (i) => compareKeyValues(rows[i]!.primary, primary) > 0)];
  }
}

/**
 * A DynamoDB key attribute has one type, "S" or "N", declared with the table.
 * The emulator's tables declare none, so the items tell it.
 */
export type KeyType = "string" | "number";

function oneType(values: readonly KeyValue[]): KeyType | undefined {
  if (values.length === 0) return undefined;
  const first = keyValueType(values[0]) as KeyType;
  return values.every((v) => keyValueType(v) === first) ? first : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Where a table's items came from, so a problem names the file and line of the item rather than its index. */
export interface ItemSource {
  file: string;
  lineOf(index: number): number;
}

/** The key attribute names of a table. */
export interface TableKeys {
  primaryKey: string;
  secondaryKey: string | undefined;
}

/**
 * One item's row, or what keeps it out of a table (to follow the item's name
 * in a message): an item that is not an object, that nests too deep or holds
 * a number JSON cannot carry, or whose key is missing, of the wrong type or empty.
 * `walk` false skips the nesting and number walk, for an item whose text
 * already showed it has neither problem (mayNestDeeply).
 */
export function readRow(item: unknown, keys: TableKeys, walk = true): Row | string {
  if (!isPlainObject(item)) return "is not an object";
  const it = item as Item;
  const problem = walk ? itemProblem(it) : undefined;
  if (problem !== undefined) return problem;
  const { primaryKey, secondaryKey } = keys;
  const primary = Object.hasOwn(it, primaryKey) ? it[primaryKey] : undefined;
  if (!isKeyValue(primary)) return `needs its primary key ${JSON.stringify(primaryKey)} as a string or a finite number`;
  // DynamoDB refuses an item whose key is "" ("cannot contain an empty string value").
  if (primary === "") return `has the empty string as its primary key ${JSON.stringify(primaryKey)}; a key is never empty`;
  let secondary: KeyValue | undefined;
  // null is a missing attribute in core's semantics, so it is no key either.
  if (secondaryKey !== undefined && Object.hasOwn(it, secondaryKey) && it[secondaryKey] !== null) {
    const value = it[secondaryKey];
    if (!isKeyValue(value)) return `has its secondary key ${JSON.stringify(secondaryKey)} as neither a string nor a finite number`;
    if (value === "") return `has the empty string as its secondary key ${JSON.stringify(secondaryKey)}; a key is never empty`;
    secondary = value;
  }
  return { item: it, primary, secondary };
}

/** An EmulatorError about a table, naming the file and line of the item when there is a source. */
export function tableError(name: string, code: "E_TABLE" | "E_ITEM" | "E_DUPLICATE_KEY", message: string, source?: ItemSource, index?: number): EmulatorError {
  const at = source === undefined ? { table: name } : index === undefined ? { table: name, file: source.file } : { table: name, file: source.file, line: source.lineOf(index) };
  return new EmulatorError(code, `table ${JSON.stringify(name)}: ${message}`, at);
}

/** How an item is named in a message: by its line when it came from a file, else by its index. */
export function itemName(index: number, source?: ItemSource): string {
  return source === undefined ? `item ${index}` : `the item on line ${source.lineOf(index)}`;
}

/**
 * The E_DUPLICATE_KEY error for the first key (in list order) that two rows
 * share, naming the first two of them, or undefined. Sorts `rows`.
 */
export function duplicateKeyError(name: string, rows: IndexedKeys[], source?: ItemSource): EmulatorError | undefined {
  sortInListOrder(rows);
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    if (compareListOrder(a, b) === 0) {
      const key = b.secondary === undefined ? stringifyJson(b.primary) : `${stringifyJson(b.primary)}, ${stringifyJson(b.secondary)}`;
      const both = source === undefined ? `items ${a.index} and ${b.index}` : `the items on lines ${source.lineOf(a.index)} and ${source.lineOf(b.index)}`;
      return tableError(name, "E_DUPLICATE_KEY", `${both} have the same key (${key}); each item needs its own`, source, b.index);
    }
  }
  return undefined;
}

/** A row as duplicateKeyError sorts it: its keys and where it was. */
export type IndexedKeys = Pick<Row, "primary" | "secondary"> & { index: number };

/**
 * Sorts rows in list order, rows of equal keys by index. Array sort merges
 * runs already in order in about a comparison a row, so rows that arrive as
 * a few sorted runs (a data file's ranges, each sorted in its own thread)
 * cost little more than a look.
 */
export function sortInListOrder<T extends IndexedKeys>(rows: T[]): T[] {
  return rows.sort(plainStringKeys(rows) ? byPlainStringKey : byListOrder);
}

const byListOrder = (a: IndexedKeys, b: IndexedKeys): number => compareListOrder(a, b) || a.index - b.index;

/**
 * byListOrder for rows whose keys are all plain strings (plainStringKeys):
 * JavaScript's own comparison, about twice as fast (a data file's kept items
 * not in key order, packages/bench figure 12c).
 */
const byPlainStringKey = (a: IndexedKeys, b: IndexedKeys): number => {
  const x = a.primary as string;
  const y = b.primary as string;
  return x < y ? -1 : x > y ? 1 : a.index - b.index;
};

/** A UTF-16 unit at or above U+D800: a surrogate, or one of U+E000..U+FFFF. */
const HIGH_UNIT = /[\uD800-\uFFFF]/;

/**
 * Whether every row has a string primary key and no secondary key, none
 * holding a unit at or above U+D800. Then UTF-16 unit order, which `<`
 * compares, is code point order (compareStrings), since the two differ only
 * where both first differing units are that high.
 */
function plainStringKeys(rows: readonly IndexedKeys[]): boolean {
  for (const row of rows) if (typeof row.primary !== "string" || row.secondary !== undefined || HIGH_UNIT.test(row.primary)) return false;
  return true;
}

/** Checks a table definition and builds its indexes; every problem is an EmulatorError naming the table and item. */
export function buildTable(name: string, definition: TableDefinition, source?: ItemSource): Table {
  const fail = (code: "E_TABLE" | "E_ITEM", message: string, index?: number): never => {
    throw tableError(name, code, message, source, index);
  };
  if (name === "") fail("E_TABLE", "a table name must not be empty");
  if (!isPlainObject(definition)) fail("E_TABLE", "the definition must be an object {primaryKey, secondaryKey?, items}");
  const { primaryKey, secondaryKey, items } = definition;
  if (typeof primaryKey !== "string" || primaryKey === "") fail("E_TABLE", "primaryKey must be a non-empty string");
  if (secondaryKey !== undefined && (typeof secondaryKey !== "string" || secondaryKey === "")) fail("E_TABLE", "secondaryKey must be a non-empty string when given");
  if (secondaryKey === primaryKey) fail("E_TABLE", `primaryKey and secondaryKey must differ, both are ${JSON.stringify(primaryKey)}`);
  if (!Array.isArray(items)) fail("E_TABLE", "items must be an array of objects");

  const keys = { primaryKey, secondaryKey };
  const rows: (Row & { index: number })[] = [];
  for (let index = 0; index < items.length; index++) {
    const row = readRow(items[index], keys);
    if (typeof row === "string") fail("E_ITEM", `${itemName(index, source)} ${row}`, index);
    else rows.push({ item: row.item, primary: row.primary, secondary: row.secondary, index });
  }
  const duplicate = duplicateKeyError(name, rows, source);
  if (duplicate !== undefined) throw duplicate;
  return new Table(
    name,
    primaryKey,
    secondaryKey,
    rows.map(({ item, primary, secondary }) => ({ item, primary, secondary })),
  );
}
