import { open } from "node:fs/promises";
import type { EmulatorError } from "./EmulatorError.js";
import { compareKeyValues, type KeyValue } from "./keyValues.js";
import { parseNdjsonLine } from "./loadNdjsonItems.js";
import { mayNestDeeply } from "./mayNestDeeply.js";
import { checkTextFile, MAX_FILE_BYTES, notUtf8, readProblem } from "./readTextFile.js";
import { buildTable, duplicateKeyError, itemName, readRow, tableError, type ItemSource } from "./Table.js";
import type { Item, TableDefinition } from "./types.js";

export interface ScanOptions {
  /**
   * Called with each item, in file order, once it passed every check; true
   * keeps it in the table. Not called again once a problem was found.
   */
  keep(item: Item): boolean;
  maxBytes?: number;
}

export interface ScannedTable {
  /** The kept items, plus the few other items the table needs to page and type its keys as the whole file would. */
  definition: TableDefinition;
  /** Items in the file. */
  items: number;
  /** Whether the keys came in strictly ascending list order (no second read was needed to look for duplicates). */
  sorted: boolean;
}

/** Bytes read at a time: large enough that reads and decoding cost little per line. */
const CHUNK_BYTES = 1 << 20;

/**
 * An NDJSON file of items keyed by one primary key, read once as a stream and
 * checked exactly as loadNdjsonTable checks it (the same errors, with the same
 * precedence: the file, its UTF-8, the first bad line, the first bad item, then
 * the first duplicate key in list order), while only the items `keep` accepts
 * are held. The table it returns answers listItems for any request whose
 * matching items were all kept exactly as the whole file's table would: the
 * same items, pages and stopKeys, because a page ends only at its last
 * matching item or at the table's end, and the item with the greatest key
 * (the table's end) is kept too. One item of each key type present is kept,
 * so the key types (which the service checks requests against) are the
 * file's. A file whose keys arrive in strictly ascending order has no
 * duplicates; any other is read a second time for its keys alone, so memory
 * then grows with the number of keys, not with the items.
 */
export async function scanNdjsonTable(file: string, name: string, keys: { primaryKey: string }, options: ScanOptions): Promise<ScannedTable> {
  const size = await checkTextFile(file, options.maxBytes ?? MAX_FILE_BYTES);
  // The lines themselves name the items: an item's "index" here is its line number.
  const source: ItemSource = { file, lineOf: (line) => line };
  const tableKeys = { primaryKey: keys.primaryKey, secondaryKey: undefined };
  let headerProblem: EmulatorError | undefined;
  try {
    buildTable(name, { primaryKey: keys.primaryKey, items: [] }, source);
  } catch (error) {
    headerProblem = error as EmulatorError;
  }

  const kept: Item[] = [];
  let lineProblem: EmulatorError | undefined;
  let itemProblem: EmulatorError | undefined;
  let items = 0;
  let sorted = true;
  let last: KeyValue | undefined;
  let greatest: { item: Item; primary: KeyValue; kept: boolean } | undefined;
  const witness: Partial<Record<"string" | "number", { item: Item; kept: boolean }>> = {};

  const onLine = (raw: string, line: number): void => {
    if (lineProblem !== undefined) return;
    let item: Item | undefined;
    try {
      item = parseNdjsonLine(raw, line, file);
    } catch (error) {
      lineProblem = error as EmulatorError;
      return;
    }
    if (item === undefined) return;
    items++;
    if (itemProblem !== undefined || headerProblem !== undefined) return;
    const row = readRow(item, tableKeys, mayNestDeeply(raw));
    if (typeof row === "string") {
      itemProblem = tableError(name, "E_ITEM", `${itemName(line, source)} ${row}`, source, line);
      return;
    }
    const primary = row.primary;
    if (sorted && last !== undefined && compareKeyValues(last, primary) >= 0) sorted = false;
    last = primary;
    const keep = options.keep(item);
    if (keep) kept.push(item);
    if (greatest === undefined || compareKeyValues(primary, greatest.primary) > 0) greatest = { item, primary, kept: keep };
    const type = typeof primary as "string" | "number";
    if (witness[type] === undefined || (keep && !witness[type].kept)) witness[type] = { item, kept: keep };
  };

  let utf8 = true;
  await readLines(file, size, onLine, () => (utf8 = false));
  if (!utf8) throw notUtf8(file);
  if (lineProblem !== undefined) throw lineProblem;
  if (headerProblem !== undefined) throw headerProblem;
  if (itemProblem !== undefined) throw itemProblem;
  if (!sorted) {
    const duplicate = await findDuplicate(file, size, name, tableKeys, source);
    if (duplicate !== undefined) throw duplicate;
  }

  // The table sorts its rows, so where they go does not matter; each item once, and a
  // key type's witness only when neither a kept item nor the greatest has that type.
  const extra = new Set<Item>();
  if (greatest !== undefined && !greatest.kept) extra.add(greatest.item);
  for (const type of ["number", "string"] as const) {
    const found = witness[type];
    if (found !== undefined && !found.kept && typeof greatest!.primary !== type) extra.add(found.item);
  }
  for (const item of extra) kept.push(item);
  return { definition: { primaryKey: keys.primaryKey, items: kept }, items, sorted };
}

/**
 * The duplicate-key error loadNdjsonTable gives for a file whose items are all
 * valid, or undefined: every key with its line, sorted, as buildTable looks.
 */
async function findDuplicate(file: string, size: number, name: string, keys: { primaryKey: string; secondaryKey: undefined }, source: ItemSource): Promise<EmulatorError | undefined> {
  const rows: { primary: KeyValue; secondary: undefined; index: number }[] = [];
  await readLines(
    file,
    size,
    (raw, line) => {
      const item = parseNdjsonLine(raw, line, file);
      if (item === undefined) return;
      const row = readRow(item, keys);
      if (typeof row !== "string") rows.push({ primary: row.primary, secondary: undefined, index: line });
    },
    () => {},
  );
  return duplicateKeyError(name, rows, source);
}

/**
 * Each line of the file's first `size` bytes, with its 1-based number, as
 * text.split("\n") of the whole decoded file would give them. Invalid UTF-8
 * calls `notUtf8` and ends the read.
 */
async function readLines(file: string, size: number, onLine: (line: string, number: number) => void, notUtf8: () => void): Promise<void> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    throw readProblem(file, error);
  }
  try {
    const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(1, size)));
    let position = 0;
    let carry = "";
    let line = 1;
    while (position < size) {
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - position), position));
      } catch (error) {
        throw readProblem(file, error);
      }
      if (bytesRead === 0) break;
      position += bytesRead;
      let text: string;
      try {
        text = decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
      } catch {
        notUtf8();
        return;
      }
      const parts = text.split("\n");
      parts[0] = carry + parts[0]!;
      carry = parts.pop()!;
      for (const part of parts) onLine(part, line++);
    }
    let tail: string;
    try {
      tail = decoder.decode();
    } catch {
      notUtf8();
      return;
    }
    onLine(carry + tail, line);
  } finally {
    await handle.close();
  }
}
