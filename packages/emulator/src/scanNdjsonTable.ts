import type { EmulatorError } from "./EmulatorError.js";
import { hashKey, repeatedHashes, sortHashes } from "./keyHashes.js";
import { compareKeyValues, keyValueType, type KeyValue } from "./keyValues.js";
import { parseNdjsonLine } from "./loadNdjsonItems.js";
import { mayNestDeeply } from "./mayNestDeeply.js";
import { checkTextFile, MAX_FILE_BYTES, notUtf8 } from "./readTextFile.js";
import { lineRanges, readLines, scanNdjsonRange, type RangeJob, type RangeLine, type RangeScan } from "./scanNdjsonRange.js";
import { buildTable, duplicateKeyError, itemName, readRow, tableError, type ItemSource } from "./Table.js";
import type { Item, TableDefinition } from "./types.js";

export interface ScanOptions {
  /**
   * Called with each item of the first range (the whole file unless
   * `ranges` splits it), in file order, once it passed every check; true
   * keeps it in the table. Not called again once a problem was found.
   */
  keep(item: Item): boolean;
  maxBytes?: number;
  /**
   * Into how many ranges of lines to cut the file (default 1): the first is
   * scanned here, every other one by `scanRange` at the same time (in
   * another thread, with its own keep), and their findings are merged in
   * file order, so the table, its errors and their line numbers are those
   * of one scan. A rejection of `scanRange` ends the scan with it.
   */
  ranges?: number;
  scanRange?: (job: RangeJob) => Promise<RangeScan>;
}

export interface ScannedTable {
  /** The kept items, plus the few other items the table needs to page and type its keys as the whole file would, in no particular order (the table sorts them). */
  definition: TableDefinition;
  /** Items in the file. */
  items: number;
  /** Whether the keys came in strictly ascending list order (then they are distinct without a look at their hashes). */
  sorted: boolean;
}

/**
 * How much larger than the others the first range is, in ranges. This
 * thread reads it as soon as the cuts are found and keeps what it finds;
 * every other range waits for its worker thread to start (its modules load)
 * and must send its findings back, which this thread then copies in. Measured
 * over 1,000,000 lines (85 MB) in two ranges, a tenth of a range more here
 * ended the read sooner whatever the filter kept: keeping 7% of the items,
 * 2.06 → 2.03 s in key order and 2.31 → 2.13 s not; keeping none, 1.48 →
 * 1.45 s; keeping all, 12.5 → 12.2 s (three runs each, packages/bench figure 12).
 * Since each range sorts its own key hashes and kept items (a file not in
 * key order), this thread waited for the worker's findings 7-173 ms (median
 * 63) of each such run with a tenth, and 3-18 ms with a fifth (CPU profiles,
 * three runs each, in order and not): three twentieths sits between.
 */
const HEAD_START = 0.15;

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
 * file's. A file whose keys arrive in strictly ascending order (across
 * ranges too) has no duplicates; for any other, the hashes of its keys
 * (8 bytes a line, kept as it is read) are sorted and compared, so it is
 * read once whatever its order. Only when two hashes are equal (a duplicate
 * key, which is an error, or about once in ten thousand files of a million
 * keys, two keys that hash alike) is it read again, for the keys of those
 * hashes alone, to name the duplicate exactly as buildTable does.
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

  const scanRange = options.scanRange;
  const ranges = await lineRanges(file, size, scanRange === undefined ? 1 : (options.ranges ?? 1), HEAD_START);
  const jobs: RangeJob[] = ranges.map((range) => ({ file, range, primaryKey: keys.primaryKey, checkItems: headerProblem === undefined }));
  const elsewhere = jobs.slice(1).map((job) => scanRange!(job));
  // Awaited below, after the first range: a rejection meanwhile is not left unhandled.
  for (const scan of elsewhere) scan.catch(() => {});
  const scans = [await scanNdjsonRange(jobs[0]!, options.keep), ...(await Promise.all(elsewhere))];

  // The first problem of each kind in file order: a range's line numbers follow the lines of the ranges before it.
  let offset = 0;
  let lineProblem: RangeLine | undefined;
  let itemProblem: RangeLine | undefined;
  for (const scan of scans) {
    if (!scan.utf8) throw notUtf8(file);
    if (lineProblem === undefined && scan.lineProblem !== undefined) lineProblem = { line: offset + scan.lineProblem.line, raw: scan.lineProblem.raw };
    if (itemProblem === undefined && scan.itemProblem !== undefined) itemProblem = { line: offset + scan.itemProblem.line, raw: scan.itemProblem.raw };
    offset += scan.lines;
  }
  if (lineProblem !== undefined) throw lineError(lineProblem, file);
  if (headerProblem !== undefined) throw headerProblem;
  if (itemProblem !== undefined) throw itemError(itemProblem, file, name, tableKeys, source);

  const merged = mergeScans(scans);
  if (!merged.sorted) {
    const repeated = repeatedHashes(scans.map((scan) => (scan.hashesSorted ? scan.keyHashes[0]! : sortHashes(scan.keyHashes))));
    const duplicate = repeated.size === 0 ? undefined : await findDuplicate(file, size, name, tableKeys, source, repeated);
    if (duplicate !== undefined) throw duplicate;
  }

  // The table sorts its rows, so where they go does not matter; each item once, and a
  // key type's witness only when neither a kept item nor the greatest has that type.
  const kept = merged.kept;
  const greatest = merged.greatest;
  const extra = new Set<Item>();
  if (greatest !== undefined && !greatest.kept) extra.add(greatest.item);
  for (const type of ["number", "string"] as const) {
    const found = merged.witness[type];
    if (found !== undefined && !found.kept && keyValueType(greatest!.primary) !== type) extra.add(found.item);
  }
  for (const item of extra) kept.push(item);
  return { definition: { primaryKey: keys.primaryKey, items: kept }, items: merged.items, sorted: merged.sorted };
}

