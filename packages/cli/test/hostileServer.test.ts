import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";

/** Issue 18, items 6 and 9 through the command: a hostile server is a service error (exit 3), never an internal one (70). */

const DEEP = 200_000;
let server: Server;
let url: string;
let mode: "deep-item" | "deep-key" | "alternating" | "ignores-start" | "huge" = "deep-item";
let page = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    if (mode !== "huge") res.setHeader("content-type", "application/json");
    if (mode === "deep-item") return res.end(`{"data":{"items":[{"id":1,"a":${"[".repeat(DEEP)}${"]".repeat(DEEP)}}]}}`);
    if (mode === "deep-key") return res.end(`{"data":{"items":[{"id":1}],"stopKey":{"primary":${"[".repeat(DEEP)}${"]".repeat(DEEP)}}}}`);
    // A page declared larger than the client reads: refused from its headers, before its body.
    if (mode === "huge") {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(64 * 1024 * 1024) });
      res.write("{");
      setTimeout(() => res.destroy(), 20);
      return;
    }
    // A service that ignores startKey: every page is the first, with the same stopKey.
    if (mode === "ignores-start") return res.end(JSON.stringify({ data: { items: [{ id: 1 }, { id: 2 }], stopKey: { primary: "a" } } }));
    page++;
    return res.end(JSON.stringify({ data: { items: [{ id: page % 2 }], stopKey: { primary: page % 2 === 0 ? "a" : "b" } } }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const env = () => ({ ITEMFILTER_BASE_URL: url, ITEMFILTER_APPLICATION_KEY: "app", ITEMFILTER_AUTH_TOKEN: "tok-0123456789" });

describe("issue 18 items 6 and 9: a hostile server through the command", () => {
  it.each([
    ["deep-item", ["find", "--table", "t", "a = 1 or a = 2"]],
    ["deep-item", ["list", "--table", "t"]],
    ["deep-key", ["list", "--table", "t"]],
    ["alternating", ["list", "--table", "t", "--output", "ndjson"]],
  ] as const)("%s: %j exits 3 with the client's error", async (m, argv) => {
    mode = m;
    page = 0;
    const run = await runCli([...argv], { env: env() });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^itemfilter: E_PROTOCOL: listItems: /);
    expect(run.stderr).not.toContain("internal error");
    if (m === "alternating") expect(run.stdout).toBe('{"id":1}\n{"id":0}\n');
  });

  // Issue 33 §4: the looping page was printed before the loop was found, so its items came out twice.
  it("a service that answers every page as the first: each item printed once, then exit 3", async () => {
    mode = "ignores-start";
    const run = await runCli(["list", "--table", "t", "--output", "ndjson"], { env: env() });
    expect(run).toEqual({
      code: 3,
      stdout: '{"id":1}\n{"id":2}\n',
      stderr: "itemfilter: E_PROTOCOL: listItems: the service sent back the startKey it was given as the stopKey, so paging would never end\n",
    });
  });

  // Issue 33 §4: the client's advice (limit, maxResponseBytes) named nothing the command can set.
  it.each([
    ["list", ["list", "--table", "t"], "listItems"],
    ["find", ["find", "--table", "t", "a = 1"], "listItems"],
  ] as const)("a page too large to read (%s): exit 3 with advice the command can follow", async (_name, argv, operation) => {
    mode = "huge";
    const run = await runCli([...argv], { env: env() });
    expect(run).toEqual({
      code: 3,
      stdout: "",
      stderr: `itemfilter: E_RESPONSE_TOO_LARGE: ${operation}: the service sent a page larger than 33554432 bytes, the most itemfilter reads; reading stopped there. A narrower filter makes the service's pages smaller (itemfilter cannot ask for smaller pages: --limit counts the items printed)\n`,
    });
  });

  it("a page too large to read, in the REPL: the same advice", async () => {
    mode = "huge";
    const run = await runCli(["repl", "--mode", "list", "--no-infer-schema"], { env: env(), input: ".send on\n.table t\na = 1\n" });
    expect(run.stdout).toContain("E_RESPONSE_TOO_LARGE: listItems: the service sent a page larger than 33554432 bytes, the most itemfilter reads; reading stopped there. A narrower filter makes the service's pages smaller (itemfilter cannot ask for smaller pages: --limit counts the items printed)\n");
  });
});
