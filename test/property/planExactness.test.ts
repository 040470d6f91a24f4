import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FilterError,
  compileList,
  evaluate,
  format,
  matches,
  parse,
  plan,
  validateListFilter,
  validateQueryFilter,
  type FilterNode,
  type LiteralNode,
  type Operator,
  type Plan,
  type PlanKeys,
  type PlanRequest,
  type PredicateNode,
  type Span,
} from "@itemfilter/core";
import { listFilterArbitrary, repeated } from "./exactnessArbitraries.js";
import { itemArbitrary, poolNumber, poolString } from "./itemArbitraries.js";
import { compareNumbers, isNumberValue, parseJson, stringifyJson, type NumberValue } from "@itemfilter/core";
import { propertyRuns } from "../support/propertyRuns.js";

/** The lesser and the greater of two numbers, exactly (Math.min would round an ExactNumber). */
const least = (x: NumberValue, y: NumberValue): NumberValue => (compareNumbers(x, y) <= 0 ? x : y);
const most = (x: NumberValue, y: NumberValue): NumberValue => (compareNumbers(x, y) <= 0 ? y : x);

/**
 * Running a plan selects exactly the items the filter does: each request is
 * simulated the way the emulator answers it (core's `matches` for listItems;
 * for queryItems with key.primary and no filter the whole partition, items
 * without the secondary key included; otherwise one partition, only items
 * with the secondary key, and the QueryFilter), its residual applied with
 * `evaluate`, the results united. The same check run against deliberately
 * broken planners must fail, which shows it can.
 */

const RUNS = propertyRuns(1500);
const ITEMS = 12;
const NAMES = ["id", "ts", "a", "b"] as const;

type Item = Record<string, unknown> | unknown;

/** What the emulator counts as a secondary key: an own member that is not null. */
function hasKey(item: Item, name: string): boolean {
  return typeof item === "object" && item !== null && !Array.isArray(item) && Object.hasOwn(item, name) && (item as Record<string, unknown>)[name] !== null;
}

/** The indexes of the items a plan returns, as a client running it would collect them. */
function runPlan(p: Plan, items: readonly Item[], keys: PlanKeys | undefined): Set<number> {
  const out = new Set<number>();
  for (const request of p.requests) {
    items.forEach((item, i) => {
      let served: boolean;
      if (request.operation === "listItems") {
        served = matches(item, request.filter);
      } else if (request.key !== undefined && request.filter === undefined) {
        // The whole partition: every item with that primary key.
        served = hasKey(item, keys!.primary) && (item as Record<string, unknown>)[keys!.primary] === request.key.primary;
      } else {
        const secondary = keys?.secondary;
        if (secondary === undefined) throw new Error("a filtered queryItems request without a secondary key: the service refuses it");
        const record = item as Record<string, unknown>;
        served =
          hasKey(item, secondary) &&
          (request.key === undefined || record[keys!.primary] === request.key.primary) &&
          (request.filter === undefined || matches(item, request.filter, { secondaryKey: secondary }));
      }
      if (served && (request.residual === null || evaluate(request.residual, item))) out.add(i);
    });
  }
  return out;
}

function expected(ast: FilterNode, items: readonly Item[]): Set<number> {
  const out = new Set<number>();
  items.forEach((item, i) => {
    if (evaluate(ast, item)) out.add(i);
  });
  return out;
}

/**
 * The plan, or null when plan rejects the filter with a FilterError (a bad
 * value, a limit, or too many requests). Never E_FILTER_JSON: the generated
 * trees are well-formed (a subtree written twice is two copies), so that
 * error is the planner refusing a tree of its own (issue 17).
 */
function attempt(ast: FilterNode, keys: PlanKeys | undefined, planner: typeof plan): Plan | null {
  try {
    return planner(ast, keys === undefined ? {} : { keys });
  } catch (error) {
    if (error instanceof FilterError && error.code !== "E_FILTER_JSON") return null;
    throw error;
  }
}

// No item has "" as a key: the service (and the emulator, at load) refuses one.
const keyValue = fc.oneof(poolString.filter((s) => s !== ""), poolNumber);
/** Table items: a primary key always, a secondary key often, other attributes as anywhere. */
const tableItem = fc
  .tuple(keyValue, fc.option(keyValue, { nil: undefined }), fc.boolean(), itemArbitrary(["a", "b"]))
  .map(([id, ts, nullKey, rest]) => {
    const record = typeof rest === "object" && rest !== null && !Array.isArray(rest) ? { ...(rest as object) } : {};
    return { ...record, id, ...(ts !== undefined ? { ts } : nullKey ? { ts: null } : {}) };
  });

