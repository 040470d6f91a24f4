import type { LexProblem } from "../scan/lexer.js";
import type { PredicateNode } from "./ast.js";
import type { Operator } from "../values/operators.js";
import { renderMessage } from "../messages/renderMessage.js";
import { givenParams } from "../messages/valueKind.js";

/*
 * `fold(a)`: a condition that compares with letter case folded
 * (grammar/semantics.md, "Letter case"). What it takes, and the parser's
 * problems with it, in offsets as every problem of a parse is; also what
 * binding a parameter and checking a tree report, in the same words.
 */

/** The operators that compare folded text: the equalities, the orderings, between, in and the text tests. */
export const FOLD_OPERATORS: ReadonlySet<Operator> = new Set([
  "equals",
  "notEquals",
  "lessThan",
  "lessEqual",
  "greaterThan",
  "greaterEqual",
  "between",
  "in",
  "beginsWith",
  "contains",
  "notContains",
]);

/** Whether a condition compares folded values: `fold(a)` written, or an attribute the schema makes case-insensitive (schema.ts). */
export function isFolded(node: Pick<PredicateNode, "fold">): boolean {
  return node.fold === true;
}

export const FOLD_HINT = "fold(a) compares a's text with letter case ignored (Unicode case folding): use it with =, !=, <, <=, >, >=, between, in, beginsWith, contains or notContains and strings";

/** `fold(a) is null`, `fold(a) is string`: only the comparisons of text take fold(…). */
export function foldOperatorProblem(operator: Operator, written: string, start: number, end: number): LexProblem {
  const params = { kind: "foldOperator", operator, written };
  return { code: "E_VALUE_TYPE", message: renderMessage("E_VALUE_TYPE", params), hint: FOLD_HINT, params, start, end };
}

/**
 * `fold(a) = 3`: fold(…) compares text. For a parameter's value (`shown`
 * false) what it is, never what it holds: the value may be a secret.
 */
export function foldValueProblem(value: unknown, start: number, end: number, shown = true): LexProblem {
  const given = givenParams(value);
  const params = { kind: "foldValue", expected: "string", ...(shown ? given : { given: given.given }) };
  return { code: "E_VALUE_TYPE", message: renderMessage("E_VALUE_TYPE", params), hint: FOLD_HINT, params, start, end };
}
