import { Worker } from "node:worker_threads";

/**
 * Tries one peer once on a big input in a worker thread, so a peer that is
 * far too slow (or runs out of memory) is stopped after `timeoutMs` instead of
 * stalling the whole run. Resolves to { ms } or { error }.
 */
export function probeOnce(peerName, copies, timeoutMs) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./hugeProbeWorker.mjs", import.meta.url), {
      workerData: { peerName, copies },
      resourceLimits: { maxOldGenerationSizeMb: 2048 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ error: `one parse did not finish within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    worker.once("message", (m) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(m);
    });
    worker.once("error", (e) => {
      clearTimeout(timer);
      resolve({ error: String(e?.message ?? e) });
    });
  });
}
