import { evaluate, matches, type ListFilter, type Plan, type PlanRequest } from "@itemfilter/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runPlan, type PlanPageFetcher } from "../src/runPlan.js";
import type { Item, Page } from "../src/types.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

/**
 * runPlan digests only the items two requests can share (overlapTests). This
 * checks the union it hands out against the plain definition, in order:
 * request by request, each request's items that pass its residual, less any
 * item an earlier request handed out, cut at the limit. Plans mix requests
 * that overlap (`a < 2` and `b = "x"`), that are disjoint (`a < 2` and
 * `a >= 5`), that repeat, with and without residuals, and partition queries
 * (which the client cannot test locally). An item lost or handed out twice
 * fails it.
 */

const ITEM = fc.record(
  { id: fc.constantFrom("p1", "p2", "p3"), a: fc.constantFrom(0, 1, 2, 5, 7, "1"), b: fc.constantFrom("x", "y", 3), c: fc.constantFrom(true, null, [1]) },
  { requiredKeys: ["id"] },
);

/** Distinct items, as a table holds them (two items of a table differ in content). */
const TABLE = fc.uniqueArray(ITEM, { maxLength: 30, selector: (i) => JSON.stringify(i) });

const LIST_FILTERS: ListFilter[][] = [
  [],
  [{ item: "a", operator: "lessThan", value: 2 }],
  [{ item: "a", operator: "greaterEqual", value: 5 }],
  [{ item: "b", operator: "equals", value: "x" }],
  [{ item: "b", operator: "notEquals", value: "x" }],
  [{ item: "a", operator: "in", value: [1, 7] }],
  [{ item: "c", operator: "notNull" }],
  [
    { item: "a", operator: "lessThan", value: 2 },
    { item: "b", operator: "equals", value: "x" },
  ],
];
const RESIDUALS = [null, null, "not a < 1", 'b = "y" or a = 5', "c notNull"];

const REQUEST: fc.Arbitrary<PlanRequest> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ operation: fc.constant("listItems" as const), filter: fc.constantFrom(...LIST_FILTERS), residual: fc.constantFrom(...RESIDUALS) }) },
  { weight: 1, arbitrary: fc.record({ operation: fc.constant("queryItems" as const), key: fc.record({ primary: fc.constantFrom("p1", "p2") }), residual: fc.constantFrom(...RESIDUALS) }) },
);

const PLAN: fc.Arbitrary<Plan> = fc.array(REQUEST, { minLength: 1, maxLength: 5 }).map((requests) => ({ filter: "", requests, combine: "union" as const }));

/** What the service hands out for a request, in table order: a listItems filter by `matches`, a partition by the primary key `id`. */
function served(table: readonly Item[], request: PlanRequest): Item[] {
  if (request.operation === "listItems") return table.filter((item) => matches(item, request.filter));
  return table.filter((item) => request.key === undefined || item.id === request.key.primary);
}

/** Pages of `pageSize` items; each page a fresh parse, as items off the wire are. The stopKey is the next index. */
function fetcher(table: readonly Item[], pageSize: number): PlanPageFetcher {
  return async (request, startKey): Promise<Page> => {
    await Promise.resolve();
    const all = served(table, request);
    const start = startKey === undefined ? 0 : (startKey.primary as number);
    const items = JSON.parse(JSON.stringify(all.slice(start, start + pageSize))) as Item[];
    return start + pageSize < all.length ? { items, stopKey: { primary: start + pageSize } } : { items };
  };
}

/** The union by definition: request by request, what passes the residual, each item the first time only. */
function expected(table: readonly Item[], plan: Plan, limit: number | undefined): string[] {
  const out: string[] = [];
  for (const request of plan.requests) {
    for (const item of served(table, request)) {
      const text = JSON.stringify(item);
      if ((request.residual === null || evaluate(request.residual, item)) && !out.includes(text)) out.push(text);
    }
  }
  return limit === undefined ? out : out.slice(0, limit);
}

describe("runPlan hands out each item of a plan's union once, and loses none", () => {
  it("over plans of overlapping, disjoint, repeated and partition requests, concurrency 1-4, limits", async () => {
    let overlapping = 0;
    await fc.assert(
      fc.asyncProperty(
        TABLE,
        PLAN,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        async (table, plan, pageSize, concurrency, limit) => {
          const want = expected(table, plan, limit);
          const got: string[] = [];
          for await (const item of runPlan(plan, fetcher(table, pageSize), { concurrency, limit })) got.push(JSON.stringify(item));
          expect(got).toEqual(want);
          const all = plan.requests.reduce((n, r) => n + served(table, r).length, 0);
          if (all > expected(table, plan, undefined).length) overlapping++;
        },
      ),
      { numRuns: propertyRuns(600) },
    );
    // Guards against generators that stop producing duplicates to remove.
    expect(overlapping).toBeGreaterThan(100);
  });

  it("catches a doubled item: the same item from two overlapping requests comes out once", async () => {
    const table: Item[] = [
      { id: "p1", a: 1, b: "x" },
      { id: "p2", a: 7, b: "x" },
      { id: "p3", a: 1, b: "y" },
    ];
    const plan: Plan = {
      filter: "",
      combine: "union",
      requests: [
        { operation: "listItems", filter: [{ item: "a", operator: "lessThan", value: 2 }], residual: null },
        { operation: "listItems", filter: [{ item: "a", operator: "greaterEqual", value: 5 }], residual: null },
        { operation: "listItems", filter: [{ item: "b", operator: "equals", value: "x" }], residual: null },
        { operation: "queryItems", key: { primary: "p3" }, residual: null },
      ],
    };
    const got: Item[] = [];
    for await (const item of runPlan(plan, fetcher(table, 1), { concurrency: 2 })) got.push(item);
    expect(got.map((i) => i.id)).toEqual(["p1", "p3", "p2"]);
  });
});
