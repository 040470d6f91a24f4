import { parentPort, workerData } from "node:worker_threads";
import { scanDataRange, type DataRangeJob } from "./send/scanDataRange.js";

/*
 * The worker thread entry of the bundle (dataWorker.mjs): scans the range of
 * a data file it is given and posts what it found. Any failure is posted as
 * one too; the main thread then reads the whole file itself.
 */
try {
  parentPort!.postMessage({ ok: await scanDataRange(workerData as DataRangeJob) });
} catch (error) {
  parentPort!.postMessage({ failed: String((error as Error)?.stack ?? error) });
}
