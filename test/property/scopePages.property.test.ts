import { compileList, evaluate, format, isFilterError, stringifyJson, type ListFilter } from "@itemfilter/core";
import { createEmulator, type Emulator, type Item } from "@itemfilter/emulator";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { walkPages, type Post } from "../support/scopeOracle.js";
import { listFilterArbitrary } from "./exactnessArbitraries.js";
import { tableArb } from "./scopeArbitraries.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * Where pages stop does not depend on items outside the scope (issue 40 §1):
 * over random shared tables, scopes, filters, limits and page sizes, walking
 * every page with a scoped credential gives, answer for answer (items,
 * stopKeys, their absence), what an unscoped credential gets from the same
 * table with every item outside the scope taken out. So changing, adding or
 * removing items outside the scope changes nothing a scoped caller sees.
 */

const KEY = { applicationKey: "k", authenticationToken: "t" };
const JSON_TYPE = "application/json; charset=UTF-8";

const scopeArb = fc.oneof(
  fc.constantFrom('tenant = "t1"', 'tenant in ("t1", "t2")', 'not (tenant = "t3")', 'tenant = "t1" or total > 40', 'tenant = "t2" and not (note = "a")', "total between 0 and 30"),
  listFilterArbitrary(["tenant", "status", "total"], { booleans: false }).map((ast) => format(ast)),
);
/** The request's own filter as the wire's JSON, or none. */
const listFilterArb: fc.Arbitrary<ListFilter[] | undefined> = fc.option(
  listFilterArbitrary(["tenant", "status", "total", "note"], { booleans: false }).map((ast) => {
    try {
      return compileList(ast);
    } catch (error) {
      if (isFilterError(error)) return [];
      throw error;
    }
  }),
  { nil: undefined },
);
const queryArb = fc.oneof(
  fc.constant({}),
  fc.record({ key: fc.record({ primary: fc.constantFrom("t1", "t2", "t3") }), searchForward: fc.boolean() }),
  fc.record({ filter: fc.record({ operator: fc.constantFrom("beginsWith", "greaterEqual"), value: fc.constantFrom("o0", "o1", "o") }), searchForward: fc.boolean() }),
);

const post =
  (emulator: Emulator): Post =>
  async (operation, members) => {
    const res = await emulator.fetch(`http://emulator.invalid/${operation}`, { method: "POST", headers: { "Content-Type": JSON_TYPE }, body: stringifyJson(members) });
    return { status: res.status, body: await res.text() };
  };

/** The walk of a scoped credential over the rows, and of an unscoped one over only the rows in the scope. */
async function bothWalks(rows: Item[], scope: string, pageSize: number, operation: string, members: Record<string, unknown>): Promise<[string[], string[]]> {
  const table = (items: Item[]) => ({ t: { primaryKey: "tenant", secondaryKey: "id", items } });
  const scoped = createEmulator({ tables: table(rows), credentials: [{ ...KEY, tables: { t: { scope } } }], pageSize });
  const alone = createEmulator({ tables: table(rows.filter((r) => evaluate(scope, r))), credentials: [KEY], pageSize });
  const request = { ...KEY, table: "t", ...members };
  return [await walkPages(post(scoped), operation, request), await walkPages(post(alone), operation, request)];
}

describe("pages under a scope are those of the table without the items outside it", () => {
  it("listItems, random scopes, filters, limits and page sizes (150 runs)", async () => {
    await fc.assert(
      fc.asyncProperty(tableArb, scopeArb, listFilterArb, fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), fc.integer({ min: 1, max: 4 }), async (rows, scope, filter, limit, pageSize) => {
        const members = { ...(filter === undefined ? {} : { filter }), ...(limit === undefined ? {} : { limit }) };
        const [scoped, alone] = await bothWalks(rows, scope, pageSize, "listItems", members);
        expect(scoped).toEqual(alone);
      }),
      { numRuns: propertyRuns(150), seed: 4001 },
    );
  });

  it("queryItems, random scopes, keys, directions, limits and page sizes (150 runs)", async () => {
    await fc.assert(
      fc.asyncProperty(tableArb, scopeArb, queryArb, fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), fc.integer({ min: 1, max: 4 }), async (rows, scope, query, limit, pageSize) => {
        const [scoped, alone] = await bothWalks(rows, scope, pageSize, "queryItems", { ...query, ...(limit === undefined ? {} : { limit }) });
        expect(scoped).toEqual(alone);
      }),
      { numRuns: propertyRuns(150), seed: 4002 },
    );
  });

  it("changing the items outside the scope changes no answer (the issue's property, stated directly)", async () => {
    await fc.assert(
      fc.asyncProperty(tableArb, tableArb, fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), async (a, b, limit) => {
        const scope = 'tenant = "t1"';
        // The same t1 items, and different items of the other tenants around them.
        const own = a.filter((r) => r.tenant === "t1").map((r) => ({ ...r, id: `${r.id}a` }));
        const others = (rows: Item[], tag: string) => rows.filter((r) => r.tenant !== "t1").map((r) => ({ ...r, id: `${r.id}${tag}` }));
        const walk = async (rows: Item[]) => {
          const emulator = createEmulator({ tables: { t: { primaryKey: "id", items: rows } }, credentials: [{ ...KEY, tables: { t: { scope } } }], pageSize: 2 });
          return walkPages(post(emulator), "listItems", { ...KEY, table: "t", filter: [{ item: "total", operator: "greaterThan", value: 5 }], ...(limit === undefined ? {} : { limit }) });
        };
        expect(await walk([...own, ...others(a, "a")])).toEqual(await walk([...own, ...others(b, "b")]));
      }),
      { numRuns: propertyRuns(100), seed: 4003 },
    );
  });
});
