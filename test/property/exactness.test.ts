import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FilterError, compileList, compileQuery, evaluate, format, matches, type FilterNode } from "@itemfilter/core";
import { listFilterArbitrary, queryFilterArbitrary } from "./exactnessArbitraries.js";
import { itemArbitrary } from "./itemArbitraries.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * The compilers are exact: whatever they accept, the JSON they produce
 * selects the same items as the filter as written. `evaluate` reads the tree
 * with plain boolean logic and `matches` reads the compiled JSON; both use the
 * one per-operator implementation, so any difference is the compiler's.
 */

const RUNS = propertyRuns(2000);
const ITEMS_PER_FILTER = 8;

/** The compiled form, or null when the compiler rejects the filter with a FilterError (anything else fails the test). */
function attempt<T>(compile: () => T): T | null {
  try {
    return compile();
  } catch (error) {
    if (error instanceof FilterError) return null;
    throw error;
  }
}

describe("compileList is exact", () => {
  it(`matches(item, compileList(ast)) === evaluate(ast, item) (${RUNS} filters)`, () => {
    let compiled = 0;
    const property = fc.property(
      listFilterArbitrary(["a", "b", "c"]),
      fc.array(itemArbitrary(["a", "b", "c"]), { minLength: ITEMS_PER_FILTER, maxLength: ITEMS_PER_FILTER }),
      (ast: FilterNode, items: unknown[]) => {
        const filters = attempt(() => compileList(ast));
        if (filters === null) return;
        compiled++;
        for (const item of items) expect(matches(item, filters)).toBe(evaluate(ast, item));
      },
    );
    fc.assert(property, { numRuns: RUNS });
    // The generators favour compilable shapes; this guards against a change that makes nearly every case an error.
    expect(compiled).toBeGreaterThan(RUNS / 4);
  });
});

describe("compileList refuses a boolean with a span and a hint", () => {
  it(`a filter with true or false is refused, at a boolean of the text with a hint (${RUNS / 4} filters)`, () => {
    let refused = 0;
    const property = fc.property(listFilterArbitrary(["a", "b", "c"]), (ast: FilterNode) => {
      // A drawn tree past the default limits (more than 256 conditions) has no text to check.
      const text = attempt(() => format(ast));
      if (text === null) return;
      const hasBoolean = /\b(true|false)\b/.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'));
      let caught: unknown;
      try {
        compileList(text);
      } catch (error) {
        caught = error;
      }
      if (caught === undefined) {
        expect(hasBoolean).toBe(false);
        return;
      }
      expect(caught).toBeInstanceOf(FilterError);
      const d = (caught as FilterError).diagnostics.find((x) => x.params?.kind === "booleanList");
      // Refused first for another reason (a value that does not fit its operator, say): that error is checked elsewhere.
      if (d === undefined) return;
      refused++;
      expect(text.slice(d.span.start.offset, d.span.end.offset)).toMatch(/^(true|false)$/);
      expect(d.hint).toMatch(/find \(or plan\) runs this condition/);
    });
    fc.assert(property, { numRuns: RUNS / 4 });
    expect(refused).toBeGreaterThan(RUNS / 40);
  });
});

describe("compileQuery is exact", () => {
  it(`matches(item, compileQuery(ast), {secondaryKey}) === evaluate(ast, item, {secondaryKey}) (${RUNS} filters)`, () => {
    const secondaryKey = "sk";
    let compiled = 0;
    const property = fc.property(
      queryFilterArbitrary(secondaryKey),
      fc.array(itemArbitrary([secondaryKey, "key", "other"]), { minLength: ITEMS_PER_FILTER, maxLength: ITEMS_PER_FILTER }),
      (ast: FilterNode, items: unknown[]) => {
        const filter = attempt(() => compileQuery(ast, { secondaryKey }));
        if (filter === null) return;
        compiled++;
        for (const item of items) {
          expect(matches(item, filter, { secondaryKey })).toBe(evaluate(ast, item, { secondaryKey }));
        }
      },
    );
    fc.assert(property, { numRuns: RUNS });
    expect(compiled).toBeGreaterThan(RUNS / 4);
  });
});
