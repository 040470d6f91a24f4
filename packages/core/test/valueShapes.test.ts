import { describe, expect, it } from "vitest";
import type { Operator } from "../src/operators.js";
import { checkValue } from "../src/compile/valueShapes.js";

// One row per shape in the operator table, with what is accepted and the exact issue for what is not.
describe("checkValue", () => {
  it.each([
    ["equals", 1, true],
    ["equals", "x", true],
    ["notEquals", "", true],
    ["lessThan", -2.5, true],
    ["contains", "x", true],
    ["beginsWith", "", true],
    ["in", 1, true],
    ["in", ["a", "b"], true],
    ["between", [1, 1], true],
    ["between", ["a", "b"], true],
    ["between", ["\uff61", "\u{1f600}"], true],
    ["null", undefined, false],
    ["notNull", undefined, false],
  ] as [Operator, unknown, boolean][])("accepts %s %j", (operator, value, present) => {
    expect(checkValue(operator, value, present, 100)).toBeNull();
  });

  it("lets the text compilers accept a written in of two types, which they check on what they produce", () => {
    expect(checkValue("in", ["a", 1], true, 100, true)).toBeNull();
  });

  it.each([
    ["equals", true, true, { code: "E_VALUE_TYPE", message: "'equals' takes a string or a number, not a boolean", params: { operator: "equals", value: "a boolean" }, at: null }],
    ["equals", undefined, false, { code: "E_VALUE_TYPE", message: "'equals' needs a value: a string or a number", params: { operator: "equals" }, at: null }],
    ["equals", Number.NaN, true, { code: "E_VALUE_TYPE", message: "'equals' takes a string or a number, not the number NaN", params: { operator: "equals", value: "the number NaN" }, at: null }],
    ["lessThan", "3", true, { code: "E_VALUE_TYPE", message: "'lessThan' takes a number, not the string \"3\"; the service orders numbers only (use between for a range of strings)", params: { operator: "lessThan", expected: "number", value: "3" }, at: null }],
    ["contains", 5, true, { code: "E_VALUE_TYPE", message: "'contains' takes a string, not the number 5; write \"5\" to match the text", params: { operator: "contains", expected: "string", value: 5, suggestion: "\"5\"" }, at: null, replacement: "\"5\"" }],
    ["null", 1, true, { code: "E_VALUE_TYPE", message: "'null' takes no value; leave it out", params: { operator: "null" }, at: null }],
    ["in", [], true, { code: "E_VALUE_TYPE", message: "'in' needs at least one value", params: { operator: "in" }, at: null }],
    ["in", [1, null], true, { code: "E_VALUE_TYPE", message: "'in' takes strings or numbers, not null", params: { operator: "in", value: null }, at: 1 }],
    ["in", [1, 2, 3], true, { code: "E_LIMIT", message: "'in' takes at most 2 values, not 3", hint: "raise maxInValues to accept more", params: { operator: "in", limit: 2, count: 3 }, at: null }],
    ["in", ["a", 1], true, { code: "E_IN_MIXED_TYPES", message: "a list cannot mix strings and numbers; use values of one type", hint: "the service rejects such an 'in'; find (or plan) runs it as one request per type", params: {}, at: null }],
    ["between", [1], true, { code: "E_VALUE_TYPE", message: "'between' takes an array of two bounds, [lower, upper], not an array", params: { operator: "between" }, at: null }],
    ["between", [1, {}], true, { code: "E_VALUE_TYPE", message: "a 'between' bound is a string or a number, not an object", params: { operator: "between", value: "an object" }, at: 1 }],
    ["between", [1, "2"], true, { code: "E_BETWEEN_BOUNDS", message: "'between' bounds must be of one type, but the number 1 and the string \"2\" differ", params: { operator: "between", lower: 1, upper: "2" }, at: 1 }],
    ["between", [2, 1], true, { code: "E_BETWEEN_BOUNDS", message: "the lower bound 2 is greater than the upper bound 1; swap them", params: { operator: "between", lower: 2, upper: 1 }, at: null }],
  ] as [Operator, unknown, boolean, unknown][])("rejects %s %j", (operator, value, present, issue) => {
    expect(checkValue(operator, value, present, 2)).toEqual(issue);
  });
});
