import type { Operator } from "../operators.js";
import { foldCase } from "../values/foldCase.js";
import { predicateTest, present, type ValueTest } from "./predicateTest.js";

/**
 * The test of `fold(a) OP value` (grammar/semantics.md, "Letter case"): the
 * operator's own test (predicateTest) on folded text, the filter's values
 * folded once here and the attribute's value as it is read. Only text
 * folds: a string, and the strings of a set; anything else is compared as
 * it is, so it matches as the operator's test says of it.
 */
export function foldedTest(operator: Operator, value: unknown): ValueTest {
  const test = predicateTest(operator, foldValue(value));
  return (actual) => test(foldValue(actual));
}

/** A value with its text folded: a string, or the strings of an array (a set); anything else as it is. */
export function foldValue(value: unknown): unknown {
  if (typeof value === "string") return foldCase(value);
  // present(): a sparse array from JavaScript is read through the elements it has, as every test reads one.
  if (Array.isArray(value)) return present(value).map((v) => (typeof v === "string" ? foldCase(v) : v));
  return value;
}
