import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  evaluate,
  explainMatch,
  FilterError,
  format,
  formatExplanation,
  matches,
  parse,
  type FilterNode,
  type ListFilter,
} from "@itemfilter/core";
import { listFilterArbitrary } from "./exactnessArbitraries.js";
import { itemArbitrary } from "./itemArbitraries.js";
import { listFiltersArb } from "./astArbitraries.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * explainMatch against evaluate. Trees are drawn as nodes, written as text
 * (format) and parsed again, so every condition has a span of its own: the
 * span is how the checks below tell the conditions apart.
 */
const NAMES = ["a", "b", "c"];

type Known = Map<number, boolean>;

/**
 * Kleene's three-valued logic over the tree: a condition whose answer is in
 * `known` (by the offset of its span) has that answer, every other one is
 * unknown (undefined).
 */
function decided(node: FilterNode, known: Known): boolean | undefined {
  switch (node.type) {
    case "Predicate":
      return known.get(node.span.start.offset);
    case "Not": {
      const v = decided(node.operand, known);
      return v === undefined ? undefined : !v;
    }
    case "And":
    case "Or": {
      const stop = node.type === "Or";
      let unknown = false;
      for (const o of node.operands) {
        const v = decided(o, known);
        if (v === stop) return stop;
        if (v === undefined) unknown = true;
      }
      return unknown ? undefined : !stop;
    }
  }
}

/** The tree as text, or undefined when it has more conditions than the default limits take (the generators repeat subterms). */
function textOf(tree: FilterNode): string | undefined {
  try {
    return format(tree);
  } catch (error) {
    if (error instanceof FilterError && error.code === "E_LIMIT") return undefined;
    throw error;
  }
}

const cases = fc
  .tuple(listFilterArbitrary(NAMES), itemArbitrary(NAMES))
  .map(([tree, item]) => ({ text: textOf(tree), item }))
  .filter((c): c is { text: string; item: unknown } => c.text !== undefined);

describe("explainMatch", () => {
  it("answers what evaluate answers, and its conditions alone decide that answer", () => {
    fc.assert(
      fc.property(cases, ({ text, item }) => {
        const explanation = explainMatch(text, item);
        expect(explanation.matched).toBe(evaluate(text, item));
        const body = parse(text).body;
        if (body === null) return;
        const known: Known = new Map(explanation.predicates.map((p) => [p.span.start.offset, p.holds]));
        // Sufficient: with only the deciding conditions known, the answer is already the filter's.
        expect(decided(body, known)).toBe(explanation.matched);
        for (const p of explanation.predicates) {
          // Each condition counts towards the answer: its own answer, turned by the nots above it.
          expect(p.holds !== p.negated).toBe(explanation.matched);
          expect(p.reason.length).toBeGreaterThan(0);
        }
        if (explanation.matched) {
          // Smallest for a match: leave any one condition out and the answer is no longer decided.
          for (const p of explanation.predicates) {
            const fewer = new Map(known);
            fewer.delete(p.span.start.offset);
            expect(decided(body, fewer)).toBeUndefined();
          }
        }
        // The frame renders and names every reason.
        const frame = formatExplanation(text, explanation);
        for (const p of explanation.predicates) expect(frame).toContain(p.reason.slice(0, 10));
      }),
      { numRuns: propertyRuns(1500) },
    );
  });

  it("answers what matches answers for filter JSON, with spans into its own text", () => {
    fc.assert(
      fc.property(listFiltersArb, itemArbitrary(["a", "b", "name"]), (filter: ListFilter[], item) => {
        let expected: boolean;
        try {
          expected = matches(item, filter);
        } catch {
          return; // invalid filter JSON: explainMatch throws the same FilterError (tested in the unit tests)
        }
        const explanation = explainMatch(filter, item);
        expect(explanation.matched).toBe(expected);
        expect(typeof explanation.source).toBe("string");
        for (const p of explanation.predicates) {
          const covered = explanation.source!.slice(p.span.start.offset, p.span.end.offset);
          expect(covered.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
