import { createEmulator, type Emulator } from "@itemfilter/emulator";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startServe, type CliRun } from "./runCli.js";

const TOKEN = "tok-SECRET-9f8e7d6c5b4a";
const APP = "app-7";
const dir = mkdtempSync(join(tmpdir(), "itemfilter-secrets-"));
writeFileSync(join(dir, "token"), `${TOKEN}\n`);

let emulator: Emulator;
let url: string;
beforeAll(async () => {
  const items = [{ id: "a", note: "plain" }, { id: "b", note: `echo ${TOKEN}` }];
  emulator = createEmulator({ tables: { things: { primaryKey: "id", items } }, credentials: [{ applicationKey: APP, authenticationToken: TOKEN }] });
  url = await emulator.start(0);
});
afterAll(() => emulator.stop());

function expectNoToken(run: CliRun): void {
  expect(run.stdout).not.toContain(TOKEN);
  expect(run.stderr).not.toContain(TOKEN);
}

/** A fetch that answers every request with this status and body, which quote the token back. */
const echoing = (status: number) =>
  (async () => ({
    status,
    headers: { get: () => "application/json" },
    text: async () => JSON.stringify({ error: { code: status, message: `token ${TOKEN} is not valid` } }),
  })) as unknown as typeof globalThis.fetch;

const failing = (async () => {
  throw new Error(`socket hang up while sending ${TOKEN}`);
}) as unknown as typeof globalThis.fetch;

const viaEnv = () => ({ ITEMFILTER_BASE_URL: url, ITEMFILTER_APPLICATION_KEY: APP, ITEMFILTER_AUTH_TOKEN: TOKEN });

describe("the token never appears in any output", () => {
  it.each([
    ["list, token from the environment", ["list", "--table", "things", "--output", "ndjson"], 0],
    ["list, token from a file", ["list", "--table", "things", "--token-file", "token", "--app-key", APP, "--output", "table"], 0],
    ["--dry-run", ["list", "--table", "things", "--dry-run", "note contains 'x'"], 0],
    ["--curl", ["query", "--table", "things", "--key", "a", "--curl", "= 1"], 0],
    ["a service error", ["list", "--table", "missing"], 3],
    ["a filter error", ["list", "--table", "things", "note >"], 1],
  ])("%s", async (_name, argv, code) => {
    const fileArgs = argv.includes("--token-file");
    const env = fileArgs ? { ITEMFILTER_BASE_URL: url } : viaEnv();
    const run = await runCli(argv, { env, cwd: dir });
    expect(run.code).toBe(code);
    expectNoToken(run);
  });

  it("masks the token even inside the results", async () => {
    const run = await runCli(["list", "--table", "things", "--output", "ndjson"], { env: viaEnv() });
    expect(run.stdout).toBe('{"id":"a","note":"plain"}\n{"id":"b","note":"echo <redacted>"}\n');
  });

  it.each([
    ["an error body that quotes it", echoing(401), 3],
    ["a network error that quotes it", failing, 3],
  ])("%s", async (_name, fetch, code) => {
    const run = await runCli(["list", "--table", "things"], { env: viaEnv(), fetch });
    expect(run.code).toBe(code);
    expectNoToken(run);
  });

  it.each([[["list", "--table", "t", `--token=${TOKEN}`]], [["list", "--table", "t", "--token", TOKEN]], [["repl", "--auth-token", TOKEN]]])("refuses %j without echoing it", async (argv) => {
    const run = await runCli(argv);
    expect(run.code).toBe(2);
    expectNoToken(run);
  });

  it("leaves it out when the application key is missing", async () => {
    const run = await runCli(["list", "--table", "things"], { env: { ITEMFILTER_BASE_URL: url, ITEMFILTER_AUTH_TOKEN: TOKEN } });
    expect(run.code).toBe(2);
    expectNoToken(run);
  });

  it("leaves it out of serve's messages", async () => {
    const serving = await startServe(["serve", "--port", "0", "--token-file", "token", "--app-key", APP], { cwd: dir });
    const run = await serving.stop();
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(run.stderr).toContain("It accepts only the application key and token you configured.");
    expectNoToken(run);
  });

  it("leaves it out of the REPL, sending included", async () => {
    const input = [".table things", ".send on", "note beginsWith 'e'", ".explain", "bad >"].map((l) => `${l}\n`).join("");
    const run = await runCli(["repl"], { env: viaEnv(), input });
    expect(run.code).toBe(1); // "bad >" failed
    expect(run.stdout).toContain("E_SYNTAX");
    expect(run.stdout).toContain("echo <redacted>");
    expectNoToken(run);
  });
});
