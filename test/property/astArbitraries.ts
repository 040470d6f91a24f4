import fc from "fast-check";
import { MAX_INDEX } from "../../packages/core/src/scan/pathLimits.js";
import {
  OPERATORS,
  QUERY_OPERATORS,
  compareScalars,
  type FilterNode,
  type ListFilter,
  type LiteralNode,
  type Operator,
  type PredicateNode,
  type QueryFilter,
  type NumberValue,
  type Scalar,
  type Span,
} from "@itemfilter/core";
import { dynamoNumberArb } from "./numberArbitraries.js";

/**
 * Arbitraries for the text round trips: syntax trees in the form parse
 * produces (and/or flattened), and filter JSON that the service accepts.
 * Names and strings lean on the awkward cases: keywords in any case, spaces,
 * backticks, backslashes, quotes, control characters, non-BMP text,
 * `__proto__`. Numbers are any finite double, -0 and subnormals included.
 */

const POSITION = { offset: 0, line: 1, column: 1 };
const SPAN: Span = { start: POSITION, end: POSITION };

const NAME_POOL = [
  "a", "b", "name", "Score", "_x1", "key", "and", "OR", "Not", "in", "IS", "null", "NotNull", "between", "beginsWith",
  "equals", "first name", " lead", "a`b", "a\\b", 'a"b', "a'b", "`", "1st", "a-b", "__proto__", "constructor", "toString",
  "名前", "café", "\u{1D49C}x", "\u{1F600}", "tab\there", "\u0000", "\u202e", "android", "x y z", "true", "FALSE", "truly",
];

const STRING_POOL = ["", "a", " ", '"', "'", "\\", "`", "\\u0041", "\n\r\t\b\f", "\u0000\u001f\u007f\u0085", "\u00e9", "\u{1F600}", "\uFF61", "\u{10FFFF}", "\u2028", "\ufeff", "and", "a b"];

/** Attribute names: any non-empty text without lone surrogates (the language cannot write those). */
export const nameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NAME_POOL) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 6 }) },
);

export const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...STRING_POOL) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 4 }) },
);

/** Numbers a filter can hold: DynamoDB's, doubles and exact decimals (numberArbitraries.ts). */
export const numberArb: fc.Arbitrary<NumberValue> = dynamoNumberArb;

export const scalarArb: fc.Arbitrary<Scalar> = fc.oneof(stringArb, numberArb);

const literalArb: fc.Arbitrary<LiteralNode> = scalarArb.map(literal);

function literal(value: Scalar): LiteralNode {
  return typeof value === "string" ? { type: "String", value, span: SPAN } : { type: "Number", value, span: SPAN };
}

/** Where a boolean may stand: the values of =, != and in (the parser refuses it elsewhere). */
const equalityLiteralArb: fc.Arbitrary<LiteralNode> = fc.oneof(
  { weight: 4, arbitrary: literalArb },
  { weight: 1, arbitrary: fc.boolean().map((value): LiteralNode => ({ type: "Boolean", value, span: SPAN })) },
);

const operatorArb = fc.constantFrom(...OPERATORS.map((op) => op.name));

/** Any predicate parse can produce; values need not fit their operator, since parse does not check that. */
const predicateArb: fc.Arbitrary<PredicateNode> = fc
  .record({
    name: fc.option(nameArb, { freq: 6, nil: null }),
    // Nested attributes (issue 34): members of any name, keywords and quoted ones included, and indexes.
    path: fc.option(fc.array(fc.oneof(nameArb, fc.nat(12), fc.constant(MAX_INDEX)), { minLength: 1, maxLength: 3 }), { freq: 3, nil: undefined }),
    operator: operatorArb,
    one: literalArb,
    equalityOne: equalityLiteralArb,
    list: fc.array(equalityLiteralArb, { minLength: 1, maxLength: 4 }),
    pair: fc.tuple(literalArb, literalArb),
    brackets: fc.boolean(),
  })
  .map(({ name, path, operator, one, equalityOne, list, pair, brackets }): PredicateNode => {
    const attribute = name === null ? null : path === undefined ? { type: "Attribute" as const, name, span: SPAN } : { type: "Attribute" as const, name, path, span: SPAN };
    const base = { type: "Predicate" as const, attribute, operator, operatorSpan: SPAN, span: SPAN };
    switch (operator) {
      case "null":
      case "notNull":
        return base;
      case "in":
        return brackets ? { ...base, value: list, brackets: true } : { ...base, value: list };
      case "between":
        return { ...base, value: pair };
      case "equals":
      case "notEquals":
        return { ...base, value: equalityOne };
      default:
        return { ...base, value: one };
    }
  });

/** Joins operands the way the parser does: an and inside an and (or an or inside an or) is spliced in. */
function join(type: "And" | "Or", operands: FilterNode[]): FilterNode {
  const flat: FilterNode[] = [];
  for (const o of operands) {
    if (o.type === type) flat.push(...o.operands);
    else flat.push(o);
  }
  return { type, operands: flat, span: SPAN };
}

/** Trees in parse's normal form, a few levels deep (well inside the default maxDepth). */
export const treeArb: fc.Arbitrary<FilterNode> = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 4, depthIdentifier: "tree" },
    { weight: 4, arbitrary: predicateArb },
    { weight: 1, arbitrary: tie("node").map((operand): FilterNode => ({ type: "Not", operand, span: SPAN })) },
    { weight: 1, arbitrary: fc.array(tie("node"), { minLength: 2, maxLength: 4 }).map((o) => join("And", o)) },
    { weight: 1, arbitrary: fc.array(tie("node"), { minLength: 2, maxLength: 4 }).map((o) => join("Or", o)) },
  ),
})).node;

/** A value that fits an operator's shape in the operator table. */
function valueFor(operator: Operator): fc.Arbitrary<Scalar | Scalar[] | undefined> {
  switch (OPERATORS.find((op) => op.name === operator)!.value) {
    case "none":
      return fc.constant(undefined);
    case "scalar":
      return scalarArb;
    case "number":
      return numberArb;
    case "string":
      return stringArb;
    case "list":
      // Small pools so that repeats occur; a scalar or an array, which compile differently.
      // An array holds one type: the service refuses an `in` of strings and numbers (E_IN_MIXED_TYPES).
      return fc.oneof(
        scalarArb,
        fc.array(fc.oneof(fc.constantFrom<Scalar>("x", "y"), stringArb), { minLength: 1, maxLength: 6 }),
        fc.array(fc.oneof(fc.constantFrom<Scalar>(1, -0), numberArb), { minLength: 1, maxLength: 6 }),
      );
    case "range":
      return fc
        .oneof(fc.tuple(numberArb, numberArb), fc.tuple(stringArb, stringArb))
        .map(([x, y]) => (compareScalars(x, y)! <= 0 ? [x, y] : [y, x]));
  }
}

export const listFilterArb: fc.Arbitrary<ListFilter> = fc
  .tuple(nameArb, operatorArb)
  .chain(([item, operator]) => valueFor(operator).map((value): ListFilter => (value === undefined ? { item, operator } : { item, operator, value })));

export const listFiltersArb: fc.Arbitrary<ListFilter[]> = fc.array(listFilterArb, { maxLength: 6 });

export const queryFilterArb: fc.Arbitrary<QueryFilter> = fc
  .constantFrom(...QUERY_OPERATORS)
  .chain((operator) => valueFor(operator).map((value): QueryFilter => ({ operator, value: value! })));

/** The tree without spans, for comparing a re-parse with the original. */
export function withoutSpans(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSpans);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== "span" && k !== "operatorSpan") out[k] = withoutSpans(v);
  return out;
}
