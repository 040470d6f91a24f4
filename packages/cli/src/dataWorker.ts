import { fromExactTransfer, toExactTransfer, type ExactTransfer } from "@itemfilter/emulator";
import { parentPort, workerData } from "node:worker_threads";
import { scanDataRange, type DataRangeJob } from "./send/scanDataRange.js";

/*
 * The worker thread entry of the bundle (dataWorker.mjs): scans the range of
 * a data file it is given and posts what it found. Any failure is posted as
 * one too; the main thread then reads the whole file itself. Both ways the
 * data goes as an ExactTransfer: structured clone drops an ExactNumber's class
 * (a keep filter's `id = 1234567890123456789`, an item's 19-digit number).
 */
try {
  const found = await scanDataRange(fromExactTransfer(workerData as ExactTransfer<DataRangeJob>));
  // Most of what is posted is the kept items: not walked when no kept line held a long number.
  // The key hashes' buffers (8 bytes a line) are handed over, not copied: this thread is done with them.
  const hashes = found.scan.keyHashes.map((block) => block.buffer as ArrayBuffer);
  parentPort!.postMessage({ ok: toExactTransfer(found, found.scan.exactKept ? undefined : found.scan.kept) }, hashes);
} catch (error) {
  parentPort!.postMessage({ failed: String((error as Error)?.stack ?? error) });
}
