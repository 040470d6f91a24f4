import { createCli } from "@itemfilter/cli";
import { createEmulator, type Emulator } from "@itemfilter/emulator";
import { spawnSync } from "node:child_process";
import { mkdtempSync, truncateSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContext } from "../src/cliContext.js";
import { Redactor } from "../src/redactor.js";
import { reportError } from "../src/reportError.js";
import { formatTable } from "../src/send/formatTable.js";
import { Capture, runCli, startServe } from "./runCli.js";

/** Issue 10: what a hostile or careless input, server or environment must not do to the command. */

const dir = mkdtempSync(join(tmpdir(), "itemfilter-hardening-"));
const LONG_TOKEN = "tok-LONG-0123456789abcdefghijklmnopqrstuvwxyz-0123456789ABCDEF";
writeFileSync(join(dir, "token"), `${LONG_TOKEN}\n`);
writeFileSync(join(dir, "small.ndjson"), '{"id":1,"a":"x"}\n');

describe("item 1: a redirect is refused, not followed", () => {
  let redirecting: Server;
  let target: Server;
  let url: string;
  let targetOrigin: string;
  let targetHits = 0;
  beforeAll(async () => {
    target = createServer((_req, res) => {
      targetHits++;
      res.writeHead(200, { "content-type": "application/json" }).end('{"items":[]}');
    });
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    targetOrigin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    let answered = 0;
    redirecting = createServer((req, res) => {
      // 307 once (a redirect keeps the method and body, credentials included), then 200.
      if (answered++ === 0) res.writeHead(307, { location: `${targetOrigin}${req.url ?? "/"}` }).end();
      else res.writeHead(200, { "content-type": "application/json" }).end('{"items":[]}');
    });
    await new Promise<void>((r) => redirecting.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => redirecting.close(r));
    await new Promise((r) => target.close(r));
  });

  it("exits 3 with a message that names the status and the target origin", async () => {
    const env = { ITEMFILTER_BASE_URL: url, ITEMFILTER_APPLICATION_KEY: "app", ITEMFILTER_AUTH_TOKEN: LONG_TOKEN };
    const run = await runCli(["list", "--table", "users"], { env });
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^itemfilter: E_REDIRECT: listItems: /);
    expect(run.stderr).toContain("307");
    expect(run.stderr).toContain(targetOrigin);
    expect(run.stderr).not.toContain(LONG_TOKEN);
    expect(targetHits).toBe(0);
  });
});

describe("item 2: secrets are masked in the data before any output format cuts it", () => {
  let emulator: Emulator;
  let url: string;
  beforeAll(async () => {
    // The token sits at the start of a long value, so a cell cut to 40 characters would show 39 of it.
    const items = [{ id: "a", note: `${LONG_TOKEN} and more text after it` }, { id: "b", [LONG_TOKEN]: "as a name" }];
    emulator = createEmulator({ tables: { things: { primaryKey: "id", items } }, credentials: [{ applicationKey: "app", authenticationToken: LONG_TOKEN }] });
    url = await emulator.start(0);
  });
  afterAll(() => emulator.stop());

  it.each([["table"], ["json"], ["ndjson"]])("--output %s shows no part of the token", async (output) => {
    const run = await runCli(["list", "--table", "things", "--output", output, "--token-file", "token", "--app-key", "app", "--base-url", url], { cwd: dir, columns: 160 });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("<redacted>");
    expect(run.stdout).not.toContain(LONG_TOKEN.slice(0, 12));
    expect(run.stderr).not.toContain(LONG_TOKEN.slice(0, 12));
  });

  it("the REPL's result table shows no part of it either", async () => {
    const input = ".table things\n.send on\nid = 'a'\n";
    const run = await runCli(["repl", "--base-url", url, "--token-file", "token", "--app-key", "app"], { cwd: dir, input });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("<redacted> and more");
    expect(run.stdout).not.toContain(LONG_TOKEN.slice(0, 12));
  });

  it.each([
    [{ note: `x${LONG_TOKEN}y` }, { note: "x<redacted>y" }],
    [{ [LONG_TOKEN]: 1 }, { "<redacted>": 1 }],
    [{ deep: [{ v: [LONG_TOKEN] }] }, { deep: [{ v: ["<redacted>"] }] }],
    [{ n: 1, s: "plain" }, { n: 1, s: "plain" }],
  ])("redactValue(%j) → %j", (value, masked) => {
    const r = new Redactor();
    r.add(LONG_TOKEN);
    expect(r.redactValue(value)).toEqual(masked);
  });

  it("redactValue copies an object with the members before and after a masked one, in order, and returns one without secrets as it is", () => {
    const r = new Redactor();
    r.add(LONG_TOKEN);
    const masked = r.redactValue({ a: 1, b: "plain", ["__proto__"]: 3, c: `${LONG_TOKEN}!`, d: [2] });
    expect(Object.keys(masked)).toEqual(["a", "b", "__proto__", "c", "d"]);
    expect(masked).toEqual(JSON.parse(`{"a":1,"b":"plain","__proto__":3,"c":"<redacted>!","d":[2]}`));
    const clean = JSON.parse('{"a":1,"b":"plain","d":[2,{"e":"f"}]}');
    expect(r.redactValue(clean)).toBe(clean);
  });
});

