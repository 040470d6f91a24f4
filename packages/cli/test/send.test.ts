import { createEmulator, type Emulator } from "@itemfilter/emulator";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnostics } from "./diagnostics.js";
import { runCli, startServe } from "./runCli.js";

type Item = Record<string, unknown>;
const demo = JSON.parse(readFileSync(new URL("../demo/demo.json", import.meta.url), "utf8")) as { tables: Record<string, { items: Item[] }> };
const users = demo.tables.users!.items;
const orders = demo.tables.orders!.items;
const ndjson = (items: Item[]): string => items.map((i) => `${JSON.stringify(i)}\n`).join("");

const dir = mkdtempSync(join(tmpdir(), "itemfilter-send-"));
const small = {
  tables: {
    pets: { primaryKey: "id", items: [{ id: 1, kind: "cat", legs: 4 }, { id: 2, kind: "bird", legs: 2 }, { id: 3, kind: "snake", note: "a\u001b[31mred" }] },
  },
};
writeFileSync(join(dir, "small.json"), JSON.stringify(small));
writeFileSync(join(dir, "pets.ndjson"), small.tables.pets.items.map((i) => JSON.stringify(i)).join("\n"));
writeFileSync(join(dir, "nokey.ndjson"), '{"name":"x"}\n');
writeFileSync(join(dir, "readings.schema.json"), JSON.stringify({ attributes: { ts: { type: "string" } }, allowUnknown: true }));
writeFileSync(join(dir, "events.json"), JSON.stringify({ tables: { events: { primaryKey: "device", secondaryKey: "ts", items: [{ device: "d1", ts: 5 }, { device: "d1", ts: 12 }] } } }));
writeFileSync(join(dir, "broken.json"), '{"tables": {"t": {"primaryKey": "id", "items": [{"name": "no id"}]}}}');

