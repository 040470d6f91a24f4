import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";

// Issue 33 §2: a table name is data. Names that are members of Object.prototype once reached them.
const NAMES = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];
const unknown = (operation: string, name: string) =>
  `itemfilter: E_SERVICE: ${operation}: the service refused the request (HTTP 404): there is no table ${JSON.stringify(name)}\n`;

describe("a table named like a member of Object.prototype is an unknown table", () => {
  it.each(NAMES)("list --table %s", async (name) => {
    expect(await runCli(["list", "--table", name, "age < 3"])).toEqual({ code: 3, stdout: "", stderr: unknown("listItems", name) });
  });

  it.each(NAMES)("find --table %s", async (name) => {
    expect(await runCli(["find", "--table", name, "age < 3"])).toEqual({ code: 3, stdout: "", stderr: unknown("listItems", name) });
  });

  it.each(NAMES)("find --explain --table %s", async (name) => {
    const run = await runCli(["find", "--explain", "--table", name, "age < 3"]);
    expect(run).toEqual({
      code: 0,
      stdout: `1 request (full scan); exact on the server\n1. listItems: full scan\n   server: [{"item":"age","operator":"lessThan","value":3}]\n   local:  nothing\n(the keys of '${name}' are not known, so every request is listItems; --primary-key and --secondary-key let a plan read one partition)\n`,
      stderr: "",
    });
  });

  it.each(NAMES)("why --table %s", async (name) => {
    const run = await runCli(["why", "--table", name, "--key", "u001", "age < 3"]);
    expect(run).toEqual({ code: 2, stdout: "", stderr: `itemfilter: why reads the item by its key, and the primary key of '${name}' is not known here; name it with --primary-key\n` });
  });

  it.each(NAMES)("the REPL's .table %s, then a filter", async (name) => {
    const run = await runCli(["repl"], { input: `.table ${name}\nage > 3\n` });
    expect(run).toEqual({
      code: 0,
      stdout: `table: ${name}\n(could not read ${name} to learn its attributes: E_SERVICE: listItems: the service refused the request (HTTP 404): there is no table ${JSON.stringify(name)})\nplan: 1 request (full scan); exact on the server\n`,
      stderr: "",
    });
  });
});

describe("a table that is named like a member of Object.prototype", () => {
  it.each(NAMES)("is found when a data file holds it: %s", async (name) => {
    const dir = mkdtempSync(join(tmpdir(), "itemfilter-names-"));
    writeFileSync(join(dir, "tables.json"), JSON.stringify({ tables: { [name]: { primaryKey: "id", items: [{ id: "a", age: 2 }, { id: "b", age: 9 }] } } }));
    const run = await runCli(["find", "--table", name, "--data", "tables.json", "age < 3"], { cwd: dir });
    expect(run).toEqual({ code: 0, stdout: '[\n{"id":"a","age":2}\n]\n', stderr: "" });
  });
});
