import type { Operator } from "../values/operators.js";
import { foldCase } from "../values/foldCase.js";
import { predicateTest, present, type ValueTest } from "./predicateTest.js";

/**
 * The test of `fold(a) OP value` (grammar/semantics.md, "Letter case"): the
 * operator's own test (predicateTest) on folded text, the filter's values
 * folded once here and the attribute's value as it is read. The folded value
 * of an attribute is what its folded copy holds (foldedText), so a condition
 * answers alike on the attribute here and on the copy on a server.
 */
export function foldedTest(operator: Operator, value: unknown): ValueTest {
  const test = predicateTest(operator, foldValue(value));
  return (actual) => test(foldedText(actual));
}

/** A filter's value with its strings folded: a string, or each string of a list (in, between); anything else as it is. */
export function foldValue(value: unknown): unknown {
  if (typeof value === "string") return foldCase(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? foldCase(v) : v));
  return value;
}

/**
 * What an attribute's folded copy holds: foldCase of a string, and of each
 * string of an array (a set or a list; other elements as they are); nothing
 * (undefined, missing) for any other value, which has no letter case.
 */
export function foldedText(value: unknown): unknown {
  if (typeof value === "string") return foldCase(value);
  // present(): a sparse array from JavaScript is read through the elements it has, as every test reads one.
  if (Array.isArray(value)) return present(value).map((v) => (typeof v === "string" ? foldCase(v) : v));
  return undefined;
}