const POSITION = { offset: 0, line: 1, column: 1 };
const SPAN: Span = { start: POSITION, end: POSITION };
const literal = (value: string | NumberValue): LiteralNode =>
  typeof value === "string" ? { type: "String", value, span: SPAN } : { type: "Number", value, span: SPAN };
function condition(name: string, operator: Operator, value?: (string | NumberValue) | (string | NumberValue)[]): PredicateNode {
  const base = { type: "Predicate" as const, attribute: { type: "Attribute" as const, name, span: SPAN }, operator, operatorSpan: SPAN, span: SPAN };
  if (value === undefined) return base;
  return { ...base, value: Array.isArray(value) ? value.map(literal) : literal(value) };
}
const and = (operands: FilterNode[]): FilterNode => ({ type: "And", operands, span: SPAN });
const or = (operands: FilterNode[]): FilterNode => ({ type: "Or", operands, span: SPAN });
const not = (operand: FilterNode): FilterNode => ({ type: "Not", operand, span: SPAN });

/** An equality on the primary key, as `=` or a short `in`. */
const onPrimary = fc.oneof(
  keyValue.map((v) => condition("id", "equals", v)),
  fc.array(keyValue, { minLength: 1, maxLength: 3 }).map((vs) => condition("id", "in", vs)),
);
/** Any condition on the secondary key, present-implying or not. */
const onSecondary = fc.oneof(
  keyValue.map((v) => condition("ts", "equals", v)),
  fc.array(keyValue, { minLength: 1, maxLength: 3 }).map((vs) => condition("ts", "in", vs)),
  fc.tuple(fc.constantFrom<Operator>("lessThan", "lessEqual", "greaterThan", "greaterEqual"), poolNumber).map(([op, v]) => condition("ts", op, v)),
  fc.tuple(poolNumber, poolNumber).map(([x, y]) => and([condition("ts", "greaterEqual", least(x, y)), condition("ts", "lessEqual", most(x, y))])),
  fc.tuple(poolNumber, poolNumber).map(([x, y]) => condition("ts", "between", [least(x, y), most(x, y)])),
  poolString.map((v) => condition("ts", "beginsWith", v)),
  poolString.map((v) => condition("ts", "contains", v)),
  fc.constantFrom(condition("ts", "notNull"), condition("ts", "null")),
  keyValue.map((v) => condition("ts", "notEquals", v)),
);
/** Conditions the service cannot test: they must stay in the residual. */
const localOnly = fc.oneof(
  fc.tuple(fc.constantFrom("a", "b", "ts"), fc.constantFrom<Operator>("lessThan", "greaterEqual"), poolNumber).map(([n, op, v]) => not(condition(n, op, v))),
  fc.tuple(fc.constantFrom("a", "b"), poolString).map(([n, v]) => not(condition(n, "beginsWith", v))),
);
/** A bound, an interval or an equality on one attribute: alternatives of these merge (issue 23: `a < 0 or a < 1 or …`). */
const onOneAttribute = (name: string): fc.Arbitrary<FilterNode> =>
  fc.oneof(
    fc.tuple(fc.constantFrom<Operator>("lessThan", "lessEqual", "greaterThan", "greaterEqual"), poolNumber).map(([op, v]) => condition(name, op, v)),
    fc.tuple(poolNumber, poolNumber).map(([x, y]) => condition(name, "between", [least(x, y), most(x, y)])),
    keyValue.map((v) => condition(name, "equals", v)),
    fc.array(keyValue, { minLength: 1, maxLength: 3 }).map((vs) => condition(name, "in", vs)),
  );
const sameAttributeAlternatives = fc
  .tuple(fc.constantFrom("a", "ts"), fc.option(onPrimary, { nil: undefined }))
  .chain(([name, rest]) => fc.array(onOneAttribute(name), { minLength: 2, maxLength: 6 }).map((alts) => (rest === undefined ? or(alts) : and([rest, or(alts)]))));

