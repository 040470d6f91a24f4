import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";

/** Issue 18, items 4 and 10: what the command prints about a file is escaped, and a schema file may start with a BOM. */

const dir = mkdtempSync(join(tmpdir(), "itemfilter-messages-"));
const HOSTILE = "\u001b]0;pwned\u0007\u001b[2J";
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe("issue 18 item 4: every message goes through the one escape", () => {
  it("an attribute name with ESC and BEL in a schema file is shown escaped", async () => {
    writeFileSync(join(dir, "names.json"), JSON.stringify({ attributes: { [HOSTILE]: 3 } }));
    const run = await runCli(["compile", "--schema", "names.json", "a = 1"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).not.toMatch(UNSAFE);
    expect(run.stderr).toContain("gives attribute '\\u001b]0;pwned\\u0007\\u001b[2J' a value that is not an object");
  });

  it("the first bytes of a schema file that is not JSON are shown escaped", async () => {
    writeFileSync(join(dir, "raw.json"), `${HOSTILE}\u202e{`);
    const run = await runCli(["compile", "--schema", "raw.json", "a = 1"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^itemfilter: the schema file 'raw.json' is not JSON: /);
    expect(run.stderr).not.toMatch(UNSAFE);
    expect(run.stderr).toContain("\\u001b");
  });

  it("a RIGHT-TO-LEFT OVERRIDE in a file name is escaped too", async () => {
    const run = await runCli(["compile", "--schema", "no\u202eexist.json", "a = 1"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("itemfilter: cannot read the schema file 'no\\u202eexist.json': no such file\n");
  });

  it("an unknown command word with ESC is escaped", async () => {
    const run = await runCli([`x${HOSTILE}`]);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toMatch(UNSAFE);
  });
});

describe("issue 18 item 10: a schema file with a BOM is accepted, as data files are", () => {
  it("reads the schema after the BOM", async () => {
    writeFileSync(join(dir, "bom.json"), `\ufeff${JSON.stringify({ attributes: { age: { type: "number" } } })}`);
    expect(await runCli(["compile", "--schema", "bom.json", "age = 1"], { cwd: dir })).toEqual({ code: 0, stdout: '[{"item":"age","operator":"equals","value":1}]\n', stderr: "" });
    const wrong = await runCli(["compile", "--schema", "bom.json", "agee = 1"], { cwd: dir });
    expect(wrong.code).toBe(1);
  });
});