describe("list and query against the embedded demo data", () => {
  it.each([
    [["list", "--table", "users", "--output", "ndjson", "age >= 30"], ndjson(users.filter((u) => (u.age as number) >= 30))],
    [["list", "--table", "users", "--output", "ndjson"], ndjson(users)],
    [["list", "--table", "users", "--output", "ndjson", "plan = 'team' and country in ('NO', 'ES', 'JP')"], ndjson(users.filter((u) => u.plan === "team" && ["NO", "ES", "JP"].includes(u.country as string)))],
    [["list", "--table", "users", "--output", "ndjson", "email is null"], ndjson(users.filter((u) => u.email === undefined))],
    [["list", "--table", "users", "--output", "ndjson", "--limit", "3"], ndjson(users.slice(0, 3))],
    [
      ["query", "--table", "orders", "--key", "u001", "--output", "ndjson", "orderedAt beginsWith '2024-0'"],
      ndjson(orders.filter((o) => o.customer === "u001").sort((a, b) => String(a.orderedAt).localeCompare(String(b.orderedAt)))),
    ],
    [
      ["query", "--table", "orders", "--key", "u001", "--output", "ndjson", "key between '2024-03' and '2024-06'"],
      ndjson(orders.filter((o) => o.customer === "u001" && String(o.orderedAt) >= "2024-03" && String(o.orderedAt) <= "2024-06").sort((a, b) => String(a.orderedAt).localeCompare(String(b.orderedAt)))),
    ],
  ])("%j", async (argv, stdout) => {
    expect(await runCli(argv)).toEqual({ code: 0, stdout, stderr: argv.includes("--limit") ? "Stopped after 3 items (--limit or --max-pages); more may follow.\n" : "" });
  });

  it("prints a JSON array by default when stdout is not a terminal", async () => {
    const run = await runCli(["list", "--table", "users", "age >= 60"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(users.filter((u) => (u.age as number) >= 60));
  });

  it("prints an empty array for no matches", async () => {
    expect(await runCli(["list", "--table", "users", "age > 1000"])).toEqual({ code: 0, stdout: "[]\n", stderr: "" });
  });
});

describe("output formats", () => {
  it.each([
    ["json", '[\n{"id":1,"kind":"cat","legs":4},\n{"id":2,"kind":"bird","legs":2},\n{"id":3,"kind":"snake","note":"a\\u001b[31mred"}\n]\n'],
    ["ndjson", '{"id":1,"kind":"cat","legs":4}\n{"id":2,"kind":"bird","legs":2}\n{"id":3,"kind":"snake","note":"a\\u001b[31mred"}\n'],
    ["table", "id  kind   legs  note\n--  -----  ----  --------------\n 1  cat       4\n 2  bird      2\n 3  snake        a\\u001b[31mred\n"],
  ])("--output %s", async (output, stdout) => {
    expect(await runCli(["list", "--table", "pets", "--data", "small.json", "--output", output], { cwd: dir })).toEqual({ code: 0, stdout, stderr: "" });
  });

  it("--output table escapes attribute names as it escapes values (issue 33 §2)", async () => {
    writeFileSync(join(dir, "names.ndjson"), `${JSON.stringify({ id: 1, "\u001b]0;owned\u0007\u001b[2J": "\u202ex" })}\n`);
    const run = await runCli(["list", "--table", "names", "--data", "names.ndjson", "--output", "table"], { cwd: dir });
    expect(run).toEqual({ code: 0, stdout: `id  \\u001b]0;owned\\u0007\\u001b[2J\n--  ${"-".repeat(29)}\n 1  \\u202ex\n`, stderr: "" });
  });

  it("reads an NDJSON data file as one table named after it", async () => {
    expect((await runCli(["list", "--table", "pets", "--data", "pets.ndjson", "--output", "ndjson", "legs < 4"], { cwd: dir })).stdout).toBe('{"id":2,"kind":"bird","legs":2}\n');
  });

  it("shows progress on stderr only on a terminal, and erases it", async () => {
    const run = await runCli(["list", "--table", "pets", "--data", "small.json", "--output", "ndjson"], { cwd: dir, isTTY: { stderr: true } });
    expect(run.stderr).toBe("\r\u001b[K1 page, 3 items…\r\u001b[K");
  });
});

describe("--max-pages", () => {
  let emulator: Emulator;
  let url: string;
  beforeAll(async () => {
    emulator = createEmulator({ tables: small.tables, credentials: [{ applicationKey: "app", authenticationToken: "tok-123456" }], pageSize: 1 });
    url = await emulator.start(0);
  });
  afterAll(() => emulator.stop());

  it("stops after that many pages and says more may follow", async () => {
    const env = { ITEMFILTER_BASE_URL: url, ITEMFILTER_APPLICATION_KEY: "app", ITEMFILTER_AUTH_TOKEN: "tok-123456" };
    expect(await runCli(["list", "--table", "pets", "--max-pages", "2", "--output", "ndjson"], { env })).toEqual({
      code: 0,
      stdout: '{"id":1,"kind":"cat","legs":4}\n{"id":2,"kind":"bird","legs":2}\n',
      stderr: "Stopped after 2 items (--limit or --max-pages); more may follow.\n",
    });
    expect((await runCli(["list", "--table", "pets", "--output", "ndjson"], { env })).stdout.split("\n").length).toBe(4);
  });
});

describe("--dry-run and --curl send nothing", () => {
  it.each([
    [["list", "--table", "users", "--dry-run", "age >= 30"], '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"users","filter":[{"item":"age","operator":"greaterEqual","value":30}]}\n', ""],
    [["list", "--table", "users", "--dry-run"], '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"users"}\n', ""],
    [
      ["query", "--table", "readings", "--key", "cellar", "--dry-run", "ts between 1717200000 and 1717203600"],
      '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"readings","filter":{"operator":"between","value":[1717200000,1717203600]},"key":{"primary":"cellar"}}\n',
      "",
    ],
    [
      ["query", "--table", "t", "--key", "42", "--dry-run", "= 1"],
      '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"t","filter":{"operator":"equals","value":1},"key":{"primary":42}}\n',
      "",
    ],
    [
      ["list", "--table", "users", "--curl", "age >= 30"],
      `curl -X POST 'http://127.0.0.1:8787/listItems' -H 'Content-Type: application/json; charset=UTF-8' -H 'Accept: application/json' --data-raw '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"users","filter":[{"item":"age","operator":"greaterEqual","value":30}]}'\n`,
      "# No --base-url: this targets 'itemfilter serve' on http://127.0.0.1:8787.\n",
    ],
  ])("%j", async (argv, stdout, stderr) => {
    expect(await runCli(argv)).toEqual({ code: 0, stdout, stderr });
  });
});

describe("failures and their exit codes", () => {
  it.each([
    [["list", "--table", "users", "age >"], 1, diagnostics("age >", "list")],
    [["query", "--table", "orders", "--key", "u001", "status = 'x'"], 1, diagnostics("status = 'x'", "query", "orderedAt")],
    [["list", "--table", "nope", "a = 1"], 3, 'itemfilter: E_SERVICE: listItems: the service refused the request (HTTP 404): there is no table "nope"\n'],
    [["list", "--table", "users", "--limit", "abc"], 2, "itemfilter: --limit must be a whole number of at least 1\n"],
    [["list", "--table", "users", "--max-pages", "0"], 2, "itemfilter: --max-pages must be a whole number of at least 1\n"],
    [["list", "--table", "t", "--data", "missing.json"], 2, "itemfilter: cannot read the data file 'missing.json': no such file\n"],
    [["list", "--table", "t", "--data", "broken.json"], 2, "itemfilter: cannot load the data file: E_"],
    [["list", "--table", "t", "--data", "nokey.ndjson"], 2, `itemfilter: every item in the NDJSON file 'nokey.ndjson' needs an "id" (its primary key); for other keys, name the file from a JSON tables file\n`],
    [["list", "--table", "users", "--base-url", "http://127.0.0.1:9"], 2, "itemfilter: http://127.0.0.1:9 needs an application key (--app-key or ITEMFILTER_APPLICATION_KEY) and a token (--token-file FILE or ITEMFILTER_AUTH_TOKEN); leave out --base-url to use the embedded emulator\n"],
    [["list", "--table", "users", "--base-url", "ftp://example.com"], 2, "itemfilter: the base URL 'ftp://example.com' must start with http:// or https://\n"],
    [["list"], 2, "itemfilter: Missing required argument: table\n"],
  ])("%j exits %i", async (argv, code, stderr) => {
    const run = await runCli(argv, { cwd: dir });
    expect(run.code).toBe(code);
    expect(run.stdout).toBe("");
    expect(run.stderr.startsWith(stderr)).toBe(true);
  });

  // DynamoDB refuses these key queries; an empty answer with exit 0 would read as "nothing matches".
  it.each([
    [["query", "--table", "readings", "--key", "greenhouse-1", 'key beginsWith "1"'], 'key beginsWith "1"', "'beginsWith' tests text, but 'ts' is a number"],
    [["query", "--table", "readings", "--key", "greenhouse-1", '= "1717200000"'], '= "1717200000"', "'ts' is a number, but this value is a string"],
    [["query", "--table", "orders", "--key", "u001", "key < 5"], "key < 5", "'orderedAt' is a string, but this value is a number; quote it: \"5\""],
    [["query", "--table", "orders", "--key", "u001", 'key beginsWith ""'], 'key beginsWith ""', 'every key begins with ""'],
    [["query", "--table", "events", "--data", "events.json", "--key", "d1", 'key beginsWith "1"'], 'key beginsWith "1"', "'beginsWith' tests text, but 'ts' is a number"],
    [["query", "--table", "readings", "--key", "greenhouse-1", "--schema", "readings.schema.json", "--secondary-key", "ts", "key < 5"], "key < 5", "'ts' is a string, but this value is a number; quote it: \"5\""],
  ])("%j is refused before anything is sent, knowing the key's type from the items", async (argv, source, message) => {
    const run = await runCli(argv, { cwd: dir });
    expect(run).toMatchObject({ code: 1, stdout: "" });
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain(source);
  });

  it("sends a key query of the key's type as before", async () => {
    const run = await runCli(["query", "--table", "events", "--data", "events.json", "--key", "d1", "--output", "ndjson", ">= 10"], { cwd: dir });
    expect(run).toEqual({ code: 0, stdout: '{"device":"d1","ts":12}\n', stderr: "" });
  });

  it("exits 3 when the service cannot be reached", async () => {
    const fetch = async (): Promise<never> => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
    };
    const env = { ITEMFILTER_APPLICATION_KEY: "app", ITEMFILTER_AUTH_TOKEN: "tok-123456" };
    const run = await runCli(["list", "--table", "users", "--base-url", "http://127.0.0.1:9"], { env, fetch: fetch as unknown as typeof globalThis.fetch });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^itemfilter: E_NETWORK: listItems: network error: /);
  });
});

