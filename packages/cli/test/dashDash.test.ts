import { describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";

/** Issue 18, item 1: after `--`, the words are the filter; a filter given is never lost to "no filter". */

const U010 = '{"id":"u010","name":"Jun Park","age":66,"city":"Seoul","country":"KR","plan":"pro","score":0.3,"signedUp":"2023-03-21","email":"jun.park@example.com","tags":["beta","admin"]}\n';

describe("issue 18 item 1: '--' never drops the filter", () => {
  it.each([
    [["find", "--table", "users", "--output", "ndjson", "--", "age > 65"], U010],
    [["list", "--table", "users", "--output", "ndjson", "--", "age > 65"], U010],
    [["list", "--table", "users", "--output", "ndjson", "age", "--", ">", "65"], U010],
    [["compile", "--", "a = 1"], '[{"item":"a","operator":"equals","value":1}]\n'],
    [["compile", "--compact", "--", "a", "=", "1"], '[{"item":"a","operator":"equals","value":1}]\n'],
    [["query", "--table", "orders", "--key", "u001", "--dry-run", "--", 'key beginsWith "2024-03"'], '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"orders","filter":{"operator":"beginsWith","value":"2024-03"},"key":{"primary":"u001"}}\n'],
  ])("%j", async (argv, stdout) => {
    expect(await runCli(argv)).toEqual({ code: 0, stdout, stderr: "" });
  });

  it("query --key u001 -- 'key beginsWith \"2024-03\"' gives the one item, not the partition", async () => {
    const run = await runCli(["query", "--table", "orders", "--key", "u001", "--output", "ndjson", "--", 'key beginsWith "2024-03"']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
  });

  it("find --explain -- shows the filter, not 'no filter'", async () => {
    const run = await runCli(["find", "--table", "users", "--explain", "--", "age > 65"]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("no filter");
    expect(run.stdout).toContain('"item":"age","operator":"greaterThan","value":65');
  });

  it.each([["--lines"], ["-a = 1"], ["--help"]])("%j after '--' is filter text, compiled (and here refused) as such", async (filter) => {
    const run = await runCli(["compile", "--", filter]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`1 | ${filter}\n`);
  });

  it("'-' before '--' and a filter after it is refused, not half used", async () => {
    expect(await runCli(["compile", "-", "--", "a = 1"], { input: "b = 2" })).toEqual({
      code: 2,
      stdout: "",
      stderr: "itemfilter: '-' reads the filter from stdin; give either '-' or the filter, not both\n",
    });
  });

  it("a command without a filter refuses words after '--'", async () => {
    expect(await runCli(["serve", "--port", "0", "--", "age > 65"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "itemfilter: 'serve' takes no filter, but words follow '--'; leave them out\n",
    });
  });
});
