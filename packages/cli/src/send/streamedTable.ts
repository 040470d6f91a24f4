import { SchemaInference, type ListFilter } from "@itemfilter/core";
import { scanNdjsonTable, type RangeJob, type RangeScan } from "@itemfilter/emulator";
import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, extname } from "node:path";
import { MAX_SEEN } from "../attributeHints.js";
import type { CliContext } from "../cliContext.js";
import { checkUserFile, MAX_BYTES, throwIfAborted } from "../readText.js";
import { loadError, type Tables } from "./loadTables.js";
import type { DataRangeScan } from "./scanDataRange.js";
import { scanRangeElsewhere, type WorkerScan } from "./scanInWorker.js";

type Item = Record<string, unknown>;

/**
 * What list, query and find know of an NDJSON data file they read as a
 * stream, in place of its items: the inferred schema of the attributes the
 * filter names, and the first items (the sample the empty-result hints read).
 */
export interface StreamedTable {
  name: string;
  /** Inferred over every item, for the `names` of the reduction only. */
  inference: SchemaInference;
  sample: Item[];
}

/**
 * How a command reduces the data file to the items its requests can return:
 * built from the filter compiled before the file is read, and checked once
 * it was read (the schema the whole file gives may refuse the filter, or in
 * principle change it, and then the whole file is loaded as before).
 */
export interface DataReduction {
  table: string;
  /** The attributes whose inferred types the command's checks read. */
  names: readonly string[];
  /** The listItems filters of the requests the command will send: `keep` is keepOf(filters), which a worker thread builds again. */
  filters: readonly (readonly ListFilter[])[];
  /** Whether the item can be in the answer to one of the requests the command will send. */
  keep(item: Item): boolean;
  /** Whether the requests the command builds with what the file told are those `keep` was built for. */
  holds(streamed: StreamedTable): boolean;
}

/**
 * Below this size a data file is read in one thread: starting a worker
 * thread (about 50 ms with its modules) costs more than it saves.
 */
const PARALLEL_BYTES = 8 * 1024 * 1024;

/**
 * The embedded tables for a --data file read as a stream, holding only the
 * items a reduction keeps (scanNdjsonTable: every check of the whole file,
 * the same errors, memory bounded by the kept items), or undefined when the
 * file must be loaded whole: not NDJSON (a tables file is one JSON document),
 * not the command's table, or the reduction does not hold. A large file is
 * cut into ranges of lines read at the same time, one in this thread and
 * the others in worker threads (JSON.parse of each line is most of the
 * time); if a worker cannot start or fails, the file is read again here in
 * one thread, so the answer never depends on the threads.
 */
export async function streamedTables(ctx: CliContext, file: string, reduction: DataReduction): Promise<{ tables: Tables; streamed: StreamedTable } | undefined> {
  const ext = extname(file).toLowerCase();
  if (ext !== ".ndjson" && ext !== ".jsonl") return undefined;
  const path = await checkUserFile(ctx, file, "data file", MAX_BYTES.data);
  const name = basename(path, extname(path));
  if (name !== reduction.table) return undefined;
  const ranges = rangeCount(ctx, path);
  const read = (ranges > 1 ? await scanInRanges(ctx, file, path, name, reduction, ranges) : undefined) ?? (await scan(ctx, file, path, name, reduction, 1));
  return reduction.holds(read.streamed) ? read : undefined;
}

/**
 * How many ranges to read the file in: ITEMFILTER_DATA_THREADS when set (a
 * whole number, for tests and measurements; 1 is one thread), else one per
 * core up to 4 for a file of PARALLEL_BYTES or more when the bundle's worker
 * script is known, else 1.
 */
function rangeCount(ctx: CliContext, path: string): number {
  const forced = ctx.env.ITEMFILTER_DATA_THREADS;
  if (forced !== undefined && /^[1-9][0-9]?$/.test(forced)) return Number(forced);
  if (ctx.dataWorker === undefined) return 1;
  return sizeOf(path) >= PARALLEL_BYTES ? Math.min(availableParallelism(), 4) : 1;
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    // The scan reports the problem.
    return 0;
  }
}

/** The file scanned in `ranges` ranges, or undefined when a worker thread failed (then nothing of this attempt is used). */
async function scanInRanges(ctx: CliContext, file: string, path: string, name: string, reduction: DataReduction, ranges: number): Promise<Read | undefined> {
  const workers: WorkerScan[] = [];
  const stop = (): void => workers.forEach((worker) => worker.stop());
  ctx.signal?.addEventListener("abort", stop, { once: true });
  let failed = false;
  const found: DataRangeScan[] = [];
  const scanRange = async (job: RangeJob): Promise<RangeScan> => {
    const worker = scanRangeElsewhere(ctx, { scan: job, filters: reduction.filters, names: reduction.names });
    workers.push(worker);
    try {
      return (found[workers.indexOf(worker)] = await worker.result).scan;
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  try {
    const read = await scan(ctx, file, path, name, reduction, ranges, scanRange);
    // Each other range's inference and first items, in file order after this thread's.
    for (const range of found) {
      read.streamed.inference.merge(range.inference);
      for (const item of range.sample) if (read.streamed.sample.length < MAX_SEEN) read.streamed.sample.push(item);
    }
    return read;
  } catch (error) {
    throwIfAborted(ctx);
    if (failed) return undefined;
    throw error;
  } finally {
    stop();
    ctx.signal?.removeEventListener("abort", stop);
  }
}

interface Read {
  tables: Tables;
  streamed: StreamedTable;
}

/** One scan of the file, this thread keeping the first range's items (the whole file's with one range). */
async function scan(ctx: CliContext, file: string, path: string, name: string, reduction: DataReduction, ranges: number, scanRange?: (job: RangeJob) => Promise<RangeScan>): Promise<Read> {
  const streamed: StreamedTable = { name, inference: new SchemaInference(reduction.names), sample: [] };
  const keep = (item: Item): boolean => {
    // Ctrl-C ends the read between two items.
    throwIfAborted(ctx);
    streamed.inference.add(item);
    if (streamed.sample.length < MAX_SEEN) streamed.sample.push(item);
    return reduction.keep(item);
  };
  let scanned;
  try {
    scanned = await scanNdjsonTable(path, name, { primaryKey: "id" }, { keep, ranges, ...(scanRange === undefined ? {} : { scanRange }) });
  } catch (error) {
    throw loadError(error, file);
  }
  throwIfAborted(ctx);
  return { tables: { [name]: scanned.definition }, streamed };
}
