import fc from "fast-check";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileList, evaluate, parseJson, stringifyJson, type ListFilter } from "@itemfilter/core";
import { createEmulator, fromExactTransfer, loadNdjsonTable, loadTablesFromFile, scanNdjsonRange, scanNdjsonTable, toExactTransfer, type Emulator, type Item, type RangeJob, type TableDefinition } from "@itemfilter/emulator";
import { afterAll, describe, expect, it } from "vitest";
import { numberFilterArb, numberTableArb, sameStored, type NumberItem } from "./exactNumberTables.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * Issue 32 over the emulator and data files: for tables whose numbers are
 * drawn across DynamoDB's whole range, written as JSON and NDJSON data files
 * with every digit and read back (whole, streamed, and in ranges through
 * structured clone as worker threads get them), listItems with random
 * comparisons, between and in selects exactly evaluate's items, page by page,
 * and every number in the answer's JSON is the one in the file.
 *
 * Before: the files were refused (E_FILE_JSON "cannot be held exactly").
 */
const RUNS = propertyRuns(Number(process.env.ITEMFILTER_EMULATOR_NUMBER_RUNS ?? 60));
const CREDS = { applicationKey: "k", authenticationToken: "t" };
const dir = mkdtempSync(join(tmpdir(), "itemfilter-emulator-numbers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** The table as each data-file path reads it: a JSON tables file, an NDJSON file whole, streamed, and in 3 ranges. */
async function readBack(items: readonly NumberItem[]): Promise<[string, TableDefinition][]> {
  const ndjson = join(dir, `t${++files}.ndjson`);
  writeFileSync(ndjson, items.map((item) => stringifyJson(item)).join("\n") + "\n");
  const json = join(dir, `t${files}.json`);
  writeFileSync(json, stringifyJson({ tables: { t: { primaryKey: "pk", items } } }, 1));
  const keys = { primaryKey: "pk" };
  const scanRange = async (job: RangeJob) => fromExactTransfer(structuredClone(toExactTransfer(await scanNdjsonRange(fromExactTransfer(structuredClone(toExactTransfer(job))), () => true))));
  return [
    ["JSON tables file", (await loadTablesFromFile(json)).t!],
    ["NDJSON, whole", await loadNdjsonTable(ndjson, "t", keys)],
    ["NDJSON, streamed", (await scanNdjsonTable(ndjson, "t", keys, { keep: () => true })).definition],
    ["NDJSON, 3 ranges through structured clone", (await scanNdjsonTable(ndjson, "t", keys, { keep: () => true, ranges: 3, scanRange })).definition],
  ];
}

async function listAll(emulator: Emulator, filter: ListFilter[]): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let startKey: unknown;
  for (let page = 0; page < 100; page++) {
    const res = await emulator.fetch("http://emulator.invalid/listItems", { method: "POST", headers: { "Content-Type": "application/json" }, body: stringifyJson({ ...CREDS, table: "t", filter, limit: 2, ...(startKey === undefined ? {} : { startKey }) }) });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const data = (parseJson(text) as { data: { items: Record<string, unknown>[]; stopKey?: unknown } }).data;
    out.push(...data.items);
    startKey = data.stopKey;
    if (startKey === undefined) return out;
  }
  throw new Error("more than 100 pages");
}

describe("issue 32: numbers across DynamoDB's range through data files and the emulator", () => {
  it(`every data-file path keeps each number, and listItems selects evaluate's items with their digits (${RUNS} tables and filters)`, async () => {
    const caseArb = numberTableArb.chain(({ items, pool }) => fc.tuple(fc.constant(items), fc.array(numberFilterArb(pool), { minLength: 1, maxLength: 3 })));
    let served = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async ([items, filters]) => {
        for (const [how, definition] of await readBack(items)) {
          const read = definition.items as Item[];
          expect(read.length, how).toBe(items.length);
          for (const item of read) {
            const stored = items.find((i) => i.pk === item.pk)!;
            expect(sameStored(item.n, stored.n) && sameStored(item.m, stored.m), `${how}: ${String(item.pk)}`).toBe(true);
          }
          const emulator = createEmulator({ tables: { t: definition }, credentials: [CREDS], pageSize: 3 });
          for (const filter of filters) {
            let compiled: ListFilter[];
            try {
              compiled = compileList(filter);
            } catch {
              continue;
            }
            served++;
            const got = await listAll(emulator, compiled);
            for (const item of got) {
              const stored = items.find((i) => i.pk === item.pk)!;
              expect(sameStored(item.n, stored.n) && sameStored(item.m, stored.m), `${how}, ${filter}: ${String(item.pk)}`).toBe(true);
            }
            expect(got.map((item) => item.pk).sort(), `${how}: ${filter}`).toEqual(items.filter((item) => evaluate(filter, item)).map((item) => item.pk).sort());
          }
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(served).toBeGreaterThan(RUNS);
  }, 120_000);
});
