import type { Operator } from "../values/operators.js";
import { scalarText, listText } from "./predicateReason.js";
import { sizeOf, valueType } from "./sizeAndType.js";

/*
 * The words of an explanation for `size(a) …` and `a is TYPE`; the truth
 * comes from conditionTest, as every reason's does from its test.
 */

const SYMBOL: Partial<Record<Operator, string>> = { equals: "=", notEquals: "!=", lessThan: "<", lessEqual: "<=", greaterThan: ">", greaterEqual: ">=" };

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** `tags is a list`, `name is a string, not a list`, `email is missing`. */
export function typeReason(who: string, expected: unknown, actual: unknown): string {
  const type = valueType(actual);
  if (type === undefined) return `${who} is missing`;
  return type === expected ? `${who} is ${article(type)}` : `${who} is ${article(type)}, not ${article(String(expected))}`;
}

/** `size(name) is 5, not > 8`; `age is a number, which has no size`. */
export function sizeReason(who: string, operator: Operator, value: unknown, actual: unknown, holds: boolean): string {
  const size = sizeOf(actual);
  if (size === undefined) {
    const missing = actual === undefined || actual === null;
    return missing ? `${who} is missing, so it has no size` : `${who} is ${article(valueType(actual) ?? "object")}, which has no size`;
  }
  const is = `size(${who}) is ${size}`;
  const not = holds ? "" : "not ";
  if (operator === "between" && Array.isArray(value)) return `${is}, ${not}between ${scalarText(value[0])} and ${scalarText(value[1])}`;
  if (operator === "in" && Array.isArray(value)) return holds ? `${is}, one of ${listText(value)}` : `${is}, not one of ${listText(value)}`;
  if (operator === "equals") return holds ? is : `${is}, not ${scalarText(value)}`;
  if (operator === "notEquals") return holds ? `${is}, not ${scalarText(value)}` : is;
  return `${is}, ${not}${SYMBOL[operator] ?? operator} ${scalarText(value)}`;
}
