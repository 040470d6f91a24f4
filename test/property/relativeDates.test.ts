import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client, type Item } from "@itemfilter/client";
import { compileList, evaluate, FilterError, type Schema } from "@itemfilter/core";
import { createEmulator, type Emulator } from "@itemfilter/emulator";
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../../packages/cli/test/runCli.js";
import { collect } from "../e2e/fixtures.js";
import { datedFilterArbitrary, datedItemsArbitrary, DATE_SCHEMA, TIME_ZONES } from "./dateArbitraries.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * Relative dates (issue 43 §2) agree on every runner of the service: with a
 * fixed `now` (and a time zone), for random items holding dates in the four
 * formats and random filters of relative bounds (every unit, both anchors,
 * random offsets, and/or/not), findAll over the emulator, compileList's
 * filters sent to the emulator's listItems, and `itemfilter find --data`
 * return exactly the items `evaluate` selects; and a findPage whose later
 * pages are read with another `now` (option and clock both moved) returns
 * exactly the first `now`'s answer.
 */
const RUNS = propertyRuns(150);
const CLI_RUNS = propertyRuns(25);
const CREDS = { applicationKey: "prop-key", authenticationToken: "prop-token" };

let current: Emulator | undefined;
let client: Client;
beforeAll(() => {
  client = createClient({ baseUrl: "http://emulator.invalid", ...CREDS, maxAttempts: 1, fetch: (url, init) => current!.fetch(url, init) });
});
afterEach(() => {
  vi.useRealTimers();
});

const nowArb = fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2026-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.getTime());
const REVERSED = { code: "E_BETWEEN_BOUNDS" };
const ids = (items: readonly Item[]): string[] => items.map((i) => i.id as string).sort();

/** evaluate's items. */
function oracle(items: readonly Item[], filter: string, options: Parameters<typeof evaluate>[2]): string[] {
  return ids(items.filter((i) => evaluate(filter, i, options)));
}

/**
 * A runner's items, or the code of the FilterError it throws. The only one
 * expected is E_BETWEEN_BOUNDS: a `between` whose bounds resolve the wrong
 * way round (`between now and now - 1d`) is refused by the compilers and the
 * planner as the same bounds written out are, while evaluate answers false.
 */
async function answer(run: () => Promise<readonly Item[]>): Promise<string[] | { code: string }> {
  try {
    return ids(await run());
  } catch (error) {
    if (error instanceof FilterError) return { code: error.code };
    throw error;
  }
}
const compileOptions = (now: number, timeZone: string): { now: number; timeZone: string; schema: Schema } => ({ now, timeZone, schema: DATE_SCHEMA });

describe("relative dates through the service", () => {
  it(`findAll and compileList's listItems over the emulator select exactly evaluate's items (${RUNS} runs)`, async () => {
    let compiled = 0;
    let matchedSome = 0;
    await fc.assert(
      fc.asyncProperty(datedItemsArbitrary, datedFilterArbitrary, nowArb, fc.constantFrom(...TIME_ZONES), fc.integer({ min: 1, max: 5 }), async (items, filter, now, timeZone, pageSize) => {
        const options = compileOptions(now, timeZone);
        current = createEmulator({ tables: { t: { primaryKey: "id", items } }, credentials: [CREDS], pageSize });
        const expected = oracle(items, filter, options);
        const found = await answer(() => collect(client.findAll({ table: "t", filter, now, timeZone, compileOptions: { schema: DATE_SCHEMA } })));
        if (!Array.isArray(found)) {
          expect(found).toEqual(REVERSED);
          return;
        }
        if (expected.length > 0) matchedSome++;
        expect(found).toEqual(expected);
        let listFilter;
        try {
          listFilter = compileList(filter, options);
        } catch (error) {
          // The service's listItems cannot say `or`, some `not`s, or an ordering of strings: find runs those.
          if (!(error instanceof FilterError)) throw error;
          return;
        }
        compiled++;
        const listed = await collect(client.listAll({ table: "t", filter: listFilter }));
        expect(ids(listed)).toEqual(expected);
      }),
      { numRuns: RUNS, seed: 4302 },
    );
    expect(compiled).toBeGreaterThan(RUNS / 5);
    expect(matchedSome).toBeGreaterThan(RUNS / 5);
  }, 120_000);

  it(`itemfilter find --data --now --time-zone selects exactly evaluate's items (${CLI_RUNS} runs)`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "itemfilter-dates-"));
    writeFileSync(join(dir, "schema.json"), JSON.stringify(DATE_SCHEMA));
    await fc.assert(
      fc.asyncProperty(datedItemsArbitrary, datedFilterArbitrary, nowArb, fc.constantFrom(...TIME_ZONES), async (items, filter, now, timeZone) => {
        writeFileSync(join(dir, "data.json"), JSON.stringify({ tables: { t: { primaryKey: "id", items } } }));
        const expected = oracle(items, filter, compileOptions(now, timeZone));
        const nowText = new Date(now).toISOString();
        const run = await runCli(["find", "--table", "t", "--data", "data.json", "--schema", "schema.json", "--now", nowText, "--time-zone", timeZone, "--output", "ndjson", filter], { cwd: dir });
        if (run.code === 1) {
          // Bounds that resolve the wrong way round: the planner's error, with its caret frame on stderr.
          expect([run.stdout, run.stderr.includes("swap them")]).toEqual(["", true]);
          return;
        }
        // stderr holds at most the plan's note (`note: 1 request (full scan)…`), never an error.
        expect([run.code, run.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("note: "))]).toEqual([0, []]);
        const found = run.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Item);
        expect(ids(found)).toEqual(expected);
      }),
      { numRuns: CLI_RUNS, seed: 4303 },
    );
  }, 120_000);

  it(`findPage continued with another now (and a moved clock) gives exactly the first now's answer (${RUNS} runs)`, async () => {
    let differs = 0;
    await fc.assert(
      fc.asyncProperty(datedItemsArbitrary, datedFilterArbitrary, nowArb, nowArb, fc.constantFrom(...TIME_ZONES), fc.integer({ min: 1, max: 3 }), async (items, filter, first, later, timeZone, limit) => {
        current = createEmulator({ tables: { t: { primaryKey: "id", items } }, credentials: [CREDS], pageSize: 3 });
        const expected = oracle(items, filter, compileOptions(first, timeZone));
        const base = { table: "t", filter, limit, timeZone, compileOptions: { schema: DATE_SCHEMA } };
        const firstPage = await answer(async () => (await client.findPage({ ...base, now: first })).items);
        if (!Array.isArray(firstPage)) {
          expect(firstPage).toEqual(REVERSED);
          return;
        }
        if (oracle(items, filter, compileOptions(later, timeZone)).join() !== expected.join()) differs++;
        const joined: Item[] = [];
        let page = await client.findPage({ ...base, now: first });
        joined.push(...page.items);
        vi.useFakeTimers({ now: later, toFake: ["Date"] });
        // Later pages: another now option, and none (the clock, moved), alternately.
        for (let n = 0; page.cursor !== undefined; n++) {
          page = await client.findPage({ ...base, ...(n % 2 === 0 ? { now: later } : {}), cursor: page.cursor });
          joined.push(...page.items);
        }
        vi.useRealTimers();
        expect(ids(joined)).toEqual(expected);
        expect(new Set(joined.map((i) => i.id)).size).toBe(joined.length);
      }),
      { numRuns: RUNS, seed: 4304 },
    );
    // Most pairs of instants give different answers, so the freezing is what makes the pages agree.
    expect(differs).toBeGreaterThan(RUNS / 4);
  }, 120_000);
});
