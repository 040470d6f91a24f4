import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Schema } from "@itemfilter/core";
import { diagnostics } from "./diagnostics.js";
import { runCli } from "./runCli.js";

const dir = mkdtempSync(join(tmpdir(), "itemfilter-compile-"));
const schema: Schema = { attributes: { age: { type: "number", aliases: ["years"] }, name: { type: "string" } } };
writeFileSync(join(dir, "schema.json"), JSON.stringify(schema));
writeFileSync(join(dir, "bad-schema.json"), JSON.stringify({ attributes: { age: { type: "integer" } } }));
writeFileSync(join(dir, "broken.json"), "{");

describe("compile prints the service's JSON", () => {
  it.each([
    [["compile", "a = 1"], '[{"item":"a","operator":"equals","value":1}]\n'],
    [["compile", 'name beginsWith "ab" and score >= 3'], '[{"item":"name","operator":"beginsWith","value":"ab"},{"item":"score","operator":"greaterEqual","value":3}]\n'],
    [["compile", "a", "=", "1"], '[{"item":"a","operator":"equals","value":1}]\n'],
    [["compile", "city = 'Oslo' or city = 'Lima'"], '[{"item":"city","operator":"in","value":["Oslo","Lima"]}]\n'],
    [["compile", ""], "[]\n"],
    [["compile", "--query", "key between 10 and 20"], '{"operator":"between","value":[10,20]}\n'],
    [["compile", "--query", ">= 3"], '{"operator":"greaterEqual","value":3}\n'],
    [["compile", "--query", "--secondary-key", "ts", "ts >= 10 and ts <= 20"], '{"operator":"between","value":[10,20]}\n'],
    [["compile", "--schema", "schema.json", "years >= 30"], '[{"item":"age","operator":"greaterEqual","value":30}]\n'],
    [["compile", "--pretty", "a = 1"], '[\n  {\n    "item": "a",\n    "operator": "equals",\n    "value": 1\n  }\n]\n'],
  ])("%j", async (argv, stdout) => {
    expect(await runCli(argv, { cwd: dir })).toEqual({ code: 0, stdout, stderr: "" });
  });

  it("is pretty on a terminal unless --compact", async () => {
    expect((await runCli(["compile", "a = 1"], { isTTY: true })).stdout).toBe('[\n  {\n    "item": "a",\n    "operator": "equals",\n    "value": 1\n  }\n]\n');
    expect((await runCli(["compile", "--compact", "a = 1"], { isTTY: true })).stdout).toBe('[{"item":"a","operator":"equals","value":1}]\n');
  });

  it("prints the syntax tree with --ast", async () => {
    const run = await runCli(["compile", "--ast", "not a = 1"]);
    expect(run.code).toBe(0);
    const ast = JSON.parse(run.stdout);
    expect(ast.type).toBe("Filter");
    expect(ast.body.type).toBe("Not");
    expect(ast.body.operand).toMatchObject({ type: "Predicate", operator: "equals", attribute: { name: "a" }, value: { type: "Number", value: 1 } });
  });
});

describe("compile EXPR without options skips yargs", () => {
  it.each([["a = 1"], [""], ["age >"], ["x in (1, 2) or x = 3"], ["5"], ["not not a = 'b'"]])("%j gives what the parsed path gives", async (expr) => {
    // --compact changes nothing off a terminal, but sends the command line through yargs.
    expect(await runCli(["compile", expr])).toEqual(await runCli(["compile", expr, "--compact"]));
  });

  it("is pretty on a terminal like the parsed path", async () => {
    expect(await runCli(["compile", "a = 1"], { isTTY: true })).toEqual(await runCli(["compile", "--pretty", "a = 1"], { isTTY: true }));
  });
});

