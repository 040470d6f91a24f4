import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";

/**
 * Issue 18, items 5, 7 and 8: bad data is a usage error (exit 2) naming the file, the line and the problem; no number is rounded in silence.
 * Issue 32: a number is kept exactly; only one no store holds (39 digits, 1e126, 1e400) is bad data.
 */

const dir = mkdtempSync(join(tmpdir(), "itemfilter-data-"));
const DEEP = 100_000;

const cases: [string, string, string, string][] = [
  ["dup.ndjson", '{"id":"a"}\n{"id":"a"}\n', "dup.ndjson:2: ", 'table "dup": the items on lines 1 and 2 have the same key ("a"); each item needs its own'],
  ["digits.ndjson", `{"id":1}\n{"id":${"9".repeat(39)}}\n`, "digits.ndjson:2: ", `the number ${"9".repeat(39)} at id is not one DynamoDB can hold (more than 38 significant digits); write it as a string to keep it (column 7)`],
  ["huge.ndjson", '{"id":1,"v":1e400}\n', "huge.ndjson:1: ", "the number 1e400 at v is not one DynamoDB can hold (beyond 1e-130 to below 1e126); write it as a string to keep it (column 13)"],
  ["large.ndjson", '{"id":1}\n\n{"id":2,"v":[1,1e126]}\n', "large.ndjson:3: ", "the number 1e126 at v[1] is not one DynamoDB can hold (beyond 1e-130 to below 1e126); write it as a string to keep it (column 16)"],
  ["deep.ndjson", `{"id":1}\n{"id":2,"v":${"[".repeat(DEEP)}${"]".repeat(DEEP)}}\n`, "deep.ndjson:2: ", 'table "deep": the item on line 2 nests arrays and objects more than 32 levels deep (DynamoDB\'s limit for nested attributes)'],
  ["tables.json", '{"tables": {"t": {"primaryKey": "id",\n  "items": [{"id": 1, "v": 1e400}]}}}', "tables.json:2: ", "the number 1e400 at tables.t.items[0].v is not one DynamoDB can hold (beyond 1e-130 to below 1e126); write it as a string to keep it (column 28)"],
  ["deep-tables.json", `{"tables": {"t": {"primaryKey": "id", "items": [{"id": 1, "v": ${"{\"a\":".repeat(DEEP)}1${"}".repeat(DEEP)}}]}}}`, "deep-tables.json: ", 'table "t": item 0 nests arrays and objects more than 32 levels deep'],
];

describe("issue 18 items 5, 7 and 8: bad data files", () => {
  it.each(cases)("%s is a usage error naming the file, line and problem", async (name, text, where, problem) => {
    writeFileSync(join(dir, name), text);
    const table = name.endsWith(".ndjson") ? name.replace(".ndjson", "") : "t";
    const run = await runCli(["list", "--table", table, "--data", name], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^itemfilter: cannot load the data file: E_[A-Z_]+: /);
    expect(run.stderr).toContain(`${where}`);
    expect(run.stderr).toContain(problem);
    expect(run.stderr.split("\n")).toHaveLength(2);
  });

  it("serve refuses the same file before it listens", async () => {
    writeFileSync(join(dir, "dup2.ndjson"), '{"id":"a"}\n{"id":"a"}\n');
    const run = await runCli(["serve", "--port", "0", "--data", "dup2.ndjson"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("dup2.ndjson:2: ");
  });

  it("numbers a double holds exactly load and come back as written", async () => {
    writeFileSync(join(dir, "ok.ndjson"), '{"id":9007199254740992,"v":0.30000000000000004,"w":1.50,"x":"12345678901234567890123"}\n');
    const run = await runCli(["list", "--table", "ok", "--data", "ok.ndjson", "--output", "ndjson"], { cwd: dir });
    expect(run).toEqual({ code: 0, stdout: '{"id":9007199254740992,"v":0.30000000000000004,"w":1.5,"x":"12345678901234567890123"}\n', stderr: "" });
  });

  it("numbers past a double's digits load as two keys, not a duplicate or an error (issue 32)", async () => {
    writeFileSync(join(dir, "exact.ndjson"), '{"id":9007199254740993}\n{"id":9007199254740992,"price":12345678901234567890.12}\n');
    const run = await runCli(["list", "--table", "exact", "--data", "exact.ndjson", "--output", "ndjson"], { cwd: dir });
    expect(run).toEqual({ code: 0, stdout: '{"id":9007199254740992,"price":12345678901234567890.12}\n{"id":9007199254740993}\n', stderr: "" });
    const found = await runCli(["find", "--table", "exact", "--data", "exact.ndjson", "--output", "ndjson", "--", "id > 9007199254740992"], { cwd: dir });
    expect(found).toEqual({ code: 0, stdout: '{"id":9007199254740993}\n', stderr: "" });
  });
});
