import fc from "fast-check";
import type { FilterNode, LiteralNode, PredicateNode, Span } from "@itemfilter/core";
import { listFilterArbitrary } from "./exactnessArbitraries.js";
import { keyValue } from "./itemArbitraries.js";

const POSITION = { offset: 0, line: 1, column: 1 };
const SPAN: Span = { start: POSITION, end: POSITION };
const literal = (value: string | number): LiteralNode => (typeof value === "string" ? { type: "String", value, span: SPAN } : { type: "Number", value, span: SPAN });

/** `primary = v` or `primary in (…)`, with key values of both types (a table's keys often have one). */
function pinned(primary: string): fc.Arbitrary<PredicateNode> {
  const predicate = (operator: "equals" | "in", value: LiteralNode | LiteralNode[]): PredicateNode => ({
    type: "Predicate",
    attribute: { type: "Attribute", name: primary, span: SPAN },
    operator,
    operatorSpan: SPAN,
    value,
    span: SPAN,
  });
  return fc.oneof(
    keyValue.map((v) => predicate("equals", literal(v))),
    fc.uniqueArray(keyValue, { minLength: 1, maxLength: 3 }).map((vs) => predicate("in", vs.map(literal))),
  );
}

/**
 * Filters for findAll and findPage: random ones over `names`, and ones that
 * pin the primary key (issue 31), alone or with a random filter that may or
 * may not narrow the secondary key, so whole-partition reads are common.
 */
export function findFilterArbitrary(names: readonly string[], primary: string): fc.Arbitrary<FilterNode> {
  return fc.oneof(
    { weight: 4, arbitrary: listFilterArbitrary(names) },
    { weight: 1, arbitrary: pinned(primary) },
    { weight: 1, arbitrary: fc.tuple(pinned(primary), listFilterArbitrary(names)).map(([p, rest]): FilterNode => ({ type: "And", operands: [p, rest], span: SPAN })) },
  );
}
