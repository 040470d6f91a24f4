import { isAscii } from "node:buffer";
import { open } from "node:fs/promises";
import { TextDecoder } from "node:util";
import { KeyHashList, sortHashes } from "./keyHashes.js";
import { compareKeyValues, keyValueType, type KeyValue } from "./keyValues.js";
import { parseNdjsonLine } from "./loadNdjsonItems.js";
import { mayNestDeeply } from "./mayNestDeeply.js";
import { readProblem } from "./readTextFile.js";
import { readRow, sortInListOrder } from "./Table.js";
import type { Item } from "./types.js";
import { mayBeInexact } from "./unheldNumber.js";

/**
 * Bytes [start, end) of a data file, starting at the beginning of a line:
 * the file's start or the byte after a "\n". Only the first range drops a
 * byte order mark (as decoding the whole file does), and only the last one
 * has the text after the file's last "\n" as a line.
 */
export interface ByteRange {
  start: number;
  end: number;
  first: boolean;
  last: boolean;
}

/** One range of a data file to scan, as plain data (it may be sent to a worker thread). */
export interface RangeJob {
  file: string;
  range: ByteRange;
  primaryKey: string;
  /** False when the table itself is refused: lines are still parsed (a bad line is reported first), items are not read. */
  checkItems: boolean;
}

/** A line of a range, numbered from 1 within the range, with its text (to make its error again with the file's line number). */
export interface RangeLine {
  line: number;
  raw: string;
}

/**
 * What scanning one range found, as plain data (structured clone keeps every
 * item exactly: own "__proto__" members, -0, member order; an ExactNumber
 * only through toExactTransfer and fromExactTransfer, which a thread that
 * posts it uses). Problems are
 * the range's first ones; scanNdjsonTable turns them into the file's errors.
 */
export interface RangeScan {
  /** Lines read: the "\n"s in the range, plus the text after the last one for the last range. */
  lines: number;
  items: number;
  utf8: boolean;
  lineProblem?: RangeLine | undefined;
  itemProblem?: RangeLine | undefined;
  /** Whether the range's keys are strictly ascending; `first` and `last` let ranges be checked across their boundary. */
  sorted: boolean;
  /**
   * hashKey of each good item's key (empty when items are not checked): a
   * file that is not in key order is checked for duplicates from these,
   * without reading it again. In line order across the arrays, or one
   * array in ascending order when `hashesSorted`.
   */
  keyHashes: Float64Array[];
  /**
   * Whether keyHashes are ascending: a range with no problem whose keys are
   * not in order sorts them here, in its own thread, and its kept items too
   * (in list order), since the file is then not in key order and both will
   * be sorted. A range in key order leaves them, as the whole file may be.
   */
  hashesSorted: boolean;
  /**
   * Whether a kept item's line may hold a number a double does not (then
   * the item holds an ExactNumber): false lets a worker thread post its kept
   * items without walking them for ExactNumbers (toExactTransfer's `plain`).
   */
  exactKept: boolean;
  first?: KeyValue | undefined;
  last?: KeyValue | undefined;
  greatest?: { item: Item; primary: KeyValue; kept: boolean } | undefined;
  witness: Partial<Record<"string" | "number", { item: Item; kept: boolean }>>;
  kept: Item[];
}

/**
 * Bytes read at a time: large enough that reads and decoding cost little
 * per line, small enough that a chunk's text and lines die young. A 1 MiB
 * chunk took about 10 ms to read through, so a scavenge often found it and
 * its lines alive and promoted them (a string that large is allocated
 * apart, and survives by moving to the old generation); the old generation
 * then grew with the file: peak RSS of list over 1,000,000 lines, 5 runs
 * each, 214-233 MB with 1 MiB against 168-192 MB with 64 KiB, CPU time
 * alike (packages/bench figure 12b). Node's own streams read 64 KiB too.
 */
export const CHUNK_BYTES = 1 << 16;

/**
 * One range of an NDJSON data file read line by line and checked as
 * loadNdjsonTable checks each line and item (the first bad line, then the
 * first bad item), calling `keep` with each good item in order until a
 * problem is found.
 */