describe("item 3: serve accepts the configured credentials only", () => {
  it.each([
    [{ ITEMFILTER_APPLICATION_KEY: "my-app" }, "itemfilter: serve has an application key but no token to accept; give the token too (--token-file FILE or ITEMFILTER_AUTH_TOKEN), or neither for the demo credentials\n"],
    [{ ITEMFILTER_AUTH_TOKEN: "my-token-123" }, "itemfilter: serve has a token but no application key to accept; give the key too (--app-key or ITEMFILTER_APPLICATION_KEY), or neither for the demo credentials\n"],
  ])("%j is a start-up error (exit 2)", async (env, stderr) => {
    expect(await runCli(["serve", "--port", "0"], { env })).toEqual({ code: 2, stdout: "", stderr });
  });

  it("refuses the demo token once a key and token are configured", async () => {
    const serving = await startServe(["serve", "--port", "0"], { env: { ITEMFILTER_APPLICATION_KEY: "my-app", ITEMFILTER_AUTH_TOKEN: "my-token-123" } });
    const base = { ITEMFILTER_BASE_URL: serving.url };
    const demo = await runCli(["list", "--table", "users", "--limit", "1"], { env: { ...base, ITEMFILTER_APPLICATION_KEY: "demo-app", ITEMFILTER_AUTH_TOKEN: "demo-token" } });
    const demoToken = await runCli(["list", "--table", "users", "--limit", "1"], { env: { ...base, ITEMFILTER_APPLICATION_KEY: "my-app", ITEMFILTER_AUTH_TOKEN: "demo-token" } });
    const mine = await runCli(["list", "--table", "users", "--limit", "1", "--output", "ndjson"], { env: { ...base, ITEMFILTER_APPLICATION_KEY: "my-app", ITEMFILTER_AUTH_TOKEN: "my-token-123" } });
    const run = await serving.stop();
    expect(demo.code).toBe(3);
    expect(demoToken.code).toBe(3);
    expect(mine.code).toBe(0);
    expect(run.stderr).toContain("It accepts only the application key and token you configured.");
    expect(run.stderr).not.toContain("demo-token");
  });
});

describe("item 5: big tables, and errors nobody expected", () => {
  it("formats a table of 200,000 rows", () => {
    const items = Array.from({ length: 200_000 }, (_, i) => ({ id: i, name: `n${i}` }));
    const text = formatTable(items);
    const lines = text.split("\n");
    expect(lines.length).toBe(200_002);
    expect(lines[0]).toBe("    id  name");
    expect(lines.at(-1)).toBe("199999  n199999");
  });

  it.each([
    [new RangeError("Maximum call stack size exceeded"), "RangeError: Maximum call stack size exceeded"],
    [new TypeError("x is not a function"), "TypeError: x is not a function"],
    ["a thrown string", "a thrown string"],
  ])("%s exits 70 and says it is a bug, not a service error", (error, shown) => {
    const stderr = new Capture();
    const ctx = createContext({ stdout: new Capture(), stderr, env: {} });
    expect(reportError(ctx, error)).toBe(70);
    expect(stderr.text).toBe(`itemfilter: internal error (a bug in itemfilter; please report it with the command line): ${shown}\nSet ITEMFILTER_DEBUG=1 to print its stack.\n`);
  });

  it("counts a client error class by its code, even one added later", () => {
    const stderr = new Capture();
    const ctx = createContext({ stdout: new Capture(), stderr, env: {} });
    const error = Object.assign(new Error("listItems: something new"), { name: "SomethingNewError", code: "E_SOMETHING_NEW" });
    expect(reportError(ctx, error)).toBe(3);
    expect(stderr.text).toBe("itemfilter: E_SOMETHING_NEW: listItems: something new\n");
  });
});

