import { evaluate, sortItems } from "@itemfilter/core";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";

type Item = Record<string, unknown>;
const demo = JSON.parse(readFileSync(new URL("../demo/demo.json", import.meta.url), "utf8")) as { tables: Record<string, { items: Item[] }> };
const orders = demo.tables.orders!.items;
const users = demo.tables.users!.items;
const lines = (text: string): Item[] => text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Item);
const orderKeys = { primary: "customer", secondary: "orderedAt" };

describe("find --order-by: the items in the order, on the demo data", () => {
  it.each([
    ["orders", 'customer in ("u001", "u002")', "orderedAt desc", orderKeys],
    ["orders", 'customer = "u003" or status = "cancelled"', "orderedAt", orderKeys],
    ["orders", 'status != "cancelled"', "total desc", orderKeys],
    ["users", "age >= 30", "city", { primary: "id" }],
    ["users", "", "email desc", { primary: "id" }],
  ])("%s: %s by %s is evaluate's matches sorted", async (table, filter, orderBy, keys) => {
    const all = table === "orders" ? orders : users;
    const expected = sortItems(all.filter((i) => evaluate(filter, i)), orderBy, keys);
    const run = await runCli(["find", "--table", table, "--order-by", orderBy, "--output", "ndjson", filter]);
    expect(run.code, run.stderr).toBe(0);
    expect(lines(run.stdout)).toEqual(expected);
    const limited = await runCli(["find", "--table", table, "--order-by", orderBy, "--limit", "3", "--output", "ndjson", filter]);
    expect(lines(limited.stdout)).toEqual(expected.slice(0, 3));
  });

  it("past --max-sort-items stops before any item: a filter error (exit 1) with a hint, nothing on stdout", async () => {
    const run = await runCli(["find", "--table", "orders", "--order-by", "total desc", "--max-sort-items", "3", 'status = "delivered"']);
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr: expect.stringContaining("itemfilter: findAll: too many items to sort (more than 3); narrow the filter\nhint: no request of the plan reads the items in the order total desc"),
    });
  });

  it.each([
    [["--order-by", "total sideways", "a = 1"], /--order-by takes "PATH", "PATH asc" or "PATH desc"/],
    [["--max-sort-items", "5", "a = 1"], /--max-sort-items goes with --order-by/],
    [["--count", "--limit", "2", "a = 1"], /--count prints only how many items match, so it does not go with --limit/],
    [["--count", "--explain", "a = 1"], /does not go with --explain/],
    [["--count", "--order-by", "total", "a = 1"], /does not go with --order-by/],
  ])("usage errors: %j", async (argv, message) => {
    const run = await runCli(["find", "--table", "orders", ...argv]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(message);
  });
});

describe("find --count: the number alone on stdout", () => {
  it.each([
    ["orders", 'customer in ("u001", "u002")'],
    ["orders", 'status = "shipped" or total > 200'],
    ["users", "not (age < 30)"],
    ["users", ""],
    ["users", 'id = "nobody"'],
  ])("%s: %s", async (table, filter) => {
    const all = table === "orders" ? orders : users;
    const run = await runCli(["find", "--table", table, "--count", filter]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${all.filter((i) => evaluate(filter, i)).length}\n`);
  });
});
