import { describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";

/** --fields on find, list and query over the embedded demo tables: only those attributes, picked from each item. */
describe("--fields", () => {
  it.each([
    [["find", "--table", "users", "--output", "ndjson", "--fields", "id,name", 'id in ("u001", "u002")']],
    [["list", "--table", "users", "--output", "ndjson", "--fields", "id, name", 'id in ("u001", "u002")']],
  ])("%j prints only id and name", async (args) => {
    const run = await runCli(args);
    expect(run.code).toBe(0);
    const items = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(items.map((item) => Object.keys(item))).toEqual([["id", "name"], ["id", "name"]]);
  });

  it("query takes it too", async () => {
    const run = await runCli(["query", "--table", "orders", "--key", "u001", "--output", "ndjson", "--fields", "orderedAt"]);
    expect(run.code).toBe(0);
    for (const line of run.stdout.trim().split("\n")) expect(Object.keys(JSON.parse(line) as object)).toEqual(["orderedAt"]);
  });

  it.each([[","], ["a,,b"], ["a..b"]])("refuses --fields %j (exit 2)", async (fields) => {
    const run = await runCli(["find", "--table", "users", "--fields", fields, "age > 1"]);
    expect([run.code, run.stderr]).toEqual([2, `itemfilter: --fields takes attribute paths separated by commas, such as id,name,address.city, not ${JSON.stringify(fields)}\n`]);
  });
});
