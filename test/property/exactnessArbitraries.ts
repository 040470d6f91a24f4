import fc from "fast-check";
import type { FilterNode, LiteralNode, Operator, PredicateNode, Span } from "@itemfilter/core";
import { poolNumber, poolString } from "./itemArbitraries.js";

/**
 * Filter trees for the compiler exactness property. They are built as nodes,
 * not text, so every shape the compilers might meet is reachable. The
 * generators lean towards shapes the compilers accept (equality chains,
 * negations of operators with a complement, ranges on the key) so that a
 * good share of cases tests the rewrites rather than the error paths.
 */

const POSITION = { offset: 0, line: 1, column: 1 };
const SPAN: Span = { start: POSITION, end: POSITION };

const stringLiteral: fc.Arbitrary<LiteralNode> = poolString.map((value) => ({ type: "String", value, span: SPAN }));
const numberLiteral: fc.Arbitrary<LiteralNode> = poolNumber.map((value) => ({ type: "Number", value, span: SPAN }));
const literal = fc.oneof(stringLiteral, numberLiteral);

function predicate(name: string | null, operator: Operator, value?: LiteralNode | LiteralNode[], brackets?: boolean): PredicateNode {
  const attribute = name === null ? null : { type: "Attribute" as const, name, span: SPAN };
  const base = { type: "Predicate" as const, attribute, operator, operatorSpan: SPAN, span: SPAN };
  if (value === undefined) return base;
  return brackets === true ? { ...base, value, brackets: true } : { ...base, value };
}

/** A literal that mostly fits the operator's value shape, sometimes not (which the compilers must reject). */
function operand(operator: Operator): fc.Arbitrary<LiteralNode | LiteralNode[] | undefined> {
  switch (operator) {
    case "null":
    case "notNull":
      return fc.constant(undefined);
    case "lessThan":
    case "lessEqual":
    case "greaterThan":
    case "greaterEqual":
      return fc.oneof({ weight: 4, arbitrary: numberLiteral }, { weight: 1, arbitrary: stringLiteral });
    case "contains":
    case "notContains":
    case "beginsWith":
      return fc.oneof({ weight: 4, arbitrary: stringLiteral }, { weight: 1, arbitrary: numberLiteral });
    case "in":
      return fc.array(literal, { minLength: 1, maxLength: 3 });
    case "between":
      return fc.oneof(
        fc.tuple(numberLiteral, numberLiteral).map(([x, y]) => (x.value <= y.value ? [x, y] : [y, x])),
        fc.tuple(stringLiteral, stringLiteral),
        fc.tuple(literal, literal),
      );
    default:
      return literal;
  }
}

const ALL_OPERATORS: Operator[] = [
  "equals", "notEquals", "lessThan", "lessEqual", "greaterThan", "greaterEqual",
  "contains", "notContains", "beginsWith", "in", "between", "null", "notNull",
];

function predicateOn(names: fc.Arbitrary<string | null>, operators: fc.Arbitrary<Operator>): fc.Arbitrary<PredicateNode> {
  return fc
    .tuple(names, operators)
    .chain(([name, op]) => fc.tuple(fc.constant(name), fc.constant(op), operand(op), fc.boolean()))
    .map(([name, op, value, brackets]) => predicate(name, op, value, op === "in" && brackets));
}

const not = (operand: FilterNode): FilterNode => ({ type: "Not", operand, span: SPAN });
const and = (operands: FilterNode[]): FilterNode => ({ type: "And", operands, span: SPAN });
const or = (operands: FilterNode[]): FilterNode => ({ type: "Or", operands, span: SPAN });

/** Trees over attribute names `names`, for compileList. */
export function listFilterArbitrary(names: readonly string[]): fc.Arbitrary<FilterNode> {
  const name = fc.constantFrom(...names);
  const anyPredicate = predicateOn(name, fc.constantFrom(...ALL_OPERATORS));
  const complementable = predicateOn(name, fc.constantFrom<Operator>("equals", "notEquals", "contains", "notContains", "null", "notNull", "in"));
  // a = 1 or a in (2, 3): an or the compiler turns into one `in`.
  const equalityChain = name.chain((n) =>
    fc.array(predicateOn(fc.constant(n), fc.constantFrom<Operator>("equals", "in")), { minLength: 2, maxLength: 3 }).map(or),
  );
  // not (a != 1 and a != 2): De Morgan back into an `in`.
  const negatedInequalities = name.chain((n) =>
    fc.array(predicateOn(fc.constant(n), fc.constantFrom<Operator>("notEquals")), { minLength: 2, maxLength: 3 }).map((ps) => not(and(ps))),
  );
  const { tree } = fc.letrec<{ tree: FilterNode }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { weight: 5, arbitrary: anyPredicate },
      { weight: 3, arbitrary: complementable.map(not) },
      { weight: 2, arbitrary: complementable.map((p) => not(not(p))) },
      { weight: 2, arbitrary: equalityChain },
      { weight: 1, arbitrary: equalityChain.map(not) },
      { weight: 1, arbitrary: negatedInequalities },
      { weight: 3, arbitrary: fc.array(tie("tree"), { minLength: 2, maxLength: 4 }).map(and) },
      { weight: 1, arbitrary: fc.array(tie("tree"), { minLength: 2, maxLength: 3 }).map(or) },
      { weight: 1, arbitrary: tie("tree").map(not) },
    ),
  }));
  return tree;
}

/** Key-query trees: mostly one condition on the key (under any of its names) or a two-sided range. */
export function queryFilterArbitrary(secondaryKey: string): fc.Arbitrary<FilterNode> {
  const keyName = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom<string | null>(null, "key", "KEY", secondaryKey) },
    { weight: 1, arbitrary: fc.constant("other") },
  );
  const queryOperators = fc.constantFrom<Operator>("equals", "lessThan", "lessEqual", "greaterThan", "greaterEqual", "beginsWith", "between");
  const single = predicateOn(keyName, queryOperators);
  // key >= lo and key <= hi (either way round) becomes between; string bounds are rejected (>= takes a number), and bounds may be reversed.
  const bound = fc.oneof({ weight: 6, arbitrary: numberLiteral }, { weight: 1, arbitrary: stringLiteral });
  const range = fc
    .tuple(keyName, keyName, bound, bound, fc.boolean())
    .map(([n, m, lo, hi, flip]) => {
      const sides = [predicate(n, "greaterEqual", lo), predicate(m, "lessEqual", hi)];
      return and(flip ? sides.reverse() : sides);
    });
  const oddPair = fc.tuple(single, single).map(([x, y]) => and([x, y]));
  const listOnly = predicateOn(keyName, fc.constantFrom(...ALL_OPERATORS));
  return fc.oneof(
    { weight: 6, arbitrary: single },
    { weight: 6, arbitrary: range },
    { weight: 1, arbitrary: oddPair },
    { weight: 1, arbitrary: listOnly },
    { weight: 1, arbitrary: fc.array(single, { minLength: 2, maxLength: 3 }).map(or) },
    { weight: 1, arbitrary: single.map(not) },
  );
}
