import { createEmulator, type Emulator } from "@itemfilter/emulator";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startServe } from "./runCli.js";

/** Issue 13: what a newcomer meets in the first hour, as they see it. */

type Item = Record<string, unknown>;
const demo = JSON.parse(readFileSync(new URL("../demo/demo.json", import.meta.url), "utf8")) as { tables: Record<string, { items: Item[] }> };
const users = demo.tables.users!.items;
const ndjson = (items: Item[]): string => items.map((i) => `${JSON.stringify(i)}\n`).join("");

describe("a wrong attribute name is not an empty result without a word", () => {
  it.each([
    [["list", "--table", "users", "AGE >= 3"], "E_UNKNOWN_ATTRIBUTE: unknown attribute 'AGE'; did you mean 'age'? (1:1)\n1 | AGE >= 3\n  | ^^^\n"],
    [["list", "--table", "users", "nmae beginsWith 'A'"], "E_UNKNOWN_ATTRIBUTE: unknown attribute 'nmae'; did you mean 'name'? (1:1)\n1 | nmae beginsWith 'A'\n  | ^^^^\n"],
    [["list", "--table", "users", "--dry-run", "AGE >= 3"], "E_UNKNOWN_ATTRIBUTE: unknown attribute 'AGE'; did you mean 'age'? (1:1)\n1 | AGE >= 3\n  | ^^^\n"],
  ])("%j is an error naming the nearest attribute of the demo table (exit 1)", async (argv, stderr) => {
    expect(await runCli(argv)).toEqual({ code: 1, stdout: "", stderr });
  });

  it("checks value types against the demo table too", async () => {
    const run = await runCli(["list", "--table", "users", "age = '36'"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^E_ATTRIBUTE_TYPE: 'age' is a number/);
  });

  it("--no-infer-schema sends it, and the empty result gets a warning on stderr", async () => {
    expect(await runCli(["list", "--table", "users", "--no-infer-schema", "AGE >= 3"])).toEqual({
      code: 0,
      stdout: "[]\n",
      stderr: "warning: the filter matched nothing, and:\nW_UNSEEN_ATTRIBUTE: no item seen has the attribute 'AGE'; did you mean 'age'? (1:1)\n1 | AGE >= 3\n  | ^^^\n",
    });
  });

  it("= on an attribute that holds arrays points to contains", async () => {
    // The schema inferred from the items marks tags as holding arrays, so '=' (which never matches one) is an error.
    expect(await runCli(["list", "--table", "users", 'tags = "beta"'])).toEqual({
      code: 1,
      stdout: "",
      stderr: "E_ATTRIBUTE_TYPE: 'tags' holds lists, and '=' never matches a list; did you mean 'tags contains \"beta\"'? (1:6)\n1 | tags = \"beta\"\n  |      ^\n",
    });
    expect(await runCli(["list", "--table", "users", "--no-infer-schema", 'tags = "beta"'])).toEqual({
      code: 0,
      stdout: "[]\n",
      stderr:
        "warning: the filter matched nothing, and:\nW_ARRAY_ATTRIBUTE: 'tags' holds arrays in the items seen, and '=' never matches an array; to test the elements, write 'tags contains \"beta\"' (1:6)\n1 | tags = \"beta\"\n  |      ^\n",
    });
    const contains = await runCli(["list", "--table", "users", "--output", "ndjson", 'tags contains "beta"']);
    expect(contains).toEqual({ code: 0, stdout: ndjson(users.filter((u) => Array.isArray(u.tags) && (u.tags as string[]).includes("beta"))), stderr: "" });
  });

  it("no warning when something matched, or the filter names the secondary key", async () => {
    expect((await runCli(["list", "--table", "users", "age > 1000"])).stderr).toBe("");
    expect((await runCli(["query", "--table", "orders", "--key", "u001", "key beginsWith '1999'"])).stderr).toBe("");
  });

  describe("on a service's table (no schema known)", () => {
    let emulator: Emulator;
    let env: Record<string, string>;
    beforeAll(async () => {
      emulator = createEmulator({ tables: { users: { primaryKey: "id", items: users } }, credentials: [{ applicationKey: "app", authenticationToken: "tok-first-hour" }] });
      env = { ITEMFILTER_BASE_URL: await emulator.start(0), ITEMFILTER_APPLICATION_KEY: "app", ITEMFILTER_AUTH_TOKEN: "tok-first-hour" };
    });
    afterAll(() => emulator.stop());

    it("warns on stderr, with the nearest name from the table's first page", async () => {
      expect(await runCli(["list", "--table", "users", "AGE >= 3"], { env })).toEqual({
        code: 0,
        stdout: "[]\n",
        stderr: "warning: the filter matched nothing, and:\nW_UNSEEN_ATTRIBUTE: no item seen has the attribute 'AGE'; did you mean 'age'? (1:1)\n1 | AGE >= 3\n  | ^^^\n",
      });
    });

    it("the REPL warns as it goes, from the items it has seen", async () => {
      const run = await runCli(["repl", "--table", "users"], { env, input: "AGE >= 3\nage >= 3\n" });
      expect(run.code).toBe(0);
      expect(run.stderr).toBe("warning: W_UNSEEN_ATTRIBUTE: no item seen has the attribute 'AGE'; did you mean 'age'? (1:1)\n1 | AGE >= 3\n  | ^^^\n");
    });
  });
});

describe("progress never lands in the data", () => {
  const argv = (output: string) => ["list", "--table", "users", "--output", output, "age >= 60"];
  const old = users.filter((u) => (u.age as number) >= 60);

  it.each([["json"], ["ndjson"]])("--output %s streaming to the terminal draws no progress", async (output) => {
    const run = await runCli(argv(output), { isTTY: { stdout: true, stderr: true } });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const expected = output === "ndjson" ? ndjson(old) : `[\n${old.map((u) => `  ${JSON.stringify(u, null, 2).replace(/\n/g, "\n  ")}`).join(",\n")}\n]\n`;
    expect(run.stdout).toBe(expected);
  });

  it("a table on the terminal gets progress, erased before the table is written", async () => {
    const run = await runCli(argv("table"), { isTTY: { stdout: true, stderr: true } });
    expect(run.stderr).toBe(`\r\u001b[K1 page, ${old.length} items…\r\u001b[K`);
    expect(run.stdout.startsWith("id ")).toBe(true);
  });

  it("data piped elsewhere keeps progress on the terminal's stderr", async () => {
    const run = await runCli(argv("ndjson"), { isTTY: { stdout: false, stderr: true } });
    expect(run.stdout).toBe(ndjson(old));
    expect(run.stderr).toBe(`\r\u001b[K1 page, ${old.length} items…\r\u001b[K`);
  });
});

describe("serve's Try line works as printed", () => {
  it.each([[[]], [["--data", "small.ndjson"]]])("serve %j", async (extra) => {
    const dir = mkdtempSync(join(tmpdir(), "itemfilter-try-"));
    writeFileSync(join(dir, "small.ndjson"), '{"id":1,"kind":"cat"}\n{"id":2,"kind":"dog"}\n');
    const serving = await startServe(["serve", "--port", "0", ...extra], { cwd: dir });
    const stopped = await serving.stop();
    const tryLine = /^Try: (.*)$/m.exec(stopped.stderr)?.[1];
    expect(tryLine).toBeDefined();
    expect(tryLine).not.toContain("…");
    // Run it against a server started the same way again (the first one is stopped).
    const again = await startServe(["serve", "--port", "0", ...extra], { cwd: dir });
    const words = tryLine!.replace(serving.url, again.url).split(" ");
    const env = Object.fromEntries(words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split("=") as [string, string]));
    const argv = words.filter((w) => !/^[A-Z_]+=/.test(w)).slice(1);
    const run = await runCli(argv, { env });
    await again.stop();
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).length).toBeGreaterThan(0);
    expect(argv).toContain(extra.length === 0 ? "users" : "small");
  });
});

describe("query without --key", () => {
  it("reads every partition, and --help says so", async () => {
    expect((await runCli(["query", "--help"], { columns: 200 })).stdout).toContain("without it every partition is read");
    const run = await runCli(["query", "--table", "orders", "--output", "ndjson", "key beginsWith '2024-03'"]);
    const customers = new Set(run.stdout.trim().split("\n").map((l) => (JSON.parse(l) as Item).customer));
    expect(customers.size).toBeGreaterThan(1);
  });
});
