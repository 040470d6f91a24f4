import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client, type Item } from "@itemfilter/client";
import { compileList, evaluate, FilterError, plan, stringifyJson } from "@itemfilter/core";
import { createEmulator, loadNdjsonTable, type Emulator } from "@itemfilter/emulator";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collect } from "../e2e/fixtures.js";
import { FOLD_SCHEMA, foldFilterArbitrary, foldItemsArbitrary } from "./foldArbitraries.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * Issue 43 over the service: for random items whose text makes letter case
 * hard (ß, final sigma, Turkish I, ligatures, astral letters) with the folded
 * copies an app writes with foldCase, and random filters in and/or/not,
 * - `fold(name) …` (no schema) through evaluate, and findAll over the
 *   emulator serving the items and serving them from an NDJSON data file,
 *   selects the same items as the same filter written `name …` with
 *   FOLD_SCHEMA (caseInsensitive and folded) does through evaluate and findAll;
 * - with FOLD_SCHEMA, every request the plan sends names the folded copies
 *   and no folded condition is left to check locally;
 * - compileList refuses `fold(…)` without a copy with a span and a hint.
 */
const RUNS = propertyRuns(Number(process.env.ITEMFILTER_FOLD_RUNS ?? 200));
const CREDS = { applicationKey: "prop-key", authenticationToken: "prop-token" };
const dir = mkdtempSync(join(tmpdir(), "itemfilter-fold-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let current: Emulator | undefined;
let client: Client;
beforeAll(() => {
  client = createClient({ baseUrl: "http://emulator.invalid", ...CREDS, maxAttempts: 1, fetch: (url, init) => current!.fetch(url, init) });
});

const ids = (items: readonly { id?: unknown }[]): string[] => items.map((i) => i.id as string).sort();
let files = 0;

describe("letter case through the service", () => {
  it(`fold(…), and caseInsensitive with folded copies, select the same items everywhere (${RUNS} runs)`, async () => {
    let nonEmpty = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(foldItemsArbitrary, foldFilterArbitrary, async (rows, { folded, plain }) => {
        const items = rows as unknown as Item[];
        const expected = ids(items.filter((i) => evaluate(folded, i)));
        if (expected.length > 0) nonEmpty++;
        // The schema's meaning: the same items, read from the folded copies.
        expect(ids(items.filter((i) => evaluate(plain, i, { schema: FOLD_SCHEMA })))).toEqual(expected);

        current = createEmulator({ tables: { t: { primaryKey: "id", items } }, credentials: [CREDS], pageSize: 4 });
        expect(ids(await collect(client.findAll({ table: "t", filter: folded })))).toEqual(expected);
        expect(ids(await collect(client.findAll({ table: "t", filter: plain, compileOptions: { schema: FOLD_SCHEMA } })))).toEqual(expected);

        const file = join(dir, `t${++files}.ndjson`);
        writeFileSync(file, items.map((i) => stringifyJson(i)).join("\n") + "\n");
        current = createEmulator({ tables: { t: await loadNdjsonTable(file, "t", { primaryKey: "id" }) }, credentials: [CREDS], pageSize: 3 });
        expect(ids(await collect(client.findAll({ table: "t", filter: folded })))).toEqual(expected);

        // With folded copies, what is sent names them, and nothing folded is checked locally.
        const planned = plan(plain, { schema: FOLD_SCHEMA });
        for (const r of planned.requests) {
          if (r.operation !== "listItems") continue;
          for (const f of r.filter) expect(["nameFolded", "tagsFolded", "name", "id"]).toContain(f.item);
          for (const f of r.filter) if (f.item === "name") expect(["null", "notNull"]).toContain(f.operator);
          expect(r.residual ?? "").not.toMatch(/fold\(/);
        }
        try {
          compileList(folded);
        } catch (error) {
          if (!(error instanceof FilterError)) throw error;
          refused++;
          for (const d of error.diagnostics) expect([d.code, typeof d.hint, d.span.end.offset > d.span.start.offset]).toEqual([d.code, "string", true]);
        }
      }),
      { numRuns: RUNS, seed: 43 },
    );
    expect(nonEmpty).toBeGreaterThan(RUNS / 4);
    expect(refused).toBeGreaterThan(RUNS / 2);
  }, 120_000);
});
