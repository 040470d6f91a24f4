import { EmulatorError } from "./EmulatorError.js";
import { itemProblem } from "./itemProblem.js";
import { compareKeyValues, compareOptionalKeyValues, isKeyValue, keyToken, type KeyValue } from "./keyValues.js";
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
}

/**
 * A DynamoDB key attribute has one type, "S" or "N", declared with the table.
 * The emulator's tables declare none, so the items tell it.
 */
export type KeyType = "string" | "number";

function oneType(values: readonly KeyValue[]): KeyType | undefined {
  if (values.length === 0) return undefined;
  const first = typeof values[0] as KeyType;
  return values.every((v) => typeof v === first) ? first : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Where a table's items came from, so a problem names the file and line of the item rather than its index. */
export interface ItemSource {
  file: string;
  lineOf(index: number): number;
}

/** Checks a table definition and builds its indexes; every problem is an EmulatorError naming the table and item. */
export function buildTable(name: string, definition: TableDefinition, source?: ItemSource): Table {
  const fail = (code: "E_TABLE" | "E_ITEM" | "E_DUPLICATE_KEY", message: string, index?: number): never => {
    const at = source === undefined ? { table: name } : index === undefined ? { table: name, file: source.file } : { table: name, file: source.file, line: source.lineOf(index) };
    throw new EmulatorError(code, `table ${JSON.stringify(name)}: ${message}`, at);
  };
  const itemName = (index: number): string => (source === undefined ? `item ${index}` : `the item on line ${source.lineOf(index)}`);
  if (name === "") fail("E_TABLE", "a table name must not be empty");
  if (!isPlainObject(definition)) fail("E_TABLE", "the definition must be an object {primaryKey, secondaryKey?, items}");
  const { primaryKey, secondaryKey, items } = definition;
  if (typeof primaryKey !== "string" || primaryKey === "") fail("E_TABLE", "primaryKey must be a non-empty string");
  if (secondaryKey !== undefined && (typeof secondaryKey !== "string" || secondaryKey === "")) fail("E_TABLE", "secondaryKey must be a non-empty string when given");
  if (secondaryKey === primaryKey) fail("E_TABLE", `primaryKey and secondaryKey must differ, both are ${JSON.stringify(primaryKey)}`);
  if (!Array.isArray(items)) fail("E_TABLE", "items must be an array of objects");

  const rows: (Row & { index: number })[] = [];
  for (let index = 0; index < items.length; index++) {
    const item: unknown = items[index];
    if (!isPlainObject(item)) fail("E_ITEM", `${itemName(index)} is not an object`, index);
    const it = item as Item;
    const problem = itemProblem(it);
    if (problem !== undefined) fail("E_ITEM", `${itemName(index)} ${problem}`, index);
    const primary = Object.hasOwn(it, primaryKey) ? it[primaryKey] : undefined;
    if (!isKeyValue(primary)) fail("E_ITEM", `${itemName(index)} needs its primary key ${JSON.stringify(primaryKey)} as a string or a finite number`, index);
    // DynamoDB refuses an item whose key is "" ("cannot contain an empty string value").
    if (primary === "") fail("E_ITEM", `${itemName(index)} has the empty string as its primary key ${JSON.stringify(primaryKey)}; a key is never empty`, index);
    let secondary: KeyValue | undefined;
    // null is a missing attribute in core's semantics, so it is no key either.
    if (secondaryKey !== undefined && Object.hasOwn(it, secondaryKey) && it[secondaryKey] !== null) {
      const value = it[secondaryKey];
      if (!isKeyValue(value)) fail("E_ITEM", `${itemName(index)} has its secondary key ${JSON.stringify(secondaryKey)} as neither a string nor a finite number`, index);
      if (value === "") fail("E_ITEM", `${itemName(index)} has the empty string as its secondary key ${JSON.stringify(secondaryKey)}; a key is never empty`, index);
      secondary = value as KeyValue;
    }
    rows.push({ item: it, primary: primary as KeyValue, secondary, index });
  }
  rows.sort((a, b) => compareListOrder(a, b) || a.index - b.index);
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    if (compareListOrder(a, b) === 0) {
      const key = b.secondary === undefined ? JSON.stringify(b.primary) : `${JSON.stringify(b.primary)}, ${JSON.stringify(b.secondary)}`;
      const both = source === undefined ? `items ${a.index} and ${b.index}` : `the items on lines ${source.lineOf(a.index)} and ${source.lineOf(b.index)}`;
      fail("E_DUPLICATE_KEY", `${both} have the same key (${key}); each item needs its own`, b.index);
    }
  }
  return new Table(
    name,
    primaryKey as string,
    secondaryKey,
    rows.map(({ item, primary, secondary }) => ({ item, primary, secondary })),
  );
}