/** The ranges' findings as one scan of the whole file would have made them (for a file without problems). */
function mergeScans(scans: RangeScan[]): Pick<RangeScan, "items" | "sorted" | "greatest" | "witness" | "kept"> {
  const [head, ...rest] = scans;
  const merged = { items: head!.items, sorted: head!.sorted, greatest: head!.greatest, witness: { ...head!.witness }, kept: head!.kept };
  let last: KeyValue | undefined = head!.last;
  for (const scan of rest) {
    merged.items += scan.items;
    if (scan.first === undefined) continue;
    // Ascending within each range and across each boundary is ascending throughout.
    if (!scan.sorted || (last !== undefined && compareKeyValues(last, scan.first) >= 0)) merged.sorted = false;
    last = scan.last;
    for (const item of scan.kept) merged.kept.push(item);
    // Strictly greater: of equal keys (a duplicate, refused anyway) the first stays, as in one scan.
    if (merged.greatest === undefined || (scan.greatest !== undefined && compareKeyValues(scan.greatest.primary, merged.greatest.primary) > 0)) merged.greatest = scan.greatest;
    for (const type of ["number", "string"] as const) {
      const mine = merged.witness[type];
      const theirs = scan.witness[type];
      if (theirs !== undefined && (mine === undefined || (theirs.kept && !mine.kept))) merged.witness[type] = theirs;
    }
  }
  return merged;
}

/** The error parseNdjsonLine gives for the line, now with its line number in the file. */
function lineError(at: RangeLine, file: string): EmulatorError {
  try {
    parseNdjsonLine(at.raw, at.line, file);
  } catch (error) {
    return error as EmulatorError;
  }
  throw new Error(`internal: line ${at.line} of ${file} was reported bad but parses`);
}

/** The E_ITEM error for the item on the line, with its line number in the file. */
function itemError(at: RangeLine, file: string, name: string, keys: { primaryKey: string; secondaryKey: undefined }, source: ItemSource): EmulatorError {
  const row = readRow(parseNdjsonLine(at.raw, at.line, file), keys, mayNestDeeply(at.raw));
  if (typeof row !== "string") throw new Error(`internal: the item on line ${at.line} of ${file} was reported bad but is not`);
  return tableError(name, "E_ITEM", `${itemName(at.line, source)} ${row}`, source, at.line);
}

/**
 * The duplicate-key error loadNdjsonTable gives for a file whose items are all
 * valid, or undefined: the keys whose hash is among `repeated`, with their
 * lines, sorted, as buildTable looks. Every key that occurs twice is among
 * them, and keys that occur once never make the error, so it is the one the
 * whole file's keys give.
 */
async function findDuplicate(file: string, size: number, name: string, keys: { primaryKey: string; secondaryKey: undefined }, source: ItemSource, repeated: Set<number>): Promise<EmulatorError | undefined> {
  const rows: { primary: KeyValue; secondary: undefined; index: number }[] = [];
  await readLines(
    file,
    { start: 0, end: size, first: true, last: true },
    (raw, line) => {
      const item = parseNdjsonLine(raw, line, file);
      if (item === undefined) return;
      const row = readRow(item, keys);
      if (typeof row !== "string" && repeated.has(hashKey(row.primary))) rows.push({ primary: row.primary, secondary: undefined, index: line });
    },
    () => {},
  );
  return duplicateKeyError(name, rows, source);
}
