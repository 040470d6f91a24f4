import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as core from "@itemfilter/core";
import { FilterError, type FilterNode } from "@itemfilter/core";
import { listFiltersArb, queryFilterArb, treeArb } from "./astArbitraries.js";
import { propertyRuns } from "../support/propertyRuns.js";

/*
 * Every public function of core, called with arbitrary JavaScript values (not
 * only strings): nothing escapes but a FilterError (a bad filter) or a
 * TypeError (a wrong argument), and no call turns a non-filter into a filter
 * that matches everything. Runs are bounded in number and in time.
 */

/** FUZZ_RUNS and FUZZ_MS raise the bounds for a longer local run. */
const RUNS = propertyRuns(Number(process.env["FUZZ_RUNS"] ?? 300));
/** Each property stops early (and passes) past this, so the suite's time stays bounded on a slow machine. */
const TIME_LIMIT = Number(process.env["FUZZ_MS"] ?? 4000);
const params = { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT };

/** Any JavaScript value, with the shapes that break naive code: sparse arrays, null prototypes, bigints, boxed values. */
const anything = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
  key: fc.oneof(fc.string(), fc.constantFrom("type", "operands", "operand", "operator", "value", "attribute", "name", "span", "__proto__", "body", "item")),
});

const TEXT = ["a = 1", "", "   ", "a =", "key >= 3", 'x in ("a", "b")', "not (a = 1 or a = 2)", "a => 1", "\u201cx\u201d", "((", "`a` is null"];
const text = fc.oneof(fc.constantFrom(...TEXT), fc.string({ unit: "binary", maxLength: 40 }));

/** A parsed-shape tree with one member somewhere replaced by anything (or removed). */
const brokenTree = fc.tuple(treeArb, fc.nat(), fc.nat(), anything, fc.boolean()).map(([tree, at, key, replacement, remove]) => {
  const copy = structuredClone(tree) as unknown;
  const holders: Record<string, unknown>[] = [];
  const walk = (v: unknown): void => {
    if (typeof v !== "object" || v === null) return;
    holders.push(v as Record<string, unknown>);
    for (const child of Object.values(v)) walk(child);
  };
  walk(copy);
  const holder = holders[at % holders.length]!;
  const keys = Object.keys(holder);
  const k = keys[key % keys.length]!;
  if (remove) delete holder[k];
  else holder[k] = replacement;
  return copy;
});

const filterInput = fc.oneof(
  { weight: 2, arbitrary: anything },
  { weight: 2, arbitrary: text },
  { weight: 1, arbitrary: treeArb as fc.Arbitrary<unknown> },
  { weight: 2, arbitrary: brokenTree },
  { weight: 1, arbitrary: treeArb.map((body) => ({ type: "Filter", body }) as unknown) },
);

const limitsValue = fc.oneof(fc.constant(undefined), fc.constantFrom(0, 1, 3, 100, Infinity, -1, Number.NaN), anything);
const options = fc.oneof(
  fc.constant(undefined),
  anything,
  fc.record(
    {
      maxLength: limitsValue,
      maxDepth: limitsValue,
      maxPredicates: limitsValue,
      maxInValues: limitsValue,
      secondaryKey: fc.oneof(fc.constant("sk"), anything),
      schema: fc.oneof(fc.constant({ attributes: { a: { type: "number" } } }), anything),
      mode: fc.oneof(fc.constantFrom("list", "query"), anything),
      color: anything,
      firstLine: fc.oneof(fc.constantFrom(1, 5), anything),
      path: anything,
    },
    { requiredKeys: [] },
  ),
);
const filterJson = fc.oneof(anything, listFiltersArb as fc.Arbitrary<unknown>, queryFilterArb as fc.Arbitrary<unknown>);

/** Runs a call; a FilterError or a TypeError is an acceptable answer, anything else fails the property. */
/**
 * The functions that read JSON or number text, and the errors that are their
 * contract as JSON.parse's are: malformed text is a SyntaxError, a number no
 * store can hold a RangeError (JsonNumberError). A TypeError is still the
 * only answer to an argument of the wrong type.
 */