/** Filters that lean on what the planner does: key queries, splits, residuals, mixed types. */
const planFilter: fc.Arbitrary<FilterNode> = fc.letrec<{ tree: FilterNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 3, arbitrary: listFilterArbitrary(NAMES) },
    { weight: 3, arbitrary: fc.tuple(onPrimary, onSecondary, fc.array(tie("tree"), { maxLength: 1 })).map(([p, q, rest]) => and([p, q, ...rest])) },
    { weight: 1, arbitrary: onPrimary },
    { weight: 1, arbitrary: onSecondary },
    // The primary key pinned with no usable condition on the secondary key (issue 31): a whole-partition read.
    { weight: 2, arbitrary: fc.tuple(onPrimary, fc.oneof(listFilterArbitrary(["a", "b"]), localOnly, onSecondary)).map(([p, rest]) => and([p, rest])) },
    { weight: 2, arbitrary: localOnly },
    // Clauses and subterms written twice (issue 17), over key conditions and local ones too.
    { weight: 2, arbitrary: repeated(tie("tree"), localOnly) },
    { weight: 2, arbitrary: sameAttributeAlternatives },
    { weight: 1, arbitrary: fc.array(keyValue, { minLength: 2, maxLength: 4 }).map((vs) => or(vs.map((v) => condition("a", "equals", v)))) },
    { weight: 2, arbitrary: fc.array(tie("tree"), { minLength: 2, maxLength: 3 }).map(and) },
    { weight: 2, arbitrary: fc.array(tie("tree"), { minLength: 2, maxLength: 3 }).map(or) },
    { weight: 1, arbitrary: tie("tree").map(not) },
  ),
})).tree;

const KEYS: (PlanKeys | undefined)[] = [undefined, { primary: "id" }, { primary: "id", secondary: "ts" }];
const scenario = fc.record({
  ast: planFilter,
  keys: fc.constantFrom(...KEYS),
  items: fc.array(tableItem, { minLength: ITEMS, maxLength: ITEMS }),
});

/** The check itself, for any planner: the property holds when the plan's items are the filter's. */
interface Counter {
  planned: number;
  queries: number;
  whole: number;
  split: number;
  residual: number;
}

function exactFor(planner: typeof plan, counter?: Counter) {
  return fc.property(scenario, ({ ast, keys, items }) => {
    const p = attempt(ast, keys, planner);
    if (p === null) return true;
    if (counter !== undefined) {
      counter.planned++;
      if (p.requests.some((r) => r.operation === "queryItems")) counter.queries++;
      if (p.requests.some((r) => r.operation === "queryItems" && r.filter === undefined)) counter.whole++;
      if (p.requests.length > 1) counter.split++;
      if (p.requests.some((r) => r.residual !== null)) counter.residual++;
    }
    return sameSet(runPlan(p, items, keys), expected(ast, items));
  });
}

