import { describe, expect, it } from "vitest";
import { whyArgument } from "../src/repl/dotCommands.js";
import { runCli } from "./runCli.js";

const piped = (lines: string[]) => runCli(["repl"], { input: lines.map((l) => `${l}\n`).join("") });

describe(".why in the REPL", () => {
  it.each([
    ["u007", { key: ["u007"], filter: "" }],
    ['u007 age >= 30 and plan = "pro"', { key: ["u007"], filter: 'age >= 30 and plan = "pro"' }],
    ['["u001", "2024-03-26T14:16:00Z"] total > 250', { key: ["u001", "2024-03-26T14:16:00Z"], filter: "total > 250" }],
    ['["a]b", 7]', { key: ["a]b", 7], filter: "" }],
    ["", undefined],
    ["[]", undefined],
    ["[1, 2, 3] a = 1", undefined],
    ["[{}] a = 1", undefined],
    ["[unclosed", undefined],
  ] as const)("reads %j", (arg, expected) => {
    expect(whyArgument(arg)).toEqual(expected);
  });

  it.each([
    [
      "after a filter, for the last one",
      [".table users", 'age >= 30 and plan = "pro"', ".why u001"],
      0,
      ["no match: 1 condition decided it", '1 | age >= 30 and plan = "pro"', '  |               ^^^^^^^^^^^^ plan is "free", not "pro"'],
    ],
    [
      "with a filter of its own, on a table with two keys",
      [".table orders", '.why ["u001", "2024-03-26T14:16:00Z"] total > 250'],
      0,
      ["no match: 1 condition decided it", "1 | total > 250", "  | ^^^^^^^^^^^ total is 202.11, not > 250"],
    ],
  ])("%s", async (_name, lines, code, shown) => {
    const run = await piped(lines);
    expect(run.code).toBe(code);
    expect(run.stdout).toContain(shown.join("\n") + "\n");
  });

  it.each([
    ["no table", [".why u001 a = 1"], 2, ".why needs a table: set one with .table NAME\n"],
    ["no filter yet", [".table users", ".why u001"], 2, ".why KEY FILTER, or enter a filter first\n"],
    ["no such item", [".table users", ".why u999 age > 1"], 2, "no item of 'users' has id \"u999\"\n"],
    ["a bad filter", [".table users", ".why u001 agee > 1"], 1, "E_UNKNOWN_ATTRIBUTE"],
  ])("%s", async (_name, lines, code, text) => {
    const run = await piped(lines);
    expect(run.code).toBe(code);
    expect(run.stdout).toContain(text);
  });
});
