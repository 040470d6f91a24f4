// Where one request's time goes (issue 26): the partition query of figure 8b is one small
// queryItems, so its fixed cost decides the figure. Five ways to make that same request,
// each a layer more than the one before, timed in interleaved rounds in one process:
//   1. raw http.request to a bare Node server that answers the same bytes (the floor: Node's HTTP);
//   2. raw http.request to the emulator (1 + the emulator's body parsing, search and writing);
//   3. node-fetch alone, to the emulator, text() and JSON.parse (2 + node-fetch);
//   4. client.queryItems (3 + the client: request building, timeout, body reading, response checks);
//   5. client.findAll with the table's keys, what 8b times (4 + planning and runPlan).
// Each figure is ms per request (a batch of sequential requests over one kept-alive connection),
// and its per-round ratio to node-fetch alone.
import { createRequire } from "node:module";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { createClient } from "../../client/dist/index.js";
import { createEmulator } from "../../emulator/dist/index.js";
import { planItems } from "./planBench.mjs";
import { ratioSummary, summary } from "./stats.mjs";

const CREDENTIALS = { applicationKey: "bench-key", authenticationToken: "bench-token" };
const FILTER = 'id = "u0042" and ts > 5';
const KEYS = { primary: "id", secondary: "ts" };

/** node-fetch as the client resolves it (the bench does not depend on it). */
async function importNodeFetch() {
  const require = createRequire(new URL("../../client/package.json", import.meta.url));
  return (await import(pathToFileURL(require.resolve("node-fetch")).href)).default;
}

function listen(server) {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${server.address().port}`)));
}

/** POST over http.request with a kept-alive agent; resolves with the parsed body's item count. */
function rawPost(agent, url, headers, body) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: u.hostname, port: u.port, path: u.pathname, method: "POST", headers: { ...headers, "Content-Length": Buffer.byteLength(body) }, agent }, (res) => {
      const parts = [];
      res.setEncoding("utf8");
      res.on("data", (d) => parts.push(d));
      res.on("end", () => resolve(JSON.parse(parts.join("")).data.items.length));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

export async function benchRequestCost({ items = 100_000, rounds = 9, batch = 40 } = {}) {
  const nodeFetch = await importNodeFetch();
  const emulator = createEmulator({ tables: { people: { primaryKey: "id", secondaryKey: "ts", items: planItems(items) } }, credentials: [CREDENTIALS] });
  const baseUrl = await emulator.start();
  const client = createClient({ baseUrl, ...CREDENTIALS });
  const request = client.buildRequest("queryItems", { table: "people", key: { primary: "u0042" }, filter: "> 5" });
  const url = `${baseUrl}/queryItems`;
  // The bare server answers what the emulator answers, after reading the body as any server must.
  const answer = await (await nodeFetch(url, { method: "POST", headers: request.headers, body: request.body })).text();
  const bare = http.createServer((req, res) => {
    req.on("data", () => {});
    req.on("end", () => {
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(answer) });
      res.end(answer);
    });
  });
  const bareUrl = `${await listen(bare)}/queryItems`;
  const agent = new http.Agent({ keepAlive: true });
  const count = async (iterable) => {
    let n = 0;
    for await (const _ of iterable) n++;
    return n;
  };
  const ways = [
    { name: "http.request, bare Node server", run: () => rawPost(agent, bareUrl, request.headers, request.body) },
    { name: "http.request, emulator", run: () => rawPost(agent, url, request.headers, request.body) },
    {
      name: "node-fetch alone, emulator",
      run: async () => JSON.parse(await (await nodeFetch(url, { method: "POST", headers: request.headers, body: request.body, agent })).text()).data.items.length,
    },
    { name: "client.queryItems", run: async () => (await client.queryItems({ table: "people", key: { primary: "u0042" }, filter: "> 5" })).items.length },
    { name: "client.findAll with keys (8b)", run: () => count(client.findAll({ table: "people", filter: FILTER, keys: KEYS })) },
  ];
  try {
    const expected = await ways[0].run();
    for (const way of ways) {
      // Warm-up, and the same answer every way.
      for (let i = 0; i < batch; i++) {
        const n = await way.run();
        if (n !== expected) throw new Error(`requestCost: ${way.name} read ${n} items, not ${expected}`);
      }
    }
    const samples = ways.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < ways.length; k++) {
        const i = (r + k) % ways.length;
        const start = process.hrtime.bigint();
        for (let j = 0; j < batch; j++) await ways[i].run();
        samples[i].push(Number(process.hrtime.bigint() - start) / 1e6 / batch);
      }
    }
    const fetchAlone = samples[2];
    return {
      items,
      rounds,
      batch,
      matched: expected,
      ways: ways.map((w, i) => ({ name: w.name, ms: summary(samples[i]), vsNodeFetch: ratioSummary(samples[i], fetchAlone), samples: samples[i] })),
    };
  } finally {
    client.close();
    agent.destroy();
    await new Promise((resolve) => bare.close(resolve));
    await emulator.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchRequestCost();
  for (const w of result.ways) {
    process.stdout.write(`${w.name.padEnd(34)} ${w.ms.median.toFixed(3)} ms (${w.ms.min.toFixed(3)}–${w.ms.max.toFixed(3)})  ÷ node-fetch alone ${w.vsNodeFetch.median.toFixed(2)}×\n`);
  }
}