function sameSet(a: Set<number>, b: Set<number>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

describe("plan is exact", () => {
  it(`the union of each request's items that pass its residual is items.filter(evaluate) (${RUNS} filters)`, () => {
    const counter: Counter = { planned: 0, queries: 0, whole: 0, split: 0, residual: 0 };
    fc.assert(exactFor(plan, counter), { numRuns: RUNS });
    // Most generated filters must plan, and every kind of plan must be common enough to be tested.
    expect(counter.planned).toBeGreaterThan(RUNS / 2);
    expect(counter.queries).toBeGreaterThan(RUNS / 20);
    expect(counter.whole).toBeGreaterThan(RUNS / 20);
    expect(counter.split).toBeGreaterThan(RUNS / 10);
    expect(counter.residual).toBeGreaterThan(RUNS / 10);
  });

  it("every request is one the service accepts, the plan is plain JSON, and compileList's filters plan to themselves", () => {
    fc.assert(
      fc.property(fc.oneof(planFilter, listFilterArbitrary(NAMES)), fc.constantFrom(...KEYS), (ast, keys) => {
        const p = attempt(ast, keys, plan);
        if (p === null) return;
        expect(parseJson(stringifyJson(p))).toEqual(p);
        // None only where no item can match: an equality on the primary key with "" (no key is empty).
        if (p.requests.length === 0) expect(keys).toBeDefined();
        expect(p.requests.length).toBeLessThanOrEqual(16);
        for (const r of p.requests) {
          if (r.operation === "listItems") expect(validateListFilter(r.filter)).toEqual(r.filter);
          else if (r.filter !== undefined) expect(validateQueryFilter(r.filter)).toEqual(r.filter);
          if (r.residual !== null) expect(r.residual.length).toBeGreaterThan(0);
        }
        let compiled: unknown = null;
        try {
          compiled = compileList(ast);
        } catch (error) {
          if (!(error instanceof FilterError)) throw error;
        }
        if (compiled !== null && keys === undefined) {
          // As JSON, where -0 is 0: the plan writes it so, being plain JSON.
          expect(p.requests).toEqual([{ operation: "listItems", filter: parseJson(stringifyJson(compiled)), residual: null }]);
        }
      }),
      { numRuns: propertyRuns(1000) },
    );
  });
});

/** Keys with their types, over a table whose items all hold keys of those types (as DynamoDB's do). */
const TYPED: PlanKeys = { primary: "id", secondary: "ts", types: { primary: "string", secondary: "number" } };
const typedItem = fc.tuple(poolString.filter((s) => s !== ""), fc.option(poolNumber, { nil: undefined }), itemArbitrary(["a", "b"])).map(([id, ts, rest]) => {
  const record = typeof rest === "object" && rest !== null && !Array.isArray(rest) ? { ...(rest as object) } : {};
  return { ...record, id, ...(ts === undefined ? {} : { ts }) };
});

describe("plan with key types (issue 33)", () => {
  it("sends no key value of the other type (the service would refuse it), and stays exact", () => {
    let typedAway = 0;
    fc.assert(
      fc.property(planFilter, fc.array(typedItem, { minLength: ITEMS, maxLength: ITEMS }), (ast, items) => {
        const p = attempt(ast, TYPED, plan);
        if (p === null) return true;
        for (const r of p.requests) {
          if (r.operation !== "queryItems") continue;
          expect(typeof r.key!.primary).toBe("string");
          const values = r.filter === undefined ? [] : Array.isArray(r.filter.value) ? r.filter.value : [r.filter.value];
          expect(values.every((v) => isNumberValue(v))).toBe(true);
        }
        const untyped = attempt(ast, { primary: "id", secondary: "ts" }, plan);
        if (untyped !== null && untyped.requests.length > p.requests.length) typedAway++;
        return sameSet(runPlan(p, items, TYPED), expected(ast, items));
      }),
      { numRuns: propertyRuns(600) },
    );
    // Key values of the other type are drawn often enough that requests are really left out.
    expect(typedAway).toBeGreaterThan(10);
  });
});

/** A planner that loses the last request: a disjunct dropped. */
const dropsADisjunct: typeof plan = (input, options) => {
  const p = plan(input, options);
  return p.requests.length > 1 ? { ...p, requests: p.requests.slice(0, -1) } : p;
};

/** A planner that treats `not (a < x)` as `a >= x`, which misses items where a is missing or not a number. */
const inexactNot: typeof plan = (input, options) => plan(rewriteNegatedOrderings(input as FilterNode), options);

function rewriteNegatedOrderings(node: FilterNode): FilterNode {
  switch (node.type) {
    case "And":
    case "Or":
      return { ...node, operands: node.operands.map(rewriteNegatedOrderings) };
    case "Not": {
      const inner = node.operand;
      if (inner.type === "Predicate" && inner.operator === "lessThan") return { ...inner, operator: "greaterEqual" };
      return { ...node, operand: rewriteNegatedOrderings(inner) };
    }
    case "Predicate":
      return node;
  }
}

/**
 * A planner that takes a whole-partition read for what a query with a filter
 * returns, only items with the secondary key: it drops `ts is not null` from
 * such a request's residual, and so returns the partition's items without ts.
 */
const wholeAsKeyed: typeof plan = (input, options) => {
  const p = plan(input, options);
  const requests = p.requests.map((r): PlanRequest => (r.operation === "queryItems" && r.filter === undefined && r.residual !== null ? { ...r, residual: withoutNotNull(r.residual) } : r));
  return { ...p, requests };
};

function withoutNotNull(residual: string): string | null {
  const body = parse(residual).body!;
  const operands = body.type === "And" ? body.operands : [body];
  const kept = operands.filter((o) => !(o.type === "Predicate" && o.operator === "notNull" && o.attribute?.name === "ts"));
  if (kept.length === 0) return null;
  return format(kept.length === 1 ? kept[0]! : and(kept));
}

describe("the exactness check catches broken planners", () => {
  it.each([
    ["a planner that drops a disjunct", dropsADisjunct],
    ["a planner that pushes down an inexact rewrite of not", inexactNot],
    ["a planner that reads a whole partition as if it held only items with the secondary key", wholeAsKeyed],
  ])("%s", (_name, broken) => {
    const result = fc.check(exactFor(broken), { numRuns: 5000 });
    expect(result.failed).toBe(true);
  });
});
