import { parse } from "@itemfilter/core";
import { parentPort, workerData } from "node:worker_threads";
import { PEERS } from "./candidates.mjs";
import { raisedLimits, repeatLarge } from "./inputs.mjs";

const { peerName, copies } = workerData;
const peer = PEERS.find((p) => p.name === peerName);
const text = peer.translate(parse(repeatLarge(copies), raisedLimits(copies)));
try {
  const start = process.hrtime.bigint();
  peer.run(text);
  parentPort.postMessage({ ms: Number(process.hrtime.bigint() - start) / 1e6, chars: text.length });
} catch (e) {
  parentPort.postMessage({ error: String(e?.message ?? e).split("\n")[0].slice(0, 160) });
}
