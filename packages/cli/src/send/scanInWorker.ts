import { fromExactTransfer, toExactTransfer, type ExactTransfer } from "@itemfilter/emulator";
import { Worker } from "node:worker_threads";
import type { CliContext } from "../cliContext.js";
import type { DataRangeJob, DataRangeScan } from "./scanDataRange.js";

/** A range being scanned by a worker thread: its findings, and how to stop it early. */
export interface WorkerScan {
  result: Promise<DataRangeScan>;
  stop(): void;
}

/**
 * Scans one range of a data file in a worker thread running the bundle's
 * dataWorker.mjs (`start` gives it: one started with the command, or a new
 * one), which waits for the job as a message. The result rejects if the
 * thread cannot start, fails, or ends without an answer; the caller then
 * reads the file in one thread. Job and answer go as ExactTransfers, so
 * exact numbers keep their class.
 */
export function scanInWorker(start: () => Worker, job: DataRangeJob): WorkerScan {
  let worker: Worker | undefined;
  const result = new Promise<DataRangeScan>((resolve, reject) => {
    worker = start();
    worker.once("message", (message: { ok?: ExactTransfer<DataRangeScan>; failed?: string }) => {
      if (message.ok !== undefined) resolve(fromExactTransfer(message.ok));
      else reject(new Error(`the data file worker failed: ${message.failed ?? "no answer"}`));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the data file worker ended (exit code ${code}) without an answer`)));
    worker.postMessage(toExactTransfer(job));
  });
  return { result, stop: () => void worker?.terminate() };
}

/** Where streamedTables scans the ranges after the first: a worker thread of the bundle (tests put another here). */
export function scanRangeElsewhere(ctx: CliContext, job: DataRangeJob): WorkerScan {
  const script = ctx.dataWorker;
  if (script === undefined) return { result: Promise.reject(new Error("no worker script")), stop: () => {} };
  return scanInWorker(() => ctx.startedWorkers.take() ?? new Worker(script), job);
}