const JSON_ERRORS: Record<string, (error: unknown) => boolean> = {
  parseJson: (error) => error instanceof SyntaxError || error instanceof core.JsonNumberError,
  toNumberValue: (error) => error instanceof RangeError,
};

/** The rejections of the async exports (the ordered runners' stages), checked once the property has run. */
const pending: Promise<unknown>[] = [];

function settle(call: () => unknown, expected?: (error: unknown) => boolean): { value?: unknown; error?: unknown } {
  try {
    const value = call();
    // An async export answers a bad argument with a rejected promise: the same contract, checked when it settles.
    if (value instanceof Promise) pending.push(value.then(() => undefined, (error: unknown) => (error instanceof FilterError || error instanceof TypeError || expected?.(error) === true ? undefined : error)));
    return { value };
  } catch (error) {
    if (error instanceof FilterError || error instanceof TypeError || expected?.(error) === true) {
      if (error instanceof FilterError) expect(error.diagnostics.length).toBeGreaterThan(0);
      return { error };
    }
    throw error;
  }
}

/** Whether a value is filter text or a syntax tree whose body is empty: the only inputs that may compile to "no filter". */
function isEmptyFilter(input: unknown): boolean {
  if (typeof input === "string") return core.parse(input, { maxLength: Infinity, maxDepth: Infinity, maxPredicates: Infinity, maxInValues: Infinity }).body === null;
  return typeof input === "object" && input !== null && (input as { type?: unknown }).type === "Filter" && (input as { body?: unknown }).body === null;
}

