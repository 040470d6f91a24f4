import { createCli } from "@itemfilter/cli";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { diagnostics } from "./diagnostics.js";
import { Capture, runCli } from "./runCli.js";

const dir = mkdtempSync(join(tmpdir(), "itemfilter-repl-"));
writeFileSync(join(dir, "schema.json"), JSON.stringify({ attributes: { age: { type: "number", aliases: ["years"] }, nickname: { type: "string" } } }));

/** Feeds whole lines to a REPL reading a pipe, as a script would; in list mode unless argv says otherwise (find is the default). */
const piped = (lines: string[], argv: string[] = ["repl", "--mode", "list"]) => runCli(argv, { input: lines.map((l) => `${l}\n`).join(""), cwd: dir });

describe("the REPL from a pipe", () => {
  // The exit status tells a script whether every entry worked: 1 if a filter failed, 2 for a bad dot-command.
  it.each([
    [["age >= 30"], 0, '[\n  {"item":"age","operator":"greaterEqual","value":30}\n]\n'],
    [["(a = 1 or", "  a = 2)"], 0, '[\n  {"item":"a","operator":"in","value":[1,2]}\n]\n'],
    [["a = 1 and", "b = 2"], 0, '[\n  {"item":"a","operator":"equals","value":1},\n  {"item":"b","operator":"equals","value":2}\n]\n'],
    [["a = 1 or", "a = 2"], 0, '[\n  {"item":"a","operator":"in","value":[1,2]}\n]\n'],
    [["not", "a = 1"], 0, '[\n  {"item":"a","operator":"notEquals","value":1}\n]\n'],
    [["a between 1 and", "5"], 0, '[\n  {"item":"a","operator":"between","value":[1,5]}\n]\n'],
    [["a in", '("x", "y")'], 0, '[\n  {"item":"a","operator":"in","value":["x","y"]}\n]\n'],
    [["a is", "null"], 0, '[\n  {"item":"a","operator":"null"}\n]\n'],
    [["a is null"], 0, '[\n  {"item":"a","operator":"null"}\n]\n'],
    [["name = 'multi", "line'"], 1, diagnostics("name = 'multi\nline'", "list")],
    [["age >"], 1, diagnostics("age >", "list")],
    [["a = 1 and"], 1, diagnostics("a = 1 and", "list")],
    [["age >", "a = 1 b", "c = 2"], 1, `${diagnostics("age >\na = 1 b", "list")}[\n  {"item":"c","operator":"equals","value":2}\n]\n`],
    [["", "   "], 0, ""],
    [[".mode query", ">= 3"], 0, 'mode: query\n{"operator":"greaterEqual","value":3}\n'],
    [[".mode query", "name = 1"], 1, `mode: query\n${diagnostics("name = 1", "query")}`],
    [[".mode sideways"], 2, ".mode takes find, list or query (now list)\n"],
    [[".send maybe"], 2, ".send takes on or off (now off)\n"],
    [[".send on", "a = 1"], 0, 'sending: on (set a table with .table NAME)\n[\n  {"item":"a","operator":"equals","value":1}\n]\n(sending is on, but no table is set: .table NAME)\n'],
    [[".key u001", ".key"], 0, "key: u001\nkey: cleared (queries read every partition)\n"],
    [[".table"], 0, "table: (none); tables: users, orders, readings, products\n"],
    [[".schema schema.json", "years >= 3", "agee = 1"], 1, `schema: schema.json (2 attributes)\n[\n  {"item":"age","operator":"greaterEqual","value":3}\n]\n${diagnostics("agee = 1", "list", undefined, { attributes: { age: { type: "number", aliases: ["years"] }, nickname: { type: "string" } } })}`],
    [[".schema nope.json"], 2, "cannot read the schema file 'nope.json': no such file\n"],
    [[".frob"], 2, 'unknown command ".frob"; .help lists them\n'],
    [[".frob", "a ="], 1, `unknown command ".frob"; .help lists them\n${diagnostics("a =", "list")}`],
    [[".exit", "a = 1"], 0, ""],
    [
      ["a = 1 or b = 2"],
      1,
      "E_OR_UNSUPPORTED: 'or' can only join equality tests on one attribute here, as in a = 1 or a = 2 (1:10)\n1 | a = 1 or b = 2\n  |          ^^^^^\n  = hint: one listItems request combines its filters with AND; find (or plan) runs any filter as several requests\n",
    ],
  ])("%j exits %i", async (lines, code, stdout) => {
    expect(await piped(lines)).toEqual({ code, stdout, stderr: "" });
  });

  it.each([["age > 3 adn age < 9"], ["age > 3 adn"], ["age > 3 ro"]])("says which keyword %j meant", async (line) => {
    const run = await piped([line]);
    expect(run).toEqual({ code: 1, stdout: diagnostics(line, "list"), stderr: "" });
    expect(run.stdout).toContain(`did you mean '${line.includes("ro") ? "or" : "and"}'?`);
  });

  it("checks names against the embedded table's items, and says which was meant", async () => {
    const run = await piped([".table users", "AGE >= 3", "age >= 64"]);
    expect(run).toEqual({
      code: 1,
      stdout: [
        "table: users",
        "(attributes: id, name, age, city, country, plan, score, signedUp, email, tags)",
        diagnostics("AGE >= 3", "list", undefined, { attributes: { age: { type: "number" } } }).trimEnd(),
        '[\n  {"item":"age","operator":"greaterEqual","value":64}\n]',
        "",
      ].join("\n"),
      stderr: "",
    });
    expect(run.stdout).toContain("E_UNKNOWN_ATTRIBUTE: unknown attribute 'AGE'; did you mean 'age'? (1:1)");
  });

  it("does not check names with --no-infer-schema, and then warns about them on stderr", async () => {
    const run = await piped(["AGE >= 3"], ["repl", "--mode", "list", "--table", "users", "--no-infer-schema"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('(attributes: id, name, age, city, country, plan, score, signedUp, email, tags)\n[\n  {"item":"AGE","operator":"greaterEqual","value":3}\n]\n');
    expect(run.stderr).toBe("warning: W_UNSEEN_ATTRIBUTE: no item seen has the attribute 'AGE'; did you mean 'age'? (1:1)\n1 | AGE >= 3\n  | ^^^\n");
  });

  it("refuses = on an attribute that holds arrays, pointing to contains", async () => {
    const run = await piped(['tags = "beta"'], ["repl", "--mode", "list", "--table", "users", "--send"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      "(attributes: id, name, age, city, country, plan, score, signedUp, email, tags)\nE_ATTRIBUTE_TYPE: 'tags' holds lists, and '=' never matches a list; did you mean 'tags contains \"beta\"'? (1:6)\n1 | tags = \"beta\"\n  |      ^\n",
    );
    expect(run.stderr).toBe("");
  });

  it("points to contains for = on an attribute that holds arrays without a schema, and shows an empty result once", async () => {
    const run = await piped(['tags = "beta"'], ["repl", "--mode", "list", "--table", "users", "--send", "--no-infer-schema"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('(attributes: id, name, age, city, country, plan, score, signedUp, email, tags)\n[\n  {"item":"tags","operator":"equals","value":"beta"}\n]\n(no items)\n');
    expect(run.stderr).toBe(
      "warning: W_ARRAY_ATTRIBUTE: 'tags' holds arrays in the items seen, and '=' never matches an array; to test the elements, write 'tags contains \"beta\"' (1:6)\n1 | tags = \"beta\"\n  |      ^\n",
    );
  });

  it("sends to a table and shows the results", async () => {
    const run = await piped([".table orders", ".mode query", ".key u001", ".send on", "key beginsWith '2024-03'"]);
    expect(run.stdout).toBe(
      [
        "table: orders (secondary key: orderedAt)",
        "(attributes: customer, orderedAt, orderId, status, total, lines)",
        "mode: query (secondary key: orderedAt)",
        "key: u001",
        "sending: on",
        '{"operator":"beginsWith","value":"2024-03"}',
        "customer  orderedAt             orderId  status      total  lines",
        "--------  --------------------  -------  ---------  ------  -----",
        "u001      2024-03-26T14:16:00Z  o-1022   delivered  202.11      3",
        "(1 item)",
        "",
      ].join("\n"),
    );
  });

  it("gives find's results in the .order set, and refuses an order that does not read", async () => {
    const run = await piped([".table orders", ".order orderedAt DESC", ".send on", 'customer in ("u001", "u002") and total > 100', ".order sideways up", ".order off", ".order"], ["repl", "--mode", "find"]);
    const lines = run.stdout.split("\n");
    expect(lines.slice(2, 4)).toEqual(["order: orderedAt desc", "sending: on"]);
    const rows = lines.filter((l) => /^u00[12] /.test(l)).map((l) => l.split(/\s+/)[1]);
    expect(rows).toEqual(["2024-05-07T11:40:00Z", "2024-05-05T16:53:00Z", "2024-03-26T14:16:00Z", "2024-03-08T15:46:00Z", "2024-02-14T09:33:00Z"]);
    expect(lines).toContain('.order takes "PATH", "PATH asc" or "PATH desc" with PATH an attribute path such as createdAt or address.city, not "sideways up"');
    expect(lines.slice(-3)).toEqual(["order: off (plan order)", "order: (plan order); .order PATH [asc|desc] sets one, .order off drops it", ""]);
    expect(run.code).toBe(2);
  });

  it("stops at 20 items and says more may follow", async () => {
    const run = await piped(["age > 0"], ["repl", "--mode", "list", "--table", "users", "--send"]);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe("(attributes: id, name, age, city, country, plan, score, signedUp, email, tags)");
    expect(lines.at(-2)).toBe("(the first 20 items; more may follow: use 'itemfilter list --table users' for all)");
  });

  it("explains the parse tree, each rewrite and the output", async () => {
    const run = await piped(['.explain not (city = "Oslo" or city = "Lima") and tag in ("x")']);
    expect(run.stdout).toBe(
      [
        "parse tree:",
        "  And  1:1-1:54",
        "    Not  1:1-1:37",
        "      Or  1:6-1:36",
        '        Predicate city equals "Oslo"  1:6-1:19',
        '        Predicate city equals "Lima"  1:23-1:36',
        '    Predicate tag in ["x"]  1:42-1:54',
        "rewrites:",
        `  1. not (city = "Oslo" or city = "Lima") → not city = "Oslo" and not city = "Lima": De Morgan turns 'not' of 'or' into 'and' of the negations`,
        `  2. not city = "Oslo" → city != "Oslo": the opposite of 'equals' is 'notEquals'`,
        `  3. not city = "Lima" → city != "Lima": the opposite of 'equals' is 'notEquals'`,
        `  4. tag in ("x"): 'in' with one value sends it as a scalar (write 'in [..]' for an array)`,
        "  5. the 2 conditions joined by 'and' become the filter array, which listItems combines with AND",
        "compiled:",
        "  [",
        '    {"item":"city","operator":"notEquals","value":"Oslo"},',
        '    {"item":"city","operator":"notEquals","value":"Lima"},',
        '    {"item":"tag","operator":"in","value":"x"}',
        "  ]",
        "",
      ].join("\n"),
    );
  });

  it.each([
    [["a = 1 or a = 2", ".explain"], "the alternatives on 'a' become one 'a in (..)' with their values, repeats removed (listItems has no 'or')"],
    [[".explain not not a = 1"], "not not a = 1 → a = 1: a double negation cancels"],
    [[".explain not (a in (1, 2))"], "not a in (1, 2) → a != 1 and a != 2: 'not in' is 'notEquals' of each value"],
    [[".explain not a < 3"], "not a < 3: listItems has no exact opposite of 'lessThan' (see the error below)"],
    [[".explain not (tags contains \"beta\")"], "not tags contains \"beta\": listItems has no exact opposite of 'contains': 'notContains' is false where tags is missing (see the error below)"],
    [[".mode query", ".explain key >= 1 and key <= 2"], "'key >= a and key <= b' becomes 'between [a, b]', the one range queryItems takes"],
    [[".explain"], ".explain FILTER, or enter a filter first"],
  ])("%j mentions the rewrite", async (lines, text) => {
    expect((await piped(lines)).stdout).toContain(text);
  });
});

/** Terminal output without its escape sequences (colour, cursor moves). */
const plain = (text: string): string => text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "");

/** A REPL on a pretend terminal: keys go in one write at a time, and the test waits for what should appear. */
class Terminal {
  readonly input = new PassThrough();
  readonly output = new Capture();
  readonly exit: Promise<number>;
  constructor(env: Record<string, string>, argv: string[] = ["repl", "--mode", "list"]) {
    this.exit = createCli({ stdin: this.input, stdout: this.output, stderr: this.output, env, isTTY: true, cwd: dir, columns: 80 }).run(argv);
  }
  /** Sends keys one by one, as typing does: readline treats a chunk of several as a paste, where Tab does not complete. */
  async type(keys: string): Promise<void> {
    for (const key of keys.match(/\u001b\[[0-9;]*[A-Za-z~]|[\s\S]/g) ?? []) {
      this.input.write(key);
      await new Promise((r) => setImmediate(r));
    }
  }
  /** Waits until the output holds `text` (after `from`), so the test never sleeps for a guessed time. */
  async waitFor(text: string, from = 0, raw = false): Promise<number> {
    for (let i = 0; i < 400; i++) {
      const at = (raw ? this.output.text : plain(this.output.text)).indexOf(text, from);
      if (at !== -1) return at;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`timed out waiting for ${JSON.stringify(text)} in ${JSON.stringify(this.output.text)}`);
  }
}

describe("the REPL on a terminal", () => {
  it("completes attribute names learned from the table, and operators", async () => {
    const term = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h1"), NO_COLOR: "1" }, ["repl", "--mode", "list", "--table", "users"]);
    let at = await term.waitFor("list users> ");
    await term.type("ag\t");
    at = await term.waitFor("list users> age", at);
    await term.type(" bet\t");
    at = await term.waitFor("list users> age between", at);
    await term.type(" 30 and 40\r");
    await term.waitFor('{"item":"age","operator":"between","value":[30,40]}', at);
    await term.type("\u0004");
    expect(await term.exit).toBe(0);
  });

  it("lists the choices on a second Tab", async () => {
    const term = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h2"), NO_COLOR: "1" }, ["repl", "--mode", "list", "--table", "users"]);
    await term.waitFor("list users> ");
    await term.type("c\t\t");
    await term.waitFor("\r\ncity\r\ncountry\r\n");
    await term.type("\u0003\u0004");
    expect(await term.exit).toBe(0);
  });

  it("continues open parentheses, and Ctrl-C drops the whole entry", async () => {
    const term = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h3"), NO_COLOR: "1" });
    await term.waitFor("list> ");
    await term.type("(a = 1 or\r");
    let at = await term.waitFor("... ");
    await term.type("a = 2\u0003");
    at = await term.waitFor("^C", at);
    await term.type("b = 3\r");
    at = await term.waitFor('{"item":"b","operator":"equals","value":3}', at);
    expect(plain(term.output.text)).not.toContain('"operator":"in"');
    await term.type("\u0004");
    expect(await term.exit).toBe(0);
  });

  it("shows caret diagnostics for a bad line and carries on", async () => {
    const term = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h4"), NO_COLOR: "1" });
    await term.waitFor("list> ");
    await term.type("a = 1 b\r");
    const at = await term.waitFor("  |       ^");
    await term.type("a = 1\r");
    await term.waitFor('{"item":"a","operator":"equals","value":1}', at);
    await term.type("\u0004");
    expect(await term.exit).toBe(0);
  });

  it("keeps history in the file across sessions, a multi-line entry as one line", async () => {
    const file = join(dir, "nested", "history");
    const first = new Terminal({ ITEMFILTER_HISTORY_FILE: file, NO_COLOR: "1" });
    await first.waitFor("list> ");
    await first.type("x = 1\r");
    await first.waitFor('"value":1}');
    await first.type("(y = 2 or\r");
    await first.waitFor("... ");
    await first.type("y = 3)\r");
    await first.waitFor('"value":[2,3]}');
    await first.type("\u0004");
    expect(await first.exit).toBe(0);
    expect(readFileSync(file, "utf8")).toBe("x = 1\n(y = 2 or y = 3)\n");

    const second = new Terminal({ ITEMFILTER_HISTORY_FILE: file, NO_COLOR: "1" });
    await second.waitFor("list> ");
    await second.type("\u001b[A\u001b[A\r");
    await second.waitFor('{"item":"x","operator":"equals","value":1}');
    await second.type("\u0004");
    expect(await second.exit).toBe(0);
  });

  it("highlights the line with colour, but not with NO_COLOR", async () => {
    const coloured = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h5") });
    await coloured.waitFor("list> ");
    await coloured.type('name = "x"');
    await coloured.waitFor('\u001b[36mname\u001b[0m \u001b[33m=\u001b[0m \u001b[32m"x"\u001b[0m', 0, true);
    await coloured.type("\r");
    await coloured.waitFor('"value":"x"');
    await coloured.type("\u0004");
    expect(await coloured.exit).toBe(0);

    const uncoloured = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h6"), NO_COLOR: "1" });
    await uncoloured.waitFor("list> ");
    await uncoloured.type('name = "x"\r');
    await uncoloured.waitFor('"value":"x"');
    await uncoloured.type("\u0004");
    expect(await uncoloured.exit).toBe(0);
    expect(uncoloured.output.text).not.toContain("\u001b[36m");
  });

  it("continues a line that ends in and, or, not or an operator", async () => {
    const term = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h8"), NO_COLOR: "1" });
    await term.waitFor("list> ");
    await term.type("age >= 30 and\r");
    let at = await term.waitFor("... ");
    await term.type("plan =\r");
    at = await term.waitFor("... ", at + 4);
    await term.type('"pro"\r');
    await term.waitFor('[\n  {"item":"age","operator":"greaterEqual","value":30},\n  {"item":"plan","operator":"equals","value":"pro"}\n]', at);
    expect(plain(term.output.text)).not.toContain("E_SYNTAX");
    await term.type("\u0004");
    expect(await term.exit).toBe(0);
  });

  it("completes dot-commands and their arguments with Tab", async () => {
    const term = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h9"), NO_COLOR: "1" });
    let at = await term.waitFor("list> ");
    await term.type(".mo\t");
    at = await term.waitFor("list> .mode", at);
    await term.type(" q\t");
    at = await term.waitFor("list> .mode query", at);
    await term.type("\r");
    at = await term.waitFor("mode: query", at);
    await term.type(".ta\t");
    at = await term.waitFor("query> .table", at);
    await term.type(" us\t\r");
    await term.waitFor("table: users", at);
    await term.type("\u0004");
    expect(await term.exit).toBe(0);
  });

  it("says how to leave on Ctrl-C at an empty line, and only there", async () => {
    const term = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h10"), NO_COLOR: "1" });
    let at = await term.waitFor("list> ");
    await term.type("a = 1\u0003");
    at = await term.waitFor("^C", at);
    await term.waitFor("list> ", at);
    expect(plain(term.output.text)).not.toContain("To leave");
    await term.type("\u0003");
    await term.waitFor("^C\n(To leave, press Ctrl-D or type .exit)", at);
    await term.type("\u0004");
    expect(await term.exit).toBe(0);
  });

  it("colours a dot-command's name, not its dot as an error", async () => {
    const term = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h11") });
    await term.waitFor("list> ");
    await term.type(".mode list");
    await term.waitFor("\u001b[35m.mode\u001b[0m list", 0, true);
    expect(term.output.text).not.toContain("\u001b[31;4m.");
    await term.type("\r\u0004");
    expect(await term.exit).toBe(0);
  });

  it("starts with no arguments on a terminal and leaves on Ctrl-D", async () => {
    const term = new Terminal({ ITEMFILTER_HISTORY_FILE: join(dir, "h7"), NO_COLOR: "1" }, []);
    await term.waitFor("type a filter to see its plan; .help for commands, Ctrl-D to leave.");
    await term.waitFor("find> ");
    await term.type("\u0004");
    expect(await term.exit).toBe(0);
    expect(existsSync(join(dir, "h7"))).toBe(true);
  });
});
