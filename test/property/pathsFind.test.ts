import { createClient, type Client, type Item } from "@itemfilter/client";
import { compileList, evaluate, FilterError } from "@itemfilter/core";
import { createEmulator, type Emulator } from "@itemfilter/emulator";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { pathFilterArbitrary, pathItemsArbitrary } from "../dynamodb/pathArbitraries.js";
import { collect } from "../e2e/fixtures.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * Issue 34's nested attributes over the service: the planner checks every
 * path locally. For random items of nested maps, lists and sets served by
 * the emulator and random filters over paths in and/or/not, findAll returns
 * exactly the items evaluate selects, each once, and every refusal by
 * compileList carries a span and a hint.
 */
const RUNS = propertyRuns(200);
const CREDS = { applicationKey: "prop-key", authenticationToken: "prop-token" };

let current: Emulator | undefined;
let client: Client;
beforeAll(() => {
  client = createClient({ baseUrl: "http://emulator.invalid", ...CREDS, maxAttempts: 1, fetch: (url, init) => current!.fetch(url, init) });
});

describe("nested attributes through the service", () => {
  it(`findAll over the emulator selects exactly evaluate's items, and compileList refuses paths with a span and a hint (${RUNS} runs)`, async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(pathItemsArbitrary, pathFilterArbitrary, async (rows, filter) => {
        const items = rows as Item[];
        current = createEmulator({ tables: { t: { primaryKey: "id", items } }, credentials: [CREDS], pageSize: 4 });
        const expected = items.filter((i) => evaluate(filter, i)).map((i) => i.id as string).sort();
        const found = await collect(client.findAll({ table: "t", filter }));
        expect(found.map((i) => i.id as string).sort()).toEqual(expected);
        try {
          compileList(filter);
        } catch (error) {
          if (!(error instanceof FilterError)) throw error;
          refused++;
          for (const d of error.diagnostics) expect([d.code, typeof d.hint, d.span.end.offset > d.span.start.offset]).toEqual([d.code, "string", true]);
        }
      }),
      { numRuns: RUNS, seed: 342 },
    );
    expect(refused).toBeGreaterThan(RUNS / 2);
  });
});
