import fc from "fast-check";
import type { FilterNode, LiteralNode, NumberNode, Operator, PredicateNode, Span } from "@itemfilter/core";
import { poolNumber, poolString } from "./itemArbitraries.js";
import { compareNumbers, parseJson, stringifyJson } from "@itemfilter/core";

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
const booleanLiteral: fc.Arbitrary<LiteralNode> = fc.boolean().map((value) => ({ type: "Boolean", value, span: SPAN }));
/** The values of =, != and in, which take a boolean too (compileList refuses it; plan checks it locally). */
const equalityOrBoolean = fc.oneof({ weight: 5, arbitrary: literal }, { weight: 1, arbitrary: booleanLiteral });

function predicate(name: string | null, operator: Operator, value?: LiteralNode | LiteralNode[], brackets?: boolean): PredicateNode {
  const attribute = name === null ? null : { type: "Attribute" as const, name, span: SPAN };
  const base = { type: "Predicate" as const, attribute, operator, operatorSpan: SPAN, span: SPAN };
  if (value === undefined) return base;
  return brackets === true ? { ...base, value, brackets: true } : { ...base, value };
}

/** A literal that mostly fits the operator's value shape, sometimes not (which the compilers must reject). */
function operand(operator: Operator, booleans: boolean): fc.Arbitrary<LiteralNode | LiteralNode[] | undefined> {
  const equalityLiteral = booleans ? equalityOrBoolean : literal;
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
      return fc.array(equalityLiteral, { minLength: 1, maxLength: 3 });
    case "between":
      return fc.oneof(
        fc.tuple(numberLiteral, numberLiteral).map(([x, y]) => (compareNumbers((x as NumberNode).value, (y as NumberNode).value) <= 0 ? [x, y] : [y, x])),
        fc.tuple(stringLiteral, stringLiteral),
        fc.tuple(literal, literal),
      );
    default:
      return equalityLiteral;
  }
}

const ALL_OPERATORS: Operator[] = [
  "equals", "notEquals", "lessThan", "lessEqual", "greaterThan", "greaterEqual",
  "contains", "notContains", "beginsWith", "in", "between", "null", "notNull",
];

function predicateOn(names: fc.Arbitrary<string | null>, operators: fc.Arbitrary<Operator>, booleans = true): fc.Arbitrary<PredicateNode> {
  return fc
    .tuple(names, operators)
    .chain(([name, op]) => fc.tuple(fc.constant(name), fc.constant(op), operand(op, booleans), fc.boolean()))
    .map(([name, op, value, brackets]) => predicate(name, op, value, op === "in" && brackets));
}

const not = (operand: FilterNode): FilterNode => ({ type: "Not", operand, span: SPAN });
const and = (operands: FilterNode[]): FilterNode => ({ type: "And", operands, span: SPAN });
const or = (operands: FilterNode[]): FilterNode => ({ type: "Or", operands, span: SPAN });

/** Trees over attribute names `names`, for compileList; `booleans: false` leaves true and false out (a scope the service must take). */
export function listFilterArbitrary(names: readonly string[], { booleans = true }: { booleans?: boolean } = {}): fc.Arbitrary<FilterNode> {
  const name = fc.constantFrom(...names);
  const anyPredicate = predicateOn(name, fc.constantFrom(...ALL_OPERATORS), booleans);
  const complementable = predicateOn(name, fc.constantFrom<Operator>("equals", "notEquals", "contains", "notContains", "null", "notNull", "in"), booleans);
  // a = 1 or a in (2, 3): an or the compiler turns into one `in`.
  const equalityChain = name.chain((n) =>
    fc.array(predicateOn(fc.constant(n), fc.constantFrom<Operator>("equals", "in"), booleans), { minLength: 2, maxLength: 3 }).map(or),
  );
  // not (a != 1 and a != 2): De Morgan back into an `in`.
  const negatedInequalities = name.chain((n) =>
    fc.array(predicateOn(fc.constant(n), fc.constantFrom<Operator>("notEquals"), booleans), { minLength: 2, maxLength: 3 }).map((ps) => not(and(ps))),
  );
  const small = fc.oneof(anyPredicate, complementable.map(not), equalityChain, fc.array(anyPredicate, { minLength: 2, maxLength: 2 }).map(or));
  const { tree } = fc.letrec<{ tree: FilterNode }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { weight: 5, arbitrary: anyPredicate },
      { weight: 3, arbitrary: repeated(tie("tree"), anyPredicate) },
      // Repeats inside repeats, three deep: `((X or X) and Y or …)` as people paste and tweak.
      { weight: 1, arbitrary: repeated(repeated(repeated(small, anyPredicate), anyPredicate), anyPredicate) },
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

/** A deep copy: a subtree written twice in text is two subtrees (one object under two parents is refused as a tree from outside). */
// Through exact JSON, not structuredClone, which would drop an ExactNumber's class.
const copy = (node: FilterNode): FilterNode => parseJson(stringifyJson(node)) as FilterNode;

/**
 * Filters that repeat a clause or a subterm, as people write them when they
 * paste a clause and tweak a copy: `X or X`, `not (X or X)`, `X and X`,
 * `(X and Y) or (Y and X)`, `(X or Y) and not L and (X or Z)` (issue 17's
 * `(a = 1 or b = 1) and not c < 1 and (a = 1 or d = 1)`), and `A and (X or Y)
 * and (X or Y)`. `local` draws conditions for L, of which the negated
 * orderings are those the service cannot test.
 */
export function repeated(term: fc.Arbitrary<FilterNode>, local: fc.Arbitrary<FilterNode>): fc.Arbitrary<FilterNode> {
  return fc.oneof(
    term.map((x) => or([x, copy(x)])),
    term.map((x) => not(or([x, copy(x)]))),
    term.map((x) => and([x, copy(x)])),
    fc.tuple(term, term).map(([x, y]) => or([and([x, y]), and([copy(y), copy(x)])])),
    fc.tuple(term, term, term, local).map(([x, y, z, l]) => and([or([x, y]), not(l), or([copy(x), z])])),
    fc.tuple(term, term, term).map(([a, x, y]) => and([a, or([x, y]), or([copy(x), copy(y)])])),
  );
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