describe("every public function, with arbitrary values", () => {
  it("any exported function, with any three arguments: only FilterError or TypeError", async () => {
    // Classes need `new`; LineIndex is covered below, and FilterError is the error itself.
    const functions = Object.entries(core).filter(([name, value]) => typeof value === "function" && name !== "FilterError" && name !== "LineIndex");
    expect(functions.length).toBeGreaterThan(20);
    fc.assert(
      fc.property(fc.constantFrom(...functions), filterInput, anything, options, ([name, fn], a, b, c) => {
        settle(() => (fn as (...args: unknown[]) => unknown)(a, b, c), JSON_ERRORS[name]);
        settle(() => (fn as (...args: unknown[]) => unknown)(b, a, c), JSON_ERRORS[name]);
      }),
      { numRuns: RUNS * 3, interruptAfterTimeLimit: TIME_LIMIT },
    );
    const others = (await Promise.all(pending.splice(0))).filter((error) => error !== undefined);
    expect(others).toEqual([]);
  });

  it("compileList and compileQuery: only FilterError or TypeError, and [] only for an empty filter", () => {
    fc.assert(
      fc.property(filterInput, options, (input, opts) => {
        const list = settle(() => core.compileList(input as never, opts as never));
        if (list.error === undefined) {
          expect(Array.isArray(list.value)).toBe(true);
          if ((list.value as unknown[]).length === 0) expect(isEmptyFilter(input)).toBe(true);
        }
        const query = settle(() => core.compileQuery(input as never, opts as never));
        if (query.error === undefined) expect(typeof (query.value as { operator?: unknown }).operator).toBe("string");
      }),
      params,
    );
  });

  // Issue 33 §4: filter text is a person's, so for text with well-formed options the only error is FilterError
  // (a condition without a subject and no secondaryKey was a TypeError).
  it("evaluate, prepareEvaluate and explainMatch on filter text: only FilterError", () => {
    const words = fc.constantFrom("a", "b", "=", ">", "<=", "contains", "beginsWith", "in", "between", "and", "or", "not", "(", ")", "1", '"x"', "is", "null", ",");
    const sentence = fc.array(words, { maxLength: 8 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(fc.oneof(text, sentence), fc.constantFrom(undefined, {}, { maxDepth: 4 }), anything, (source, opts, item) => {
        for (const call of [() => core.evaluate(source, item, opts), () => core.prepareEvaluate(source, opts)(item), () => core.explainMatch(source, item, opts)]) {
          try {
            call();
          } catch (error) {
            expect(error).toBeInstanceOf(FilterError);
          }
        }
      }),
      params,
    );
  });

  it("parse, format, evaluate, attributes and attributeWarnings: only FilterError or TypeError", () => {
    fc.assert(
      fc.property(filterInput, options, anything, (input, opts, item) => {
        settle(() => core.parse(input as never, opts as never));
        const formatted = settle(() => core.format(input as never, opts as never));
        if (formatted.error === undefined) expect(typeof formatted.value).toBe("string");
        const evaluated = settle(() => core.evaluate(input as never, item, opts as never));
        if (evaluated.error === undefined) expect(typeof evaluated.value).toBe("boolean");
        settle(() => core.attributes(input as never, opts as never));
        settle(() => core.attributeWarnings(input as never, core.inferSchema([item]), opts as never));
        settle(() => core.attributeWarnings(input as never, item as never, opts as never));
      }),
      params,
    );
  });

  it("matches, prepareFilter, decompile, plan and the validators: only FilterError or TypeError", () => {
    fc.assert(
      fc.property(filterJson, options, anything, (json, opts, item) => {
        settle(() => core.matches(item, json as never, opts as never));
        const prepared = settle(() => core.prepareFilter(json as never, opts as never));
        if (prepared.error === undefined) expect(typeof (prepared.value as (x: unknown) => boolean)(item)).toBe("boolean");
        settle(() => core.decompile(json as never, opts as never));
        settle(() => core.validateListFilter(json, opts as never));
        settle(() => core.validateQueryFilter(json, opts as never));
        settle(() => core.plan(json as never, opts as never));
      }),
      params,
    );
  });

  it("matches never matches everything for a non-filter", () => {
    fc.assert(
      fc.property(anything, (json) => {
        const prepared = settle(() => core.prepareFilter(json as never));
        if (prepared.error !== undefined) return;
        // It validated, so it is filter JSON: [] (match all, by definition) or filters that can fail.
        if (Array.isArray(json) && json.length === 0) return;
        expect(core.validateListFilter(json).length).toBeGreaterThan(0);
      }),
      params,
    );
  });

  it("formatDiagnostics, tokenize, suggest and the helpers: only FilterError or TypeError", () => {
    fc.assert(
      fc.property(anything, anything, options, fc.oneof(text, anything), (a, b, opts, source) => {
        settle(() => core.formatDiagnostics(source as never, a as never, opts as never));
        settle(() => core.tokenize(source as never, opts as never));
        settle(() => core.suggest(source as never, a as never, opts as never));
        settle(() => core.quoteString(a as never));
        settle(() => core.quoteName(a as never));
        settle(() => core.compareStrings(a as never, b as never));
        settle(() => core.compareScalars(a as never, b as never));
        settle(() => core.operatorInfo(a as never));
        settle(() => core.isFilterError(a));
        settle(() => core.escapeForDisplay(a as never));
        settle(() => core.inferSchema(a as never));
        const index = settle(() => new core.LineIndex(source as never));
        if (index.error === undefined) {
          settle(() => (index.value as core.LineIndex).position(a as never));
          settle(() => (index.value as core.LineIndex).lineText(a as never));
        }
      }),
      params,
    );
  });

  it("formatDiagnostics renders every FilterError any call throws, and its frames carry no control or bidi characters", () => {
    const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
    fc.assert(
      fc.property(fc.oneof(text, brokenTree), (input) => {
        const result = settle(() => core.compileList(input as never));
        if (!(result.error instanceof FilterError)) return;
        const source = typeof input === "string" ? input : "";
        expect(formatDiagnostics(source, result.error)).not.toMatch(unsafe);
      }),
      params,
    );
  });

  it("a hand-built tree cannot reach Object.prototype through its operator", () => {
    for (const operator of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const node = { type: "Predicate", attribute: { type: "Attribute", name: "a" }, operator } as unknown as FilterNode;
      for (const run of [() => core.format(node), () => core.compileList(node), () => core.evaluate(node, {}), () => core.attributes(node)]) {
        const { error } = settle(run);
        expect(error).toBeInstanceOf(FilterError);
        expect((error as FilterError).diagnostics[0]).toMatchObject({ code: "E_FILTER_JSON", path: "tree.operator" });
      }
    }
  });
});

const formatDiagnostics = core.formatDiagnostics;
