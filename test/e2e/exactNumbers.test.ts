import { build } from "esbuild";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 32 through the built `itemfilter` (the bundle `pnpm install` builds),
 * against a service on 127.0.0.1 that this test starts and stops: what the
 * service sends is printed with every digit, a number no store holds is an
 * error naming its attribute, and what the command sends has every digit.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const bin = join(root, "packages/cli/bin/itemfilter.mjs");

let server: Server;
let url: string;
let answer = "";
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      res.setHeader("content-type", "application/json");
      res.end(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A node program, run asynchronously so this process's server answers it. */
function node(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  received.length = 0;
  const env = { PATH: process.env.PATH ?? "", NO_COLOR: "1", ITEMFILTER_APPLICATION_KEY: "app-key-0123456789", ITEMFILTER_AUTH_TOKEN: "token-0123456789", ...extraEnv };
  return new Promise((resolve) => {
    // A hang guard, not a speed check (a loaded 2-core machine makes one run take seconds).
    execFile(process.execPath, args, { env, encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
    });
  });
}

/** The binary, run as a person would (not a terminal: json output). */
const itemfilter = (args: string[]): Promise<Run> => node([bin, ...args]);

describe("exact numbers through the built command (issue 32)", () => {
  it("list: a number no store holds (1e400) is an error naming the attribute, never null", async () => {
    answer = '{"data":{"items":[{"id":"a","n":1234567890123456789,"big":1e400}]}}';
    const run = await itemfilter(["list", "--base-url", url, "--table", "t"]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("itemfilter: E_PROTOCOL: listItems: HTTP 200 with the number 1e400 at items[0].big, which no store holds (it is beyond 1e-130 to below 1e126)");
    expect(run.stderr).not.toContain("token-0123456789");
  });

  it.each([
    ["json", '[\n{"id":"a","n":1234567890123456789,"m":12345678901234567890123456789012345678}\n]\n'],
    ["ndjson", '{"id":"a","n":1234567890123456789,"m":12345678901234567890123456789012345678}\n'],
    // Number columns are right-aligned: the ExactNumbers are numbers.
    ["table", `id${" ".repeat(20)}n${" ".repeat(39)}m\n--  -------------------  ${"-".repeat(38)}\na   1234567890123456789  12345678901234567890123456789012345678\n`],
  ])("list --output %s prints every digit", async (output, stdout) => {
    answer = '{"data":{"items":[{"id":"a","n":1234567890123456789,"m":12345678901234567890123456789012345678}]}}';
    expect(await itemfilter(["list", "--base-url", url, "--table", "t", "--output", output])).toEqual({ code: 0, stdout, stderr: "" });
  });

  it("list sends a 19-digit literal as a JSON number with its digits, and --fields keeps them", async () => {
    answer = '{"data":{"items":[{"id":"a","n":1234567890123456789,"x":1}]}}';
    const run = await itemfilter(["list", "--base-url", url, "--table", "t", "--output", "ndjson", "--fields", "n", "n = 1234567890123456789"]);
    expect(run).toEqual({ code: 0, stdout: '{"n":1234567890123456789}\n', stderr: "" });
    expect(received[0]).toContain('"filter":[{"item":"n","operator":"equals","value":1234567890123456789}]');
  });

  it("compile prints the digits", async () => {
    expect(await itemfilter(["compile", "id = 1234567890123456789 and price > 12345678901234567890.12"])).toEqual({
      code: 0,
      stdout: '[{"item":"id","operator":"equals","value":1234567890123456789},{"item":"price","operator":"greaterThan","value":12345678901234567890.12}]\n',
      stderr: "",
    });
  });

  it("why reads the item by a 19-digit key and shows it with every digit", async () => {
    answer = '{"data":{"items":[{"id":1234567890123456789,"n":9007199254740993}]}}';
    const run = await itemfilter(["why", "--base-url", url, "--table", "t", "--primary-key", "id", "--key", "1234567890123456789", "--json", "n > 9007199254740992"]);
    expect(run.code).toBe(0);
    expect(received[0]).toContain('"key":{"primary":1234567890123456789}');
    expect(run.stdout).toContain('"key":{"id":1234567890123456789},"item":{"id":1234567890123456789,"n":9007199254740993}');
    expect(run.stdout).toContain('"matched":true');
  });

  it("the client README's Numbers example prints what its comments say, run as written against this service", async () => {
    const readme = readFileSync(join(root, "packages/client/README.md"), "utf8");
    const code = /^## Numbers: every digit\n[\s\S]*?^```ts\n([\s\S]*?)^```/m.exec(readme)![1]!;
    // The one change: the README's service is this test's, on 127.0.0.1.
    const local = code.replace("https://storage.example.com/v1", url);
    expect(local).not.toBe(code);
    const expected = [...code.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1]!);
    expect(expected).toHaveLength(2);
    const bundled = await build({ stdin: { contents: local, loader: "ts", resolveDir: join(root, "packages/client"), sourcefile: "example.ts" }, bundle: true, format: "esm", platform: "node", write: false, logLevel: "silent", conditions: ["@itemfilter/source"] });
    const dir = mkdtempSync(join(tmpdir(), "itemfilter-exact-"));
    try {
      writeFileSync(join(dir, "example.mjs"), bundled.outputFiles[0]!.text);
      answer = '{"data":{"items":[{"id":1234567890123456789,"total":12.5}]}}';
      const run = await node([join(dir, "example.mjs")], { APP_KEY: "app-key-0123456789", AUTH_TOKEN: "token-0123456789" });
      expect(run).toEqual({ code: 0, stdout: expected.map((line) => `${line}\n`).join(""), stderr: "" });
      expect(received[0]).toContain('"value":1234567890123456789');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
