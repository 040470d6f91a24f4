import { evaluate, formatDiagnostics, isFilterError, plan, type Plan } from "@itemfilter/core";
import { createEmulator, type Emulator } from "@itemfilter/emulator";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES } from "../src/commands/examples.js";
import { planNote } from "../src/send/describePlan.js";
import { runCli } from "./runCli.js";

type Item = Record<string, unknown>;
const demo = JSON.parse(readFileSync(new URL("../demo/demo.json", import.meta.url), "utf8")) as { tables: Record<string, { items: Item[] }> };
const users = demo.tables.users!.items;
const orders = demo.tables.orders!.items;
const readings = demo.tables.readings!.items;
const ndjson = (items: readonly Item[]): string => items.map((i) => `${JSON.stringify(i)}\n`).join("");
/** NDJSON lines as items, for comparing results whose order is the plan's. */
const parsed = (text: string): Item[] => text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Item);
const by = (name: string) => (a: Item, b: Item) => String(a[name]).localeCompare(String(b[name]));

const dir = mkdtempSync(join(tmpdir(), "itemfilter-find-"));
const small = { tables: { pets: { primaryKey: "id", items: [{ id: 1, kind: "cat", legs: 4 }, { id: 2, kind: "bird", legs: 2 }, { id: 3, kind: "snake", legs: 0 }] } } };
writeFileSync(join(dir, "small.json"), JSON.stringify(small));
writeFileSync(join(dir, "schema.json"), JSON.stringify({ attributes: { age: { type: "number", aliases: ["years"] }, plan: { type: "string" } } }));

