// Memory of the emulator under clients that ask for big pages and never read them (issue 10, item 9).
// Each of N connections sends `pipelined` requests for one page of `itemCount` items (1.5 KB each), then stops reading.
// Pages larger than loopback's socket buffers (several MB) are what show the difference: smaller ones sit in the kernel.
// Prints the process's RSS (emulator and clients together) before and with the connections open.
// Run after a build: `npx tsc -b packages/emulator && node --expose-gc packages/emulator/scripts/slowReaders.mjs [connections=100] [pipelined=1] [itemCount=15000] [emulator module]`
import { connect } from "node:net";
import { pathToFileURL } from "node:url";

const { createEmulator } = await import(process.argv[5] === undefined ? "../dist/index.js" : pathToFileURL(process.argv[5]).href);

const connections = Number(process.argv[2] ?? 100);
const pipelined = Number(process.argv[3] ?? 1);
const itemCount = Number(process.argv[4] ?? 15_000);
const credentials = { applicationKey: "k", authenticationToken: "t" };
const items = Array.from({ length: itemCount }, (_, i) => ({ id: `u${String(i).padStart(4, "0")}`, pad: "x".repeat(1500) }));
const emulator = createEmulator({ tables: { t: { primaryKey: "id", items } }, credentials: [credentials], pageSize: itemCount, maxConnections: connections + 10 });
const url = new URL(await emulator.start());
const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;

globalThis.gc?.();
const before = process.memoryUsage().rss;
const body = JSON.stringify({ ...credentials, table: "t" });
const request = `POST /listItems HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
const sockets = [];
for (let i = 0; i < connections; i++) {
  const socket = connect(Number(url.port), "127.0.0.1", () => {
    socket.write(request.repeat(pipelined));
    socket.pause();
  });
  socket.on("error", () => {});
  sockets.push(socket);
}
// Until every request has arrived (the new emulator closes a connection past 16 pipelined), then a second more to answer.
for (let waited = 0; emulator.requestCount < connections * Math.min(pipelined, 16) && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
await new Promise((resolve) => setTimeout(resolve, 1000));
globalThis.gc?.();
const peak = process.memoryUsage().rss;
console.log(`${connections} connections × ${pipelined} pipelined requests for a ${mb(JSON.stringify(items).length)} page, never read: RSS ${mb(before)} before, ${mb(peak)} with them open`);
for (const socket of sockets) socket.destroy();
await emulator.stop();
