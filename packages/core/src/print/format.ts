import type { FilterNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import { FilterError } from "../messages/errors.js";
import { formatNumber } from "../scan/numbers.js";
import { numberProblemOf } from "../values/numberValue.js";
import { renderMessage } from "../messages/renderMessage.js";
import type { Operator } from "../values/operators.js";
import type { ParseOptions } from "../schema/parse.js";
import { quotePath, quoteString } from "../scan/quote.js";
import { guardStack, type FilterInput } from "../tree/readDocument.js";
import { toDocument } from "../schema/toDocument.js";

export type FormatOptions = ParseOptions;

/**
 * The one written form of each operator in canonical text. Symbols where the
 * language has them (they read as comparisons at a glance), the camelCase word
 * otherwise. `in` is written `in (..)`, or `in [..]` when the tree says
 * brackets; `between a and b`; null and notNull as `is null` and `is not null`,
 * type and notType as `is string` and `is not string`.
 */
export const CANONICAL_OPERATOR: Readonly<Record<Operator, string>> = {
  equals: "=",
  notEquals: "!=",
  lessThan: "<",
  lessEqual: "<=",
  greaterThan: ">",
  greaterEqual: ">=",
  contains: "contains",
  notContains: "notContains",
  beginsWith: "beginsWith",
  in: "in",
  between: "between",
  null: "is null",
  notNull: "is not null",
  type: "is",
  notType: "is not",
};

/**
 * Canonical text for a filter: lower-case keywords, one spelling per operator,
 * single spaces, double-quoted strings, numbers in their shortest exact form,
 * and parentheses only where precedence needs them. `parse(format(x))` gives
 * the same tree apart from spans, and formatting is idempotent. Text input is
 * parsed first (with `options`), so format also pretty-prints source.
 */
export function format(input: FilterInput, options?: FormatOptions): string {
  const doc = toDocument(input, options, true, false);
  const body = doc.body;
  if (body === null) return "";
  return guardStack(() => node(body, 0), doc.span);
}

/**
 * Canonical text of a tree the library built itself from a checked filter
 * (the planner's residuals), with no second check: such a tree may share a
 * subtree between two parents, which the check for trees from outside
 * refuses (grammar/semantics.md), and it is not held to the caller's limits.
 * Not exported from the package.
 */
export function formatBuilt(body: FilterNode): string {
  return guardStack(() => node(body, 0), body.span);
}

/*
 * Precedence, loosest first: or (1), and (2), not and predicates (3). A child
 * written where its parent binds tighter than it does needs parentheses.
 */
const PRECEDENCE: Record<FilterNode["type"], number> = { Or: 1, And: 2, Not: 3, Predicate: 3 };

function node(n: FilterNode, context: number): string {
  // A hand-built And or Or of one operand is that operand, with its own precedence.
  while ((n.type === "And" || n.type === "Or") && n.operands.length === 1) n = n.operands[0]!;
  const own = PRECEDENCE[n.type];
  const text = bare(n, own);
  return own < context ? `(${text})` : text;
}

function bare(n: FilterNode, own: number): string {
  switch (n.type) {
    case "Or":
    case "And": {
      if (n.operands.length === 0) throw malformed(n, `an ${n.type} node needs at least one operand`);
      const joiner = n.type === "Or" ? " or " : " and ";
      // Operands bind at least as tightly as the parent; a nested node of the same kind gets parentheses.
      return n.operands.map((o) => node(o, own + 1)).join(joiner);
    }
    case "Not":
      return "not " + node(n.operand, own);
    case "Predicate":
      return predicate(n);
  }
}

function predicate(p: PredicateNode): string {
  const name = p.attribute === null ? "" : quotePath(p.attribute.name, p.attribute.path);
  const subject = p.attribute === null ? "" : (p.size === true ? `size(${name})` : name) + " ";
  return subject + operation(p);
}

function operation(p: PredicateNode): string {
  const v = p.value;
  switch (p.operator) {
    case "null":
    case "notNull":
      return CANONICAL_OPERATOR[p.operator];
    case "type":
    case "notType": {
      // A type's name is a word, not a string: `is string`.
      const one = Array.isArray(v) ? v[0] : v;
      return `${CANONICAL_OPERATOR[p.operator]} ${one?.type === "String" ? one.value : ""}`;
    }
    case "in": {
      const values = v === undefined ? [] : Array.isArray(v) ? v : [v];
      const list = values.map(literal).join(", ");
      return p.brackets === true ? `in [${list}]` : `in (${list})`;
    }
    case "between": {
      const [lower, upper] = Array.isArray(v) ? v : [v, undefined];
      return `between ${lower === undefined ? "" : literal(lower)} and ${upper === undefined ? "" : literal(upper)}`;
    }
    default: {
      const one = Array.isArray(v) ? v[0] : v;
      return CANONICAL_OPERATOR[p.operator] + (one === undefined ? "" : " " + literal(one));
    }
  }
}

function literal(l: LiteralNode): string {
  if (l.type === "String") return quoteString(l.value);
  if (l.type === "Param") return `$${l.name}`;
  if (l.type === "Boolean") return l.value ? "true" : "false";
  const problem = numberProblemOf(l.value);
  if (problem !== undefined) {
    // Text that would not parse back: a double beyond DynamoDB's numbers (1e300), or not finite.
    const params = problem === "syntax" ? { kind: "notFinite", number: String(l.value) } : { kind: problem, number: formatNumber(l.value) };
    throw new FilterError([{ code: "E_NUMBER", message: renderMessage("E_NUMBER", params), params, span: l.span }]);
  }
  return formatNumber(l.value);
}

function malformed(n: FilterNode, message: string): FilterError {
  return new FilterError([{ code: "E_SYNTAX", message, span: n.span }]);
}