describe("compile reads stdin", () => {
  it.each([
    [["compile"], "age >= 30\n", '[{"item":"age","operator":"greaterEqual","value":30}]\n'],
    [["compile", "-"], "age >= 30", '[{"item":"age","operator":"greaterEqual","value":30}]\n'],
    [["compile", "--lines"], "a = 1\n\nb = 2\r\n", '[{"item":"a","operator":"equals","value":1}]\n[{"item":"b","operator":"equals","value":2}]\n'],
    [["compile", "--lines", "--query"], "= 1\n>= 2\n", '{"operator":"equals","value":1}\n{"operator":"greaterEqual","value":2}\n'],
  ])("%j with %j", async (argv, input, stdout) => {
    expect(await runCli(argv, { input })).toEqual({ code: 0, stdout, stderr: "" });
  });

  // Issue 33 §2: a broken generator in a pipeline leaves stdin empty; read as the empty filter, it dumped the table.
  const BLANK_DASH = "itemfilter: stdin held no filter text for '-'; for the empty filter, give '' instead of '-'\n";
  it.each([
    [["list", "--table", "users", "-"], "", BLANK_DASH],
    [["list", "--table", "users", "-"], " \n\t\r\n", BLANK_DASH],
    [["query", "--table", "orders", "--key", "u001", "-"], "", BLANK_DASH],
    [["find", "--table", "users", "-"], "\n", BLANK_DASH],
    [["find", "--table", "users", "--explain", "-"], "", BLANK_DASH],
    [["why", "--table", "users", "--key", "u001", "-"], "", BLANK_DASH],
    [["compile", "-"], "", BLANK_DASH],
    [["compile"], "\n", "itemfilter: stdin held no filter text; give a filter, or '' for the empty filter\n"],
    [["compile", "--query"], "", "itemfilter: stdin held no filter text; give a filter, or '' for the empty filter\n"],
  ])("%j with %j on stdin is a usage error (exit 2)", async (argv, input, stderr) => {
    expect(await runCli(argv, { input })).toEqual({ code: 2, stdout: "", stderr });
  });

  it.each([
    [["list", "--table", "users", "--limit", "1", "--output", "ndjson", ""], '{"id":"u001","name":"Ada Lovelace","age":36,"city":"Oslo","country":"NO","plan":"free","score":3.4,"signedUp":"2021-06-07","email":"ada.lovelace@example.com","tags":["beta"]}\n', "Stopped after 1 item (--limit or --max-pages); more may follow.\n"],
    [["compile", ""], "[]\n", ""],
    [["compile", "--lines"], "", ""],
  ])("%j: the empty filter given as '', and a blank batch of lines, still work", async (argv, stdout, stderr) => {
    expect(await runCli(argv, { input: "" })).toEqual({ code: 0, stdout, stderr });
  });

  it("says how to end input when stdin is a terminal", async () => {
    const run = await runCli(["compile"], { input: "a = 1", isTTY: { stdin: true } });
    expect(run.stderr).toBe("Reading the filter from stdin; end it with Ctrl-D.\n");
  });

  it("reports every bad line with its number, in the frame too, and exits 1", async () => {
    const run = await runCli(["compile", "--lines"], { input: "a = 1\n\nage >\nb = 2\n" });
    expect(run).toEqual({
      code: 1,
      stdout: '[{"item":"a","operator":"equals","value":1}]\n[{"item":"b","operator":"equals","value":2}]\n',
      stderr: `line 3: ${diagnostics("age >", "list", undefined, undefined, 3)}`,
    });
    expect(run.stderr).toContain("(3:6)\n3 | age >\n");
  });
});

