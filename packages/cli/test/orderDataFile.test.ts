import { evaluate, parseJson, sortItems, stringifyJson } from "@itemfilter/core";
import fc from "fast-check";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

/**
 * find --order-by and --count over a data file (the emulator the CLI embeds
 * reads it), random items with numbers, strings, missing and other-kind
 * values, random filters that pin partitions or scan, random orders:
 * the items printed are evaluate's matches sorted by sortItems, a --limit
 * prints their prefix, and --count prints their number.
 */
const RUNS = propertyRuns(15);
const dir = mkdtempSync(join(tmpdir(), "itemfilter-order-data-"));
const value = fc.oneof(fc.constantFrom<unknown>(1, 2, 2.5, -3, 10, "a", "b", "B", "\u{1F600}", "\uFF61", true, null, [1]), fc.constant(undefined));
const itemsArbitrary = fc
  .uniqueArray(fc.tuple(fc.constantFrom("p1", "p2", "p3"), fc.integer({ min: 0, max: 30 }), value, value), { minLength: 1, maxLength: 25, selector: ([p, s]) => `${p}/${s}` })
  .map((rows) => rows.map(([p, s, a, b]) => ({ p, s, ...(a === undefined ? {} : { a }), ...(b === undefined ? {} : { b }) })));
const filterArbitrary = fc.constantFrom("", 'p = "p1"', 'p in ("p1", "p3")', 'p in ("p2", "p3") and s > 5', "a > 1", 'a = "a" or p = "p2"', "not (b is null)");
const orderArbitrary = fc.constantFrom("s", "s desc", "a", "a desc", "b desc", "p");
const lines = (text: string): unknown[] => text.split("\n").filter((l) => l !== "").map((l) => parseJson(l));

describe("find --order-by and --count over a data file", () => {
  it(`agree with evaluate and sortItems (${RUNS} runs)`, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(itemsArbitrary, filterArbitrary, orderArbitrary, fc.integer({ min: 1, max: 5 }), async (items, filter, orderBy, limit) => {
        const file = `data${n++}.json`;
        writeFileSync(join(dir, file), stringifyJson({ tables: { t: { primaryKey: "p", secondaryKey: "s", items } } }));
        const expected = sortItems(items.filter((i) => evaluate(filter, i)), orderBy, { primary: "p", secondary: "s" });
        const context = `${filter} by ${orderBy} over ${stringifyJson(items)}`;
        const run = await runCli(["find", "--data", file, "--table", "t", "--no-infer-schema", "--order-by", orderBy, "--output", "ndjson", filter], { cwd: dir });
        expect(run.code, run.stderr).toBe(0);
        expect(lines(run.stdout), context).toEqual(expected);
        const limited = await runCli(["find", "--data", file, "--table", "t", "--no-infer-schema", "--order-by", orderBy, "--limit", String(limit), "--output", "ndjson", filter], { cwd: dir });
        expect(lines(limited.stdout), context).toEqual(expected.slice(0, limit));
        const counted = await runCli(["find", "--data", file, "--table", "t", "--no-infer-schema", "--count", filter], { cwd: dir });
        expect(counted.stdout, context).toBe(`${expected.length}\n`);
      }),
      { numRuns: RUNS },
    );
  }, 60_000);
});