describe("serve", () => {
  it("serves the demo data with the demo credentials until stopped", async () => {
    const serving = await startServe(["serve", "--port", "0"]);
    const env = { ITEMFILTER_BASE_URL: serving.url, ITEMFILTER_APPLICATION_KEY: "demo-app", ITEMFILTER_AUTH_TOKEN: "demo-token" };
    const listed = await runCli(["list", "--table", "users", "--output", "ndjson", "age >= 60"], { env });
    const refused = await runCli(["list", "--table", "users"], { env: { ...env, ITEMFILTER_AUTH_TOKEN: "wrong-token" } });
    const run = await serving.stop();
    expect(listed).toEqual({ code: 0, stdout: ndjson(users.filter((u) => (u.age as number) >= 60)), stderr: "" });
    expect(refused.code).toBe(3);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${serving.url}\n`);
    expect(run.stderr).toContain("Serving users (30 items), orders (40 items, secondary key orderedAt), readings (36 items, secondary key ts), products (12 items) on ");
    expect(run.stderr).toContain('It accepts only the demo credentials: applicationKey "demo-app" with authenticationToken "demo-token"');
  });

  it("exits 3 when the port is taken", async () => {
    const first = await startServe(["serve", "--port", "0"]);
    const port = new URL(first.url).port;
    const second = await runCli(["serve", "--port", port]);
    await first.stop();
    expect(second).toEqual({ code: 3, stdout: "", stderr: `itemfilter: the emulator could not start: port ${port} is in use; pick another with --port, or --port 0 for any free one\n` });
  });

  it("exits 2 for a port out of range", async () => {
    expect((await runCli(["serve", "--port", "70000"])).stderr).toBe("itemfilter: --port must be a whole number from 0 to 65535\n");
  });
});