describe("item 6: files that never end, and Ctrl-C during reads", () => {
  const fifo = join(dir, "fifo");
  const huge = join(dir, "huge.json");
  beforeAll(() => {
    const made = spawnSync("mkfifo", [fifo]);
    if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
    // Sparse: its size says 300 MiB without using the disk.
    writeFileSync(huge, "");
    truncateSync(huge, 300 * 1024 * 1024);
    writeFileSync(join(dir, "names-fifo.json"), JSON.stringify({ tables: { t: { primaryKey: "id", items: "fifo" } } }));
  });

  it.each([
    [["list", "--table", "t", "--data", "/dev/zero"], "itemfilter: cannot read the data file '/dev/zero': it is not a regular file (a device, FIFO or socket); give a file\n"],
    [["list", "--table", "t", "--data", "fifo"], "itemfilter: cannot read the data file 'fifo': it is not a regular file (a device, FIFO or socket); give a file\n"],
    [["serve", "--port", "0", "--data", "fifo"], "itemfilter: cannot read the data file 'fifo': it is not a regular file (a device, FIFO or socket); give a file\n"],
    [["list", "--table", "t", "--data", "names-fifo.json"], `itemfilter: cannot load the data file: E_FILE_READ: ${join(dir, "fifo")}: it is not a regular file (a device, FIFO or socket)\n`],
    [["list", "--table", "t", "--data", "huge.json"], "itemfilter: cannot read the data file 'huge.json': it is 300 MiB, more than the 256 MiB allowed\n"],
    [["list", "--table", "t", "--data", "."], "itemfilter: cannot read the data file '.': it is a directory\n"],
    [["compile", "--schema", "/dev/zero", "a = 1"], "itemfilter: cannot read the schema file '/dev/zero': it is not a regular file (a device, FIFO or socket); give a file\n"],
    [["list", "--table", "t", "--token-file", "/dev/zero", "--base-url", "http://127.0.0.1:9"], "itemfilter: cannot read the token file '/dev/zero': it is not a regular file (a device, FIFO or socket); give a file\n"],
    [["repl", "--data", "/dev/zero"], "itemfilter: cannot read the data file '/dev/zero': it is not a regular file (a device, FIFO or socket); give a file\n"],
  ])("%j is refused before reading (exit 2)", async (argv, stderr) => {
    const run = await runCli(argv, { cwd: dir });
    if (argv[0] === "repl") {
      // The REPL carries on without sending; the message is the same.
      expect(run.stdout).toContain(stderr.replace("itemfilter: ", "(sending is unavailable: ").replace(/\n$/, ")"));
      return;
    }
    expect(run).toEqual({ code: 2, stdout: "", stderr });
  });

  it("caps stdin", async () => {
    const run = await runCli(["compile", "--lines"], { input: "a = 1\n".repeat(3 * 1024 * 1024) });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("itemfilter: stdin holds more than the 16 MiB allowed for filters\n");
  });

  it.each([[["compile", "-"]], [["list", "--table", "users", "-"]]])("%j stops reading a stdin that never ends on Ctrl-C (exit 130)", async (argv) => {
    const stdin = new PassThrough();
    stdin.write("a = ");
    const controller = new AbortController();
    const stderr = new Capture();
    const running = createCli({ stdin, stdout: new Capture(), stderr, env: {}, signal: controller.signal }).run(argv);
    setTimeout(() => controller.abort(), 20);
    expect(await running).toBe(130);
    expect(stderr.text).toBe("itemfilter: interrupted\n");
  });
});

describe("item 7: '-' means stdin for every command that takes a filter", () => {
  it.each([
    [["list", "--table", "users", "--output", "ndjson", "-"], "age >= 66\n", '{"id":"u010","name":"Jun Park","age":66,"city":"Seoul","country":"KR","plan":"pro","score":0.3,"signedUp":"2023-03-21","email":"jun.park@example.com","tags":["beta","admin"]}\n'],
    [["list", "-", "--table", "users", "--dry-run"], "plan = 'pro'", '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"users","filter":[{"item":"plan","operator":"equals","value":"pro"}]}\n'],
    [["query", "--table", "orders", "--key", "u001", "--dry-run", "-"], "key beginsWith '2024-03'", '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"orders","filter":{"operator":"beginsWith","value":"2024-03"},"key":{"primary":"u001"}}\n'],
    [["compile", "-"], "a = 1", '[{"item":"a","operator":"equals","value":1}]\n'],
    [["query", "--table", "orders", "--key", "-", "--dry-run"], "", '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"orders","key":{"primary":"-"}}\n'],
  ])("%j with %j on stdin", async (argv, input, stdout) => {
    expect(await runCli(argv, { input })).toEqual({ code: 0, stdout, stderr: "" });
  });

  it("a filter rejected from stdin shows its caret diagnostics", async () => {
    const run = await runCli(["list", "--table", "users", "-"], { input: "AGE >= 3" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("E_UNKNOWN_ATTRIBUTE: unknown attribute 'AGE'; did you mean 'age'? (1:1)\n1 | AGE >= 3\n  | ^^^\n");
  });
});

describe("item 15: serve --host", () => {
  it("listens on the host given, and answers requests that name it", async () => {
    const serving = await startServe(["serve", "--port", "0", "--host", "localhost"]);
    const env = { ITEMFILTER_BASE_URL: serving.url, ITEMFILTER_APPLICATION_KEY: "demo-app", ITEMFILTER_AUTH_TOKEN: "demo-token" };
    const listed = await runCli(["list", "--table", "users", "--output", "ndjson", "age >= 64"], { env });
    const run = await serving.stop();
    expect(serving.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('"id":"u005"');
    expect(run.stderr).toContain("(listening on localhost)");
  });
});