/** The caret diagnostics core's plan gives for a filter, as the CLI must print them. */
function planDiagnostics(source: string, options: Parameters<typeof plan>[1]): string {
  try {
    plan(source, options);
  } catch (error) {
    if (isFilterError(error)) return `${formatDiagnostics(source, error)}\n`;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(source)} to be rejected`);
}

describe("find --explain prints the plan and sends nothing", () => {
  it.each([
    [
      "an 'or' across attributes: one full scan each",
      ["--table", "users", 'age < 30 or plan = "pro"'],
      [
        "2 requests (2 full scans), results united without duplicates; all exact on the server",
        "1. listItems: full scan",
        '   server: [{"item":"age","operator":"lessThan","value":30}]',
        "   local:  nothing",
        "2. listItems: full scan",
        '   server: [{"item":"plan","operator":"equals","value":"pro"}]',
        "   local:  nothing",
      ],
    ],
    [
      "a 'not (…)' with a residual",
      ["--table", "users", 'not (plan = "free" or age >= 40)'],
      [
        "1 request (full scan); its items are checked locally",
        "1. listItems: full scan",
        '   server: [{"item":"plan","operator":"notEquals","value":"free"}]',
        "   local:  not age >= 40",
      ],
    ],
    [
      "an equality on the primary key with a condition on the secondary key: one partition",
      ["--table", "readings", 'sensor = "cellar" and ts > 1717210000'],
      [
        "1 request (partition query); exact on the server",
        '1. queryItems: one partition (sensor = "cellar")',
        '   server: key {"primary":"cellar"}, filter {"operator":"greaterThan","value":1717210000}',
        "   local:  nothing",
      ],
    ],
    [
      "a partition query whose other conditions are checked locally",
      ["--table", "orders", 'customer = "u001" and orderedAt beginsWith "2024-0" and status != "cancelled"'],
      [
        "1 request (partition query); its items are checked locally",
        '1. queryItems: one partition (customer = "u001")',
        '   server: key {"primary":"u001"}, filter {"operator":"beginsWith","value":"2024-0"}',
        '   local:  status != "cancelled"',
      ],
    ],
    [
      "a service's table without keys: listItems only, and it says so",
      ["--table", "people", "--base-url", "https://service.example.com", 'id = "u42" and ts > 5'],
      [
        "1 request (full scan); exact on the server",
        "1. listItems: full scan",
        '   server: [{"item":"id","operator":"equals","value":"u42"},{"item":"ts","operator":"greaterThan","value":5}]',
        "   local:  nothing",
        "(the keys of 'people' are not known, so every request is listItems; --primary-key and --secondary-key let a plan read one partition)",
      ],
    ],
    [
      "a service's table with --primary-key and --secondary-key (no credentials needed)",
      ["--table", "people", "--base-url", "https://service.example.com", "--primary-key", "id", "--secondary-key", "ts", 'id = "u42" and ts > 5'],
      [
        "1 request (partition query); exact on the server",
        '1. queryItems: one partition (id = "u42")',
        '   server: key {"primary":"u42"}, filter {"operator":"greaterThan","value":5}',
        "   local:  nothing",
      ],
    ],
  ])("%s", async (_name, argv, lines) => {
    expect(await runCli(["find", "--explain", ...argv])).toEqual({ code: 0, stdout: `${lines.join("\n")}\n`, stderr: "" });
  });

  it("plans with a --schema file: aliases become the stored names", async () => {
    const filter = 'years < 20 or not (plan = "free" or years >= 40)';
    const run = await runCli(["find", "--table", "users", "--schema", "schema.json", "--explain", "--json", filter], { cwd: dir });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(plan('age < 20 or not (plan = "free" or age >= 40)', { keys: { primary: "id" } }));
    const found = await runCli(["find", "--table", "users", "--schema", "schema.json", "--output", "ndjson", filter], { cwd: dir });
    expect(parsed(found.stdout).sort(by("id"))).toEqual(users.filter((u) => (u.age as number) < 20 || (u.plan !== "free" && !((u.age as number) >= 40))).sort(by("id")));
  });

  it("--primary-key of the table's own keeps its secondary key: no item is lost to the union (issue 17)", async () => {
    const filter = 'status = "shipped" or total > 0';
    const expected = orders.filter((o) => evaluate(filter, o));
    expect(expected).toHaveLength(40);
    const run = await runCli(["find", "--table", "orders", "--primary-key", "customer", "--output", "ndjson", filter]);
    expect(run.code).toBe(0);
    expect(parsed(run.stdout).map((o) => JSON.stringify(o)).sort()).toEqual(expected.map((o) => JSON.stringify(o)).sort());
  });

  it("prints the plan as JSON with --json", async () => {
    const run = await runCli(["find", "--table", "orders", "--explain", "--json", 'customer = "u001" and orderedAt beginsWith "2024-0" and status != "cancelled"']);
    expect(run).toEqual({
      code: 0,
      stdout:
        '{"filter":"customer = \\"u001\\" and orderedAt beginsWith \\"2024-0\\" and status != \\"cancelled\\"","requests":[{"operation":"queryItems","key":{"primary":"u001"},"filter":{"operator":"beginsWith","value":"2024-0"},"residual":"status != \\"cancelled\\""}],"combine":"union"}\n',
      stderr: "",
    });
    const keys = { primary: "customer", secondary: "orderedAt" };
    expect(JSON.parse(run.stdout)).toEqual(plan('customer = "u001" and orderedAt beginsWith "2024-0" and status != "cancelled"', { keys }));
  });

  it("keeps the JSON pure when the keys are unknown: the note goes to stderr", async () => {
    expect(await runCli(["find", "--table", "people", "--base-url", "https://service.example.com", "--explain", "--json", "age > 90"])).toEqual({
      code: 0,
      stdout: '{"filter":"age > 90","requests":[{"operation":"listItems","filter":[{"item":"age","operator":"greaterThan","value":90}],"residual":null}],"combine":"union"}\n',
      stderr: "(the keys of 'people' are not known, so every request is listItems; --primary-key and --secondary-key let a plan read one partition)\n",
    });
  });
});

describe("find runs the plan", () => {
  // What list can express, find returns as list does: the same items in the same order.
  it.each([["age >= 30"], ["plan = 'team' and country in ('NO', 'ES', 'JP')"], ["email is null"], ['not (city = "Oslo")'], ["tags contains 'beta'"], [""]])("%j gives what list gives", async (filter) => {
    const listed = await runCli(["list", "--table", "users", "--output", "ndjson", filter]);
    expect(listed.code).toBe(0);
    expect(await runCli(["find", "--table", "users", "--output", "ndjson", filter])).toEqual({ code: 0, stdout: listed.stdout, stderr: "" });
  });

  // Any filter selects exactly the items core's evaluate accepts, each once.
  it.each([
    ["users", 'age < 30 or plan = "pro"', "id"],
    ["users", 'not (plan = "free" or age >= 40)', "id"],
    ["users", 'city = "Oslo" or tags contains "admin" or score > 4', "id"],
    ["users", 'not (name contains "a" and age > 30)', "id"],
    ["users", 'age < 40 or (country = "NO" and not email is null)', "id"],
    ["orders", 'customer = "u001" and orderedAt beginsWith "2024-0" or status = "cancelled"', "orderId"],
    ["orders", 'customer in ("u001", "u002") and orderedAt beginsWith "2024"', "orderId"],
    ["readings", 'sensor = "cellar" and ts > 1717210000 or temperature > 25', "ts"],
  ])("%s: %s selects what evaluate selects", async (table, filter, id) => {
    const run = await runCli(["find", "--table", table, "--output", "ndjson", filter]);
    expect(run.code).toBe(0);
    const expected = demo.tables[table]!.items.filter((item) => evaluate(filter, item));
    expect(expected.length).toBeGreaterThan(0);
    const found = parsed(run.stdout);
    expect(found.length).toBe(expected.length);
    const order = table === "readings" ? (a: Item, b: Item) => by("sensor")(a, b) || (a.ts as number) - (b.ts as number) : by(id);
    expect([...found].sort(order)).toEqual([...expected].sort(order));
  });

  it("writes the items as a JSON array by default off a terminal", async () => {
    const run = await runCli(["find", "--table", "readings", 'sensor = "cellar" and ts > 1717230000']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(readings.filter((r) => r.sensor === "cellar" && (r.ts as number) > 1717230000));
  });
});

describe("the note on stderr", () => {
  it.each([
    ['age < 30 or plan = "pro"', "note: 2 requests (2 full scans); see --explain\n"],
    ['not (plan = "free" or age >= 40)', "note: 1 request (full scan), its items checked locally; see --explain\n"],
    ['age < 20 or not (plan = "free" or age >= 40)', "note: 2 requests (2 full scans), 1 with a local check; see --explain\n"],
    ["age >= 30", ""],
  ])("users: %s", async (filter, stderr) => {
    const run = await runCli(["find", "--table", "users", "--output", "ndjson", filter]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(stderr);
    expect(run.stdout).not.toContain("note:");
  });

  it("names partition queries and full scans", async () => {
    const run = await runCli(["find", "--table", "orders", "--output", "ndjson", 'customer in ("u001", "u002") and orderedAt beginsWith "2024" or status = "cancelled"']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("note: 3 requests (2 partition queries, 1 full scan); see --explain\n");
  });

  it.each([
    [{ filter: "", requests: [], combine: "union" } as Plan, "note: the filter can match no item, so nothing is sent; see --explain"],
    [plan("a = 1"), undefined],
    [plan('id = "x" and ts > 1', { keys: { primary: "id", secondary: "ts" } }), undefined],
  ])("planNote(%j)", (p, note) => {
    expect(planNote(p)).toBe(note);
  });
});

describe("--limit, --max-pages and progress", () => {
  it("stops after --limit matching items, in plan order, and says more match", async () => {
    const first = users.filter((u) => (u.age as number) < 30).slice(0, 3);
    expect(await runCli(["find", "--table", "users", "--limit", "3", "--output", "ndjson", 'age < 30 or plan = "pro"'])).toEqual({
      code: 0,
      stdout: ndjson(first),
      stderr: "note: 2 requests (2 full scans); see --explain\nStopped after 3 items (--limit); more items match.\n",
    });
  });

  it("says nothing about more when exactly --limit items match, or fewer (issue 17)", async () => {
    const norway = users.filter((u) => u.country === "NO");
    expect(norway).toHaveLength(3);
    for (const limit of ["3", "4"]) {
      expect(await runCli(["find", "--table", "users", "--limit", limit, "--output", "ndjson", 'country = "NO"'])).toEqual({ code: 0, stdout: ndjson(norway), stderr: "" });
    }
    expect(await runCli(["find", "--table", "users", "--limit", "2", "--output", "ndjson", 'country = "NO"'])).toEqual({
      code: 0,
      stdout: ndjson(norway.slice(0, 2)),
      stderr: "Stopped after 2 items (--limit); more items match.\n",
    });
  });

  it("shows progress on stderr only, on a terminal, and erases it", async () => {
    const plainRun = await runCli(["find", "--table", "pets", "--data", "small.json", "--output", "ndjson", "legs > 1"], { cwd: dir });
    const tty = await runCli(["find", "--table", "pets", "--data", "small.json", "--output", "ndjson", "legs > 1"], { cwd: dir, isTTY: { stderr: true } });
    expect(plainRun).toEqual({ code: 0, stdout: '{"id":1,"kind":"cat","legs":4}\n{"id":2,"kind":"bird","legs":2}\n', stderr: "" });
    expect(tty).toEqual({ code: 0, stdout: plainRun.stdout, stderr: "\r\u001b[K1 page, 2 items…\r\u001b[K" });
  });

  it("counts the pages of every request, after the note", async () => {
    const run = await runCli(["find", "--table", "pets", "--data", "small.json", "--output", "ndjson", 'kind = "cat" or legs = 0'], { cwd: dir, isTTY: { stderr: true } });
    expect(run.stdout).toBe('{"id":1,"kind":"cat","legs":4}\n{"id":3,"kind":"snake","legs":0}\n');
    expect(run.stderr).toBe("note: 2 requests (2 full scans); see --explain\n\r\u001b[K1 page, 1 item…\r\u001b[K2 pages, 2 items…\r\u001b[K");
  });

  describe("against a service with one item per page", () => {
    let emulator: Emulator;
    let env: Record<string, string>;
    const token = "tok-find-123456";
    beforeAll(async () => {
      const tables = { pets: { primaryKey: "id", items: [...small.tables.pets.items, { id: 4, kind: "cat", legs: 3, note: `saw ${token}` }] } };
      emulator = createEmulator({ tables, credentials: [{ applicationKey: "app", authenticationToken: token }], pageSize: 1 });
      env = { ITEMFILTER_BASE_URL: await emulator.start(0), ITEMFILTER_APPLICATION_KEY: "app", ITEMFILTER_AUTH_TOKEN: token };
    });
    afterAll(() => emulator.stop());

    it("stops after --max-pages pages over all requests and says more may follow", async () => {
      const run = await runCli(["find", "--table", "pets", "--primary-key", "id", "--max-pages", "2", "--output", "ndjson", "legs >= 2"], { env });
      expect(run).toEqual({ code: 0, stdout: '{"id":1,"kind":"cat","legs":4}\n{"id":2,"kind":"bird","legs":2}\n', stderr: "Stopped after 2 items (--limit or --max-pages); more may follow.\n" });
    });

    it("follows every page by default, and masks the token in the items", async () => {
      const run = await runCli(["find", "--table", "pets", "--primary-key", "id", "--output", "ndjson", 'kind = "cat" or legs = 2'], { env });
      expect(run).toEqual({
        code: 0,
        stdout: '{"id":1,"kind":"cat","legs":4}\n{"id":4,"kind":"cat","legs":3,"note":"saw <redacted>"}\n{"id":2,"kind":"bird","legs":2}\n',
        stderr: "note: 2 requests (2 full scans); see --explain\n",
      });
    });

    it("warns about a name no item has when nothing matched", async () => {
      expect(await runCli(["find", "--table", "pets", "--output", "ndjson", "LEGS > 1 or kind = 'x'"], { env })).toEqual({
        code: 0,
        stdout: "",
        stderr:
          "note: 2 requests (2 full scans); see --explain\nwarning: the filter matched nothing, and:\nW_UNSEEN_ATTRIBUTE: no item seen has the attribute 'LEGS'; did you mean 'legs'? (1:1)\n1 | LEGS > 1 or kind = 'x'\n  | ^^^^\n",
      });
    });
  });
});

const ORDERS_SECONDARY = (name: string): string =>
  `itemfilter: --secondary-key '${name}' is not this table's secondary key (its keys are 'customer' and 'orderedAt'); leave the key options out to use the table's own\n`;

describe("failures and their exit codes", () => {
  it.each([
    [["find", "--table", "users", "age >"], 1, planDiagnostics("age >", {})],
    [["find", "--table", "users", "AGE < 3 or plan = 'pro'"], 1, "E_UNKNOWN_ATTRIBUTE: unknown attribute 'AGE'; did you mean 'age'? (1:1)\n"],
    [["find", "--table", "users", "--max-requests", "1", 'age < 30 or plan = "pro"'], 1, planDiagnostics('age < 30 or plan = "pro"', { maxRequests: 1 })],
    [["find", "--table", "users", "--explain", "--max-requests", "1", 'age < 30 or plan = "pro"'], 1, planDiagnostics('age < 30 or plan = "pro"', { maxRequests: 1 })],
    [["find", "--table", "users", "--json", "age > 1"], 2, "itemfilter: --json prints the plan as JSON and goes with --explain; for the items as JSON, use --output json\n"],
    [["find", "--table", "people", "--base-url", "https://service.example.com", "--explain", "--secondary-key", "ts", "a = 1"], 2, "itemfilter: --secondary-key needs --primary-key: a plan narrows one partition, which it reads by the primary key\n"],
    [["find", "--table", "people", "--primary-key", "id", "--secondary-key", "id", "a = 1"], 2, "itemfilter: --primary-key and --secondary-key must name different attributes, not both 'id'\n"],
    [["find", "--table", "orders", "--explain", "--secondary-key", "customer", "a = 1"], 2, ORDERS_SECONDARY("customer")],
    // Issue 17: key names that are not the table's are refused where the table is known, never planned with.
    [["find", "--table", "orders", "--secondary-key", "total", 'customer = "u001" and total > 50'], 2, ORDERS_SECONDARY("total")],
    [["find", "--table", "orders", "--primary-key", "status", 'status = "shipped" or total > 0'], 2, "itemfilter: --primary-key 'status' is not this table's primary key (its keys are 'customer' and 'orderedAt'); leave the key options out to use the table's own\n"],
    [["find", "--table", "users", "--secondary-key", "age", "age > 1"], 2, "itemfilter: --secondary-key 'age' is not this table's secondary key (its key is 'id', and it has no secondary key); leave the key options out to use the table's own\n"],
    [["find", "--table", "users", "--max-requests", "101", "a = 1"], 2, "itemfilter: --max-requests must be a whole number from 1 to 100\n"],
    [["find", "--table", "users", "--limit", "0", "a = 1"], 2, "itemfilter: --limit must be a whole number of at least 1\n"],
    [["find", "a = 1"], 2, "itemfilter: Missing required argument: table\n"],
    [["find", "--table", "nope", "a = 1"], 3, 'itemfilter: E_SERVICE: listItems: the service refused the request (HTTP 404): there is no table "nope"\n'],
    [["find", "--table", "users", "--base-url", "http://127.0.0.1:9", "a = 1"], 2, "itemfilter: http://127.0.0.1:9 needs an application key"],
  ])("%j exits %i", async (argv, code, stderr) => {
    const run = await runCli(argv, { cwd: dir });
    expect(run.code).toBe(code);
    expect(run.stdout).toBe("");
    expect(run.stderr.startsWith(stderr)).toBe(true);
  });

  it("exits 130 when interrupted while the requests run", async () => {
    const controller = new AbortController();
    let started = 0;
    // A service that never answers: each request waits until it is aborted.
    const fetch = (_url: string, init: { signal: AbortSignal }): Promise<never> =>
      new Promise((_resolve, reject) => {
        started++;
        if (started === 2) controller.abort();
        init.signal.addEventListener("abort", () => reject(Object.assign(new Error("aborted"), { name: "AbortError" })), { once: true });
      });
    const env = { ITEMFILTER_APPLICATION_KEY: "app", ITEMFILTER_AUTH_TOKEN: "tok-123456" };
    const run = await runCli(["find", "--table", "t", "--base-url", "http://127.0.0.1:9", 'a = 1 or b = 2'], { env, signal: controller.signal, fetch: fetch as unknown as typeof globalThis.fetch });
    expect(run).toEqual({ code: 130, stdout: "", stderr: "note: 2 requests (2 full scans); see --explain\nitemfilter: interrupted\n" });
  });

  it("checks names against the embedded table only as list does: --no-infer-schema turns it off", async () => {
    expect(await runCli(["find", "--table", "users", "--no-infer-schema", "AGE < 3 or plan = 'nope'"])).toEqual({
      code: 0,
      stdout: "[]\n",
      stderr: "note: 2 requests (2 full scans); see --explain\nwarning: the filter matched nothing, and:\nW_UNSEEN_ATTRIBUTE: no item seen has the attribute 'AGE'; did you mean 'age'? (1:1)\n1 | AGE < 3 or plan = 'nope'\n  | ^^^\n",
    });
  });

  it("reads the filter from stdin with '-'", async () => {
    const run = await runCli(["find", "--table", "orders", "--output", "ndjson", "-"], { input: 'status = "cancelled" and total > 100\n' });
    expect(run).toEqual({ code: 0, stdout: (await runCli(["list", "--table", "orders", "--output", "ndjson", 'status = "cancelled" and total > 100'])).stdout, stderr: "" });
    expect(parsed(run.stdout).sort(by("orderId"))).toEqual(orders.filter((o) => o.status === "cancelled" && (o.total as number) > 100).sort(by("orderId")));
  });
});

describe("find --help", () => {
  /** The words of an example line: '…' and "…" quoting, as the examples use it. */
  const words = (line: string): string[] => [...line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2]?.replace(/\\(.)/g, "$1") ?? m[3]!);
  // Those on DynamoDB need DynamoDB Local: examples.test.ts starts one and runs them there.
  const examples = EXAMPLES.find!.filter(([line]) => !line.includes("https://") && !line.includes("--dynamodb-endpoint"));

  it("shows the examples and the exit codes", async () => {
    const run = await runCli(["find", "--help"], { columns: 80 });
    expect(run.code).toBe(0);
    for (const [line, description] of EXAMPLES.find!) expect(run.stdout).toContain(`  # ${description}\n  ${line}\n`);
    expect(run.stdout).toContain("Exit codes: 0 ok, 1 filter error, 2 usage error, 3 service or network error,\n4 no item with that key (why), 70 internal error (a bug),\n130 interrupted (Ctrl-C).");
  });

  it.each(examples)("%s runs against the demo data and returns something", async (line) => {
    const argv = words(line).slice(1);
    const run = await runCli(argv);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).not.toBe("");
    expect(run.stdout.trim()).not.toBe("[]");
  });
});

