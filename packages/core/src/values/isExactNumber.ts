import type { ExactNumber, NumberValue } from "./ExactNumber.js";

/**
 * The brand isExactNumber tests, rather than instanceof: a bundle that only
 * tests values (matches) then carries no class, and two copies of the core
 * in one app still know each other's numbers.
 */
export const EXACT: unique symbol = Symbol.for("itemfilter.exact") as never;

/** Whether a value is an ExactNumber. */
export function isExactNumber(value: unknown): value is ExactNumber {
  return typeof value === "object" && value !== null && EXACT in value;
}

/** Whether a value is a number of either form. */
export function isNumberValue(value: unknown): value is NumberValue {
  return typeof value === "number" || isExactNumber(value);
}
