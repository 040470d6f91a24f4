import { createClient, type Client, type Item } from "@itemfilter/client";
import { evaluate, FilterError, format, stringifyJson, type FilterNode, type Plan, type PlanKeys } from "@itemfilter/core";
import { createEmulator, type Emulator, type TableDefinition } from "@itemfilter/emulator";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { findFilterArbitrary } from "./pinnedArbitrary.js";
import { otherKeyType } from "./otherKeyType.js";
import { keyValue, poolNumber, poolString, tsValue, wire } from "./itemArbitraries.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * findAll is exact: over random tables served by the emulator and random
 * filters (and, or, not, every operator), it returns exactly the items
 * core's `evaluate` selects, each once. The same check, run on plans broken
 * on purpose, must fail: that is what shows it would catch a planner that
 * drops a disjunct, loses a residual or pushes down an inexact rewrite.
 */

const RUNS = propertyRuns(1000);
const CREDS = { applicationKey: "prop-key", authenticationToken: "prop-token" };
const NAMES = ["id", "ts", "a", "b"] as const;

/**
 * The emulator without a socket: each case swaps in its own emulator, and
 * the client reaches it through the emulator's in-process fetch, which
 * answers exactly as its HTTP server does (the e2e tests cover the wire).
 */
let current: Emulator | undefined;
let served = 0;
let client: Client;
beforeAll(() => {
  client = createClient({
    baseUrl: "http://emulator.invalid",
    ...CREDS,
    maxAttempts: 1,
    fetch: (url, init) => {
      served++;
      return current!.fetch(url, init);
    },
  });
});

const attribute: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: poolString },
  { weight: 4, arbitrary: poolNumber },
  { weight: 2, arbitrary: fc.array(fc.oneof(poolString, poolNumber), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({}, { a: 1 }, [null]) },
);
const item = fc.record({ id: keyValue, ts: tsValue, a: attribute, b: attribute }, { requiredKeys: ["id"] });

/** The emulator's key identity: 0 and -0 are one value; null is no secondary key. */
const token = (v: unknown): string => (v === undefined || v === null ? "-" : typeof v === "number" ? `n${v === 0 ? 0 : v}` : `s${String(v)}`);

interface Case {
  definition: TableDefinition;
  keys: PlanKeys | undefined;
}

/**
 * Keys as a caller gives them: none, the primary key only (also for a table
 * that has a secondary key), or both of the table's. Not names that are no
 * key: a plan reads the partitions of the keys it is given (PlanKeys).
 */
const KEY_CHOICES = ["none", "primary", "both"] as const;

/** A table the emulator accepts (unique keys), with or without a secondary key; keys passed to findAll or not. */
const tableCase: fc.Arbitrary<Case> = fc.tuple(fc.boolean(), fc.constantFrom(...KEY_CHOICES)).chain(([withSecondary, keysMode]) =>
  fc
    .uniqueArray(item, { maxLength: 24, selector: (i) => (withSecondary ? `${token(i.id)}|${token(i.ts)}` : token(i.id)) })
    .map((items) => {
      // Without a secondary key, ts is one more attribute.
      const definition: TableDefinition = withSecondary ? { primaryKey: "id", secondaryKey: "ts", items: wire(items) } : { primaryKey: "id", items: wire(items) };
      const keys = keysMode === "none" ? undefined : keysMode === "primary" || !withSecondary ? { primary: "id" } : { primary: "id", secondary: "ts" };
      return { definition, keys };
    }),
);

const runOptions = fc.record({
  pageSize: fc.integer({ min: 1, max: 6 }),
  concurrency: fc.integer({ min: 1, max: 4 }),
  limit: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
});

async function collect(iterable: AsyncIterable<Item>): Promise<Item[]> {
  const out: Item[] = [];
  for await (const value of iterable) out.push(value);
  return out;
}

const sorted = (items: readonly Item[]): string[] => items.map((i) => stringifyJson(i)).sort();

/**
 * The check: what a run returned against what `evaluate` selects. Without a
 * limit, exactly those items, each once; with one, `min(limit, matches)` of
 * them, each once.
 */
function verdict(got: readonly Item[], expected: readonly Item[], limit: number | undefined): string | null {
  const gotKeys = sorted(got);
  if (new Set(gotKeys).size !== gotKeys.length) return "an item came back twice";
  const want = new Set(sorted(expected));
  for (const key of gotKeys) if (!want.has(key)) return `an item that does not match came back: ${key}`;
  const size = limit === undefined ? want.size : Math.min(limit, want.size);
  return got.length === size ? null : `${got.length} items came back, not ${size}`;
}