export async function scanNdjsonRange(job: RangeJob, keep: (item: Item) => boolean): Promise<RangeScan> {
  const tableKeys = { primaryKey: job.primaryKey, secondaryKey: undefined };
  const scan: RangeScan = { lines: 0, items: 0, utf8: true, sorted: true, keyHashes: [], hashesSorted: false, exactKept: false, witness: {}, kept: [] };
  const keptKeys: KeyValue[] = [];
  const hashes = new KeyHashList();
  const witness = scan.witness;
  let greatestItem: Item | undefined;
  let greatestPrimary: KeyValue | undefined;
  let greatestKept = false;
  const onLine = (raw: string, line: number): void => {
    if (scan.lineProblem !== undefined) return;
    let item: Item | undefined;
    try {
      // The file's name and line number are put right when the error is made again (scanNdjsonTable).
      item = parseNdjsonLine(raw, line, job.file);
    } catch {
      scan.lineProblem = { line, raw };
      return;
    }
    if (item === undefined) return;
    scan.items++;
    if (scan.itemProblem !== undefined || !job.checkItems) return;
    const row = readRow(item, tableKeys, mayNestDeeply(raw));
    if (typeof row === "string") {
      scan.itemProblem = { line, raw };
      return;
    }
    const primary = row.primary;
    if (scan.last === undefined) scan.first = primary;
    else if (scan.sorted && compareKeyValues(scan.last, primary) >= 0) scan.sorted = false;
    scan.last = primary;
    hashes.add(primary);
    const kept = keep(item);
    if (kept) {
      scan.kept.push(item);
      keptKeys.push(primary);
      if (!scan.exactKept && mayBeInexact(raw)) scan.exactKept = true;
    }
    // While the keys ascend, each is the greatest so far: one comparison per line instead of two.
    // Held in three variables, not an object a line: less garbage.
    if (scan.sorted || greatestPrimary === undefined || compareKeyValues(primary, greatestPrimary) > 0) {
      greatestItem = item;
      greatestPrimary = primary;
      greatestKept = kept;
    }
    const type = keyValueType(primary) as "string" | "number";
    if (witness[type] === undefined || (kept && !witness[type].kept)) witness[type] = { item, kept };
  };
  scan.lines = await readLines(job.file, job.range, onLine, () => (scan.utf8 = false));
  scan.keyHashes = hashes.blocks();
  if (!scan.sorted && scan.utf8 && scan.lineProblem === undefined && scan.itemProblem === undefined) {
    scan.keyHashes = [sortHashes(scan.keyHashes)];
    scan.hashesSorted = true;
    const rows = scan.kept.map((item, index) => ({ item, primary: keptKeys[index]!, secondary: undefined, index }));
    scan.kept = sortInListOrder(rows).map((row) => row.item);
  }
  if (greatestPrimary !== undefined) scan.greatest = { item: greatestItem!, primary: greatestPrimary, kept: greatestKept };
  return scan;
}

/**
 * Each line of the range, with its 1-based number within the range, as
 * text.split("\n") of the whole decoded file would give them; returns how
 * many. Invalid UTF-8 calls `notUtf8` and ends the read.
 */
export async function readLines(file: string, range: ByteRange, onLine: (line: string, number: number) => void, notUtf8: () => void): Promise<number> {
  /*
   * Chunks of ASCII (valid UTF-8 that decodes byte for byte) are made text
   * as Latin-1, about three times faster than the decoder (issue 26 §3:
   * data files are mostly ASCII). From the first other chunk on, the
   * decoder reads the rest, so a character cut by a chunk boundary is put
   * together again. Only a decoder starting at the file's first byte drops a
   * byte order mark, as decoding the whole file does; anywhere else it is
   * text like any other.
   */
  let decoder: TextDecoder | undefined;
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    throw readProblem(file, error);
  }
  let line = 1;
  try {
    const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(1, range.end - range.start)));
    let position = range.start;
    let carry = "";
    while (position < range.end) {
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, range.end - position), position));
      } catch (error) {
        throw readProblem(file, error);
      }
      if (bytesRead === 0) break;
      const bytes = buffer.subarray(0, bytesRead);
      let text: string;
      if (decoder === undefined && isAscii(bytes)) text = bytes.toString("latin1");
      else {
        decoder ??= new TextDecoder("utf-8", { fatal: true, ignoreBOM: position !== 0 });
        try {
          text = decoder.decode(bytes, { stream: true });
        } catch {
          notUtf8();
          return line - 1;
        }
      }
      position += bytesRead;
      const parts = text.split("\n");
      parts[0] = carry + parts[0]!;
      carry = parts.pop()!;
      for (const part of parts) onLine(part, line++);
    }
    let tail: string;
    try {
      tail = decoder?.decode() ?? "";
    } catch {
      notUtf8();
      return line - 1;
    }
    // A range that is not the last ends just after a "\n": nothing follows it there.
    if (range.last) onLine(carry + tail, line++);
    return line - 1;
  } finally {
    await handle.close();
  }
}

/**
 * The file's first `size` bytes cut into at most `count` ranges, each cut
 * just after a "\n" (never inside a line, nor inside a UTF-8 character, since
 * no multi-byte character holds the byte 0x0A). The ranges are of about the
 * same size, except that the first is `head` of a range larger (0 to 1).
 */
export async function lineRanges(file: string, size: number, count: number, head = 0): Promise<ByteRange[]> {
  const cuts: number[] = [];
  if (count > 1 && size > 0) {
    let handle;
    try {
      handle = await open(file, "r");
    } catch (error) {
      throw readProblem(file, error);
    }
    try {
      const buffer = Buffer.alloc(64 * 1024);
      for (let k = 1; k < count; k++) {
        let position = Math.max(Math.floor((size * (k + head)) / (count + head)), cuts.at(-1) ?? 0);
        let cut: number | undefined;
        while (cut === undefined && position < size) {
          let bytesRead: number;
          try {
            ({ bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - position), position));
          } catch (error) {
            throw readProblem(file, error);
          }
          if (bytesRead === 0) break;
          const at = buffer.subarray(0, bytesRead).indexOf(10);
          if (at >= 0) cut = position + at + 1;
          position += bytesRead;
        }
        if (cut === undefined || cut >= size) break;
        if (cut > (cuts.at(-1) ?? 0)) cuts.push(cut);
      }
    } finally {
      await handle.close();
    }
  }
  const starts = [0, ...cuts];
  return starts.map((start, i) => ({ start, end: cuts[i] ?? size, first: i === 0, last: i === starts.length - 1 }));
}
