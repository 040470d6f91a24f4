import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";

const dir = mkdtempSync(join(tmpdir(), "itemfilter-fields-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, "orders.ndjson");
writeFileSync(
  file,
  ['{"id":"o1","items":[{"sku":"A","n":1},{"n":2},{"sku":"C"}],"a,b":1,"first name":"Ann","ship":{"zip code":"0150","city":"Oslo"}}', '{"id":"o2","items":[{"sku":"D"}],"a,b":2}'].join("\n"),
);

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

  it.each([
    ["items[2].sku,items[1].n", ['{"items":[{"n":2},{"sku":"C"}]}', "{}"]],
    ["id,`a,b`", ['{"id":"o1","a,b":1}', '{"id":"o2","a,b":2}']],
    ["first name, ship.`zip code`", ['{"first name":"Ann","ship":{"zip code":"0150"}}', "{}"]],
    ["items[0],items[0].sku,ship.city", ['{"items":[{"sku":"A","n":1}],"ship":{"city":"Oslo"}}', '{"items":[{"sku":"D"}]}']],
  ])("find --fields %j picks paths as DynamoDB projects them", async (fields, lines) => {
    const run = await runCli(["find", "--table", "orders", "--data", file, "--output", "ndjson", "--fields", fields, 'id >= "o"']);
    expect([run.code, run.stdout.trim().split("\n")]).toEqual([0, lines]);
  });

  it.each([[","], ["a,,b"], ["a..b"], ["items[0"], ["items[01]"], ["`a,b"], ["id,`a`b`"]])("refuses --fields %j (exit 2)", async (fields) => {
    const run = await runCli(["find", "--table", "users", "--fields", fields, "age > 1"]);
    expect([run.code, run.stderr]).toEqual([2, `itemfilter: --fields takes attribute paths separated by commas, such as id,name,address.city,items[0].sku, not ${JSON.stringify(fields)}\n`]);
  });
});
