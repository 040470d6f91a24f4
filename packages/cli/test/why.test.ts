import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";

// `itemfilter why`: one item by its key, explained against the demo data.
describe("itemfilter why", () => {
  it.each([
    [
      "a non-match: the false condition of an and",
      ["why", "--table", "users", "--key", "u001", 'age >= 30 and plan = "pro"'],
      ["no match: 1 condition decided it", '1 | age >= 30 and plan = "pro"', '  |               ^^^^^^^^^^^^ plan is "free", not "pro"'],
    ],
    [
      "a match: every operand of the and",
      ["why", "--table", "users", "--key", "u007", 'age >= 30 and plan = "pro"'],
      ["match: 2 conditions decided it", '1 | age >= 30 and plan = "pro"', "  | ^^^^^^^^^ age is 42, >= 30", '  |               ^^^^^^^^^^^^ plan is "pro"'],
    ],
    [
      "a table with two keys, the item picked by --secondary",
      ["why", "--table", "orders", "--key", "u001", "--secondary", "2024-03-26T14:16:00Z", 'status = "shipped" or total > 250'],
      [
        "no match: 2 conditions decided it",
        '1 | status = "shipped" or total > 250',
        '  | ^^^^^^^^^^^^^^^^^^ status is "delivered", not "shipped"',
        "  |                       ^^^^^^^^^^^ total is 202.11, not > 250",
      ],
    ],
    [
      "a folded comparison, shown folded (issue 43)",
      ["why", "--table", "users", "--key", "u001", 'fold(name) beginsWith "ADA L"'],
      ["match: 1 condition decided it", '1 | fold(name) beginsWith "ADA L"', '  | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ fold(name) is "ada lovelace", which begins with "ada l"'],
    ],
    [
      "a number key, on a data file",
      ["why", "--table", "pets", "--key", "2", "--data", "PETS", 'kind = "cat"'],
      ["no match: 1 condition decided it", '1 | kind = "cat"', '  | ^^^^^^^^^^^^ kind is "dog", not "cat"'],
    ],
  ])("%s", async (_name, argv, lines) => {
    const run = await runCli(argv.map((a) => (a === "PETS" ? petsFile() : a)));
    expect(run).toEqual({ code: 0, stdout: lines.join("\n") + "\n", stderr: "" });
  });

  it("reads the filter from stdin with '-'", async () => {
    const run = await runCli(["why", "--table", "users", "--key", "u002", "-"], { input: "email is null\n" });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('email is present ("bruno.silva@example.com")');
  });

  it("prints { key, item, explanation } with --json", async () => {
    const run = await runCli(["why", "--table", "users", "--key", "u001", "--json", 'not (city in ("Oslo", "Lima"))']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { key: unknown; item: { id: string }; explanation: { matched: boolean; predicates: { reason: string; negated: boolean }[] } };
    expect(out.key).toEqual({ id: "u001" });
    expect(out.item.id).toBe("u001");
    expect(out.explanation.matched).toBe(false);
    expect(out.explanation.predicates).toMatchObject([{ reason: 'city is "Oslo", one of "Oslo", "Lima"', negated: true, holds: true }]);
  });

  it.each([
    ["no item with that key: exit 4", ["why", "--table", "users", "--key", "u999", "age > 1"], 4, "itemfilter: no item of 'users' has id \"u999\"\n"],
    ["several items under one primary key: exit 2, naming --secondary", ["why", "--table", "orders", "--key", "u001", 'status = "x"'], 2, "itemfilter: more than one item of 'orders' has customer \"u001\"; pick one with --secondary (its orderedAt value)\n"],
    ["a filter error: exit 1 with a caret, before any request", ["why", "--table", "users", "--key", "u001", "agee > 1"], 1, "E_UNKNOWN_ATTRIBUTE: unknown attribute 'agee'; did you mean 'age'? (1:1)\n1 | agee > 1\n  | ^^^^\n"],
    ["no --key: exit 2", ["why", "--table", "users", "age > 1"], 2, undefined],
  ] as const)("%s", async (_name, argv, code, stderr) => {
    const run = await runCli([...argv]);
    expect(run.code).toBe(code);
    expect(run.stdout).toBe("");
    if (stderr !== undefined) expect(run.stderr).toBe(stderr);
  });
});


let pets: string | undefined;
function petsFile(): string {
  if (pets === undefined) {
    pets = join(mkdtempSync(join(tmpdir(), "itemfilter-why-")), "pets.json");
    writeFileSync(pets, JSON.stringify({ tables: { pets: { primaryKey: "id", items: [{ id: 1, kind: "cat" }, { id: 2, kind: "dog" }] } } }));
  }
  return pets;
}

describe("itemfilter why with '--'", () => {
  it("takes the words after '--' as the filter, as find does", async () => {
    const run = await runCli(["why", "--table", "users", "--key", "u001", "--", "-age > 1"]);
    // '-age' is not an option after '--': it is filter text, and the filter's own error.
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^E_SYNTAX/);
    const ok = await runCli(["why", "--table", "users", "--key", "u001", "--", "age > 99"]);
    expect(ok).toMatchObject({ code: 0, stdout: "no match: 1 condition decided it\n1 | age > 99\n  | ^^^^^^^^ age is 36, not > 99\n" });
  });
});
