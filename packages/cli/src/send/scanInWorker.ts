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
 * Starts a worker thread (`script`, the bundle's dataWorker.mjs) on one range
 * of a data file. The result rejects if the thread cannot start, fails, or
 * ends without an answer; the caller then reads the file in one thread.
 * Job and answer go as ExactTransfers, so exact numbers keep their class.
 */
export function scanInWorker(script: URL, job: DataRangeJob): WorkerScan {
  let worker: Worker | undefined;
  const result = new Promise<DataRangeScan>((resolve, reject) => {
    worker = new Worker(script, { workerData: toExactTransfer(job) });
    worker.once("message", (message: { ok?: ExactTransfer<DataRangeScan>; failed?: string }) => {
      if (message.ok !== undefined) resolve(fromExactTransfer(message.ok));
      else reject(new Error(`the data file worker failed: ${message.failed ?? "no answer"}`));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the data file worker ended (exit code ${code}) without an answer`)));
  });
  return { result, stop: () => void worker?.terminate() };
}

/** Where streamedTables scans the ranges after the first: a worker thread of the bundle (tests put another here). */
export function scanRangeElsewhere(ctx: CliContext, job: DataRangeJob): WorkerScan {
  if (ctx.dataWorker === undefined) return { result: Promise.reject(new Error("no worker script")), stop: () => {} };
  return scanInWorker(ctx.dataWorker, job);
}