describe("compile errors", () => {
  it.each([
    [["compile", "age >"], diagnostics("age >", "list")],
    [["compile", "a = 1 or b = 2"], diagnostics("a = 1 or b = 2", "list")],
    [["compile", "--query", "name = 1"], diagnostics("name = 1", "query")],
    [["compile", "--schema", "schema.json", "agee >= 3"], diagnostics("agee >= 3", "list", undefined, schema)],
  ])("%j prints caret diagnostics and exits 1", async (argv, stderr) => {
    expect(await runCli(argv, { cwd: dir })).toEqual({ code: 1, stdout: "", stderr });
  });

  it("prints the developer's hint under the frame, apart from the message", async () => {
    expect(await runCli(["compile", "a = 1 or b = 2"])).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "E_OR_UNSUPPORTED: 'or' can only join equality tests on one attribute here, as in a = 1 or a = 2 (1:10)\n1 | a = 1 or b = 2\n  |          ^^^^^\n  = hint: one listItems request combines its filters with AND; find (or plan) runs any filter as several requests\n",
    });
  });

  it("colours diagnostics only on a terminal without NO_COLOR", async () => {
    expect((await runCli(["compile", "a >"], { isTTY: true })).stderr).toContain("\u001b[");
    expect((await runCli(["compile", "a >"], { isTTY: true, env: { NO_COLOR: "1" } })).stderr).not.toContain("\u001b[");
    expect((await runCli(["compile", "a >"], { isTTY: false })).stderr).not.toContain("\u001b[");
  });

  it.each([
    [["compile", "--schema", "missing.json", "a = 1"], "itemfilter: cannot read the schema file 'missing.json': no such file\n"],
    [["compile", "--schema", "broken.json", "a = 1"], "itemfilter: the schema file 'broken.json' is not JSON: "],
    [["compile", "--schema", "bad-schema.json", "a = 1"], `itemfilter: the schema file 'bad-schema.json' gives attribute 'age' a type other than "string", "number" or "date"; expected {"attributes": {"age": {"type": "number"}}}\n`],
    [["compile", "--frobnicate", "a = 1"], "itemfilter: Unknown argument: frobnicate\n\nRun 'itemfilter --help' (or 'itemfilter <command> --help') for usage.\n"],
    [["compile", "--token", "s3cret-value", "a = 1"], "itemfilter: --token is not accepted, since a token on the command line shows in 'ps'; use --token-file FILE or ITEMFILTER_AUTH_TOKEN\n"],
    [["frobnicate"], "itemfilter: unknown command 'frobnicate'\nRun 'itemfilter --help' for the commands.\n"],
    [["comp", "a = 1"], "itemfilter: unknown command 'comp'; did you mean 'compile'?\nRun 'itemfilter --help' for the commands.\n"],
    [["lst", "--table", "users"], "itemfilter: unknown command 'lst'; did you mean 'list'?\nRun 'itemfilter --help' for the commands.\n"],
    [["list", "--table", "users", "a = 1", "-"], "itemfilter: '-' reads the filter from stdin; give either '-' or the filter, not both\n"],
  ])("%j is a usage error (exit 2)", async (argv, stderr) => {
    const run = await runCli(argv, { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.startsWith(stderr)).toBe(true);
  });
});

describe("help", () => {
  it.each([[["--help"]], [["compile", "--help"]], [["list", "--help"]], [["query", "--help"]], [["serve", "--help"]], [["repl", "--help"]], [["find", "--help"]], [["why", "--help"]], [["playground", "--help"]]])("%j documents the exit codes", async (argv) => {
    const run = await runCli(argv);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Exit codes: 0 ok, 1 filter error, 2 usage error, 3 service or network error,\n4 no item with that key (why), 70 internal error (a bug),\n130 interrupted (Ctrl-C).");
    expect(run.stderr).toBe("");
  });

  it.each([["compile"], ["list"], ["query"], ["serve"], ["repl"], ["find"], ["why"], ["playground"]])("%s --help shows examples", async (command) => {
    expect((await runCli([command, "--help"])).stdout).toContain("Examples:");
  });

  it("says the command is missing, then shows the help, and exits 2 with no arguments when not on a terminal", async () => {
    const run = await runCli([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.startsWith("itemfilter: missing command (with no arguments, the REPL starts only on a terminal)\n\nitemfilter <command> [options]\n")).toBe(true);
    expect(run.stderr).toContain("Commands:");
  });

  it("prints the version", async () => {
    expect(await runCli(["--version"])).toEqual({ code: 0, stdout: "0.1.0\n", stderr: "" });
  });
});