describe("the REPL's find mode (the default)", () => {
  const piped = (lines: string[], argv: string[] = ["repl"]) => runCli(argv, { input: lines.map((l) => `${l}\n`).join(""), cwd: dir });
  const attributes = "(attributes: id, name, age, city, country, plan, score, signedUp, email, tags)";

  it("shows each entry's plan summary, and the items with sending on", async () => {
    const run = await piped(['age < 30 or plan = "pro"', ".send on", 'not (plan = "free" or age >= 40) and country = "PK"'], ["repl", "--table", "users"]);
    const pk = users.filter((u) => u.country === "PK" && u.plan !== "free" && (u.age as number) < 40);
    expect(pk.length).toBe(2);
    expect(run).toEqual({
      code: 0,
      stdout: [
        attributes,
        "plan: 2 requests (2 full scans), results united without duplicates; all exact on the server",
        "sending: on",
        "plan: 1 request (full scan); its items are checked locally",
        "id    name         age  city     country  plan  score  signedUp    email",
        "----  -----------  ---  -------  -------  ----  -----  ----------  -----------------------",
        "u018  Rosa Díaz     25  Karachi  PK       team    3.7  2022-08-02",
        "u030  Dalia Cohen   28  Karachi  PK       pro     4.3  2020-08-26  dalia.cohen@example.com",
        "(2 items)",
        "",
      ].join("\n"),
      stderr: "",
    });
  });

  it(".explain shows the plan, with the partition it reads", async () => {
    const run = await piped([".table orders", 'customer = "u001" and orderedAt beginsWith "2024-0" and status != "cancelled"', ".explain"]);
    expect(run).toEqual({
      code: 0,
      stdout: [
        "table: orders (secondary key: orderedAt)",
        "(attributes: customer, orderedAt, orderId, status, total, lines)",
        "plan: 1 request (partition query); its items are checked locally",
        "1 request (partition query); its items are checked locally",
        '1. queryItems: one partition (customer = "u001")',
        '   server: key {"primary":"u001"}, filter {"operator":"beginsWith","value":"2024-0"}',
        '   local:  status != "cancelled"',
        "",
      ].join("\n"),
      stderr: "",
    });
  });

  it("switches modes, and says which keys find uses", async () => {
    const run = await piped([".table readings", ".mode list", "ts > 1", ".mode find", "ts > 1", ".mode query", ".mode find"], ["repl"]);
    expect(run.stdout).toBe(
      [
        "table: readings (secondary key: ts)",
        "(attributes: sensor, ts, temperature, humidity)",
        "mode: list",
        '[\n  {"item":"ts","operator":"greaterThan","value":1}\n]',
        "mode: find (primary key: sensor, secondary key: ts)",
        "plan: 1 request (full scan); exact on the server",
        "mode: query (secondary key: ts)",
        "mode: find (primary key: sensor, secondary key: ts)",
        "",
      ].join("\n"),
    );
  });

  it.each([
    [["age >"], 1, planDiagnostics("age >", {})],
    [[".explain a = 1 or"], 0, planDiagnostics("a = 1 or", {})],
    [[".explain a = 1 or b = 2"], 0, "2 requests (2 full scans), results united without duplicates; all exact on the server\n1. listItems: full scan\n   server: [{\"item\":\"a\",\"operator\":\"equals\",\"value\":1}]\n   local:  nothing\n2. listItems: full scan\n   server: [{\"item\":\"b\",\"operator\":\"equals\",\"value\":2}]\n   local:  nothing\n(no table is set, and so no keys are known: every request is listItems; with .table NAME a plan can read one partition)\n"],
    [[".table orders", ".mode find", "a = 1"], 2, "table: orders (secondary key: customer)\n(attributes: customer, orderedAt, orderId, status, total, lines)\nmode: find (--secondary-key 'customer' is not this table's secondary key (its keys are 'customer' and 'orderedAt'); leave the key options out to use the table's own)\n--secondary-key 'customer' is not this table's secondary key (its keys are 'customer' and 'orderedAt'); leave the key options out to use the table's own\n", ["repl", "--secondary-key", "customer"]],
    [[".send on", "a = 1"], 0, "sending: on (set a table with .table NAME)\nplan: 1 request (full scan); exact on the server\n(sending is on, but no table is set: .table NAME)\n"],
  ])("%j exits %i", async (lines, code, stdout, argv?: string[]) => {
    expect(await piped(lines, argv)).toEqual({ code, stdout, stderr: "" });
  });
});
