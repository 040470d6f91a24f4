import { fromExactTransfer, toExactTransfer, type ExactTransfer } from "@itemfilter/emulator";
import { parentPort } from "node:worker_threads";
import { scanDataRange, type DataRangeJob } from "./send/scanDataRange.js";

/*
 * The worker thread entry of the bundle (dataWorker.mjs): waits for the range
 * of a data file to scan (the thread may be started before the command knows
 * it: StartedWorkers), scans it and posts what it found. Any failure is
 * posted as one too; the main thread then reads the whole file itself. Both
 * ways the data goes as an ExactTransfer: structured clone drops an
 * ExactNumber's class (a keep filter's `id = 1234567890123456789`, an item's
 * 19-digit number). With its one job taken, the thread has nothing left to
 * wait for and ends.
 */
parentPort!.once("message", (job: ExactTransfer<DataRangeJob>) => void scanAndPost(job));

async function scanAndPost(job: ExactTransfer<DataRangeJob>): Promise<void> {
  try {
    const found = await scanDataRange(fromExactTransfer(job));
    // Most of what is posted is the kept items: not walked when no kept line held a long number.
    parentPort!.postMessage({ ok: toExactTransfer(found, found.scan.exactKept ? undefined : found.scan.kept) });
  } catch (error) {
    parentPort!.postMessage({ failed: String((error as Error)?.stack ?? error) });
  }
}