async function serve(definition: TableDefinition, pageSize: number): Promise<void> {
  current = createEmulator({ tables: { t: definition }, credentials: [CREDS], pageSize });
}

describe("findAll returns exactly what evaluate selects, each once", () => {
  it(`over random tables and filters (${RUNS} runs)`, async () => {
    let planned = 0;
    let multi = 0;
    let whole = 0;
    let otherType = 0;
    await fc.assert(
      fc.asyncProperty(tableCase, findFilterArbitrary(NAMES, "id"), runOptions, async ({ definition, keys }, ast: FilterNode, { pageSize, concurrency, limit }) => {
        let plan: Plan;
        try {
          plan = client.explain({ table: "t", filter: ast, ...(keys === undefined ? {} : { keys }) });
        } catch (error) {
          // A filter no plan can run (a value that does not fit its operator) is core's to refuse; evaluate would not agree to run it either.
          // Never E_FILTER_JSON: the generated trees are well-formed, so that is the planner refusing its own tree (issue 17).
          if (error instanceof FilterError && error.code !== "E_FILTER_JSON") return;
          throw error;
        }
        planned++;
        if (plan.requests.length > 1) multi++;
        if (plan.requests.some((r) => r.operation === "queryItems" && r.filter === undefined)) whole++;
        // The emulator refuses such a request, as DynamoDB does; findAll reads the refusal as no match (issue 33).
        if (otherKeyType(plan, definition)) otherType++;
        await serve(definition, pageSize);
        const expected = definition.items.filter((i) => evaluate(ast, i));
        const got = await collect(client.findAll({ table: "t", filter: ast, ...(keys === undefined ? {} : { keys }), concurrency, limit }));
        const problem = verdict(got, expected, limit);
        expect(problem, `${format(ast)} over ${JSON.stringify(definition)} with plan ${JSON.stringify(plan)}`).toBeNull();
      }),
      { numRuns: RUNS },
    );
    // The generators favour filters a plan can run, and plans of several requests; this guards against a change that makes the test vacuous.
    expect(planned).toBeGreaterThan(RUNS / 2);
    expect(multi).toBeGreaterThan(RUNS / 20);
    expect(whole).toBeGreaterThan(RUNS / 10);
    expect(otherType).toBeGreaterThan(RUNS / 100);
    // And the runs really went through the service, page by page.
    expect(served).toBeGreaterThan(planned);
  });
});

describe("the same check fails for a planner that is wrong", () => {
  const table: TableDefinition = {
    primaryKey: "id",
    secondaryKey: "ts",
    items: [
      { id: "p1", ts: 1, a: 1 },
      { id: "p1", ts: 7, a: 2 },
      { id: "p1", ts: 9, a: 3 },
      { id: "p2", ts: "ab", a: 1, b: 2 },
      { id: "p2", b: 5 },
      { id: "p3", ts: 2, a: 4 },
    ],
  };
  const keys = { primary: "id", secondary: "ts" };

  /** Runs a plan (the real one or a broken one) through the client's executor and checks the result. */
  async function check(filter: string, plan: Plan): Promise<string | null> {
    await serve(table, 2);
    const got = await collect(client.executePlan(plan, { table: "t", keys }));
    return verdict(got, table.items.filter((i) => evaluate(filter, i)), undefined);
  }

  it.each<[string, string, (plan: Plan) => Plan]>([
    ["a dropped disjunct", "ts beginsWith 'a' or a = 3", (p) => ({ ...p, requests: p.requests.slice(1) })],
    ["a dropped residual", "id = 'p1' and ts > 5 and a = 2", (p) => ({ ...p, requests: p.requests.map((r) => ({ ...r, residual: null })) })],
    [
      "an inexact rewrite pushed down (not a < 3 as a >= 3, which drops items without a)",
      "not a < 3",
      (p) => ({ ...p, requests: [{ operation: "listItems", filter: [{ item: "a", operator: "greaterEqual", value: 3 }], residual: null }] }),
    ],
    [
      "a whole-partition read taken for items with the secondary key only (is not null dropped)",
      "id = 'p2' and ts is not null",
      (p) => ({ ...p, requests: p.requests.map((r) => ({ ...r, residual: null })) }),
    ],
  ])("%s", async (_, filter, breakPlan) => {
    const plan = client.explain({ table: "t", filter, keys });
    expect(await check(filter, plan)).toBeNull();
    const broken = breakPlan(plan);
    expect(broken).not.toEqual(plan);
    expect(await check(filter, broken)).not.toBeNull();
  });
});
