import type { LiteralNode, PredicateNode } from "./ast.js";
import type { Operator } from "../values/operators.js";
import { renderMessage } from "../messages/renderMessage.js";
import type { DiagnosticParams } from "../messages/errors.js";

/*
 * `true` and `false` are DynamoDB's BOOL: a value is equal to one or not,
 * and nothing orders or searches booleans (DynamoDB's <, begins_with and
 * contains never match a BOOL). So only these operators take one, and the
 * parser, the tree check and parameter binding all refuse the rest here.
 */
const TAKES_BOOLEAN: ReadonlySet<Operator> = new Set(["equals", "notEquals", "in"]);

/** Whether an operator takes `true` or `false` as its value. */
export function takesBoolean(operator: Operator): boolean {
  return TAKES_BOOLEAN.has(operator);
}

/** Whether a condition's value is or holds a boolean. */
export function hasBoolean(node: Pick<PredicateNode, "value">): boolean {
  const v = node.value;
  if (v === undefined) return false;
  if (!Array.isArray(v)) return v.type === "Boolean";
  for (const l of v) if (l.type === "Boolean") return true;
  return false;
}

/** The first boolean of a condition whose operator cannot take one, or undefined. */
export function misusedBoolean(node: Pick<PredicateNode, "operator" | "value">): LiteralNode | undefined {
  if (takesBoolean(node.operator)) return undefined;
  const v = node.value;
  if (v === undefined) return undefined;
  return (Array.isArray(v) ? v : [v]).find((l) => l.type === "Boolean");
}

/** The problem with a boolean given to an operator that orders or searches, worded with the operator as written. */
export function booleanOperatorProblem(operator: Operator, written: string): { message: string; hint: string; params: DiagnosticParams } {
  const params = { kind: "boolean", operator, written };
  return {
    message: renderMessage("E_VALUE_TYPE", params),
    hint: "true and false are DynamoDB BOOL values, which are equal or not and never ordered or searched; compare them with =, != or in",
    params,
  };
}
