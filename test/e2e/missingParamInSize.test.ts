import { createClient, type FetchLike } from "@itemfilter/client";
import { compileDynamo, planDynamo } from "@itemfilter/dynamodb";
import { describe, expect, it } from "vitest";
import { runCli } from "../../packages/cli/test/runCli.js";

/*
 * A `$name` inside size() with `in` or `between` that has no value: anyone
 * can type `$x`, so it is E_PARAM_MISSING at the parameter on every entry
 * point (core's own are in test/golden/params-scope.json), never a TypeError.
 */
const CASES = [
  ["size(a) in (1, $x)", 15, 17],
  ["size(a) between $x and 3", 16, 18],
  ["size(name) in ($x, 3) or age > 1", 15, 17],
] as const;

const missing = (start: number, end: number) => ({
  name: "FilterError",
  code: "E_PARAM_MISSING",
  diagnostics: [expect.objectContaining({ code: "E_PARAM_MISSING", params: { name: "x" }, span: expect.objectContaining({ start: expect.objectContaining({ offset: start }), end: expect.objectContaining({ offset: end }) }) })],
});

describe.each(CASES)("%s", (filter, start, end) => {
  it("the client refuses it before sending anything", async () => {
    const sent: string[] = [];
    const fetch = (async (url: string) => {
      sent.push(url);
      throw new Error("nothing is sent");
    }) as unknown as FetchLike;
    const client = createClient({ baseUrl: "http://127.0.0.1:9", applicationKey: "app", authenticationToken: "token", fetch });
    await expect(client.findAll({ table: "t", filter }).next()).rejects.toMatchObject(missing(start, end));
    expect(() => client.explain({ table: "t", filter })).toThrow(expect.objectContaining(missing(start, end)));
    await expect(client.listItems({ table: "t", filter })).rejects.toMatchObject(missing(start, end));
    expect(sent).toEqual([]);
  });

  it("compileDynamo and planDynamo refuse it", () => {
    expect(() => compileDynamo(filter)).toThrow(expect.objectContaining(missing(start, end)));
    expect(() => planDynamo(filter, { keys: { partition: "id" } } as never)).toThrow(expect.objectContaining(missing(start, end)));
  });

  it.each([["compile"], ["list", "--table", "users"], ["find", "--table", "users"], ["why", "--table", "users", "--key", "u001"]])("itemfilter %s exits 1 with the caret at $x", async (...args) => {
    const r = await runCli([...args, filter]);
    expect(r).toMatchObject({ code: 1, stdout: "" });
    expect(r.stderr).toContain("E_PARAM_MISSING");
    const column = start + 1;
    expect(r.stderr.split("\n").slice(0, 3)).toEqual([`E_PARAM_MISSING: $x has no value here (1:${column})`, `1 | ${filter}`, `  | ${" ".repeat(start)}${"^".repeat(end - start)}`]);
  });
});
