import { describe, expect, it } from "vitest";
import type { Operator } from "../src/values/operators.js";
import { checkValue } from "../src/semantics/valueShapes.js";

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
    ["equals", true, true, { code: "E_VALUE_TYPE", message: "'equals' takes a string or a number, not a boolean", params: { kind: "type", operator: "equals", written: "equals", expected: "scalar", given: "boolean" }, at: null }],
    ["equals", undefined, false, { code: "E_VALUE_TYPE", message: "'equals' needs a string or a number", params: { kind: "missing", operator: "equals", written: "equals", expected: "scalar" }, at: null }],
    ["equals", Number.NaN, true, { code: "E_VALUE_TYPE", message: "'equals' takes a string or a number, not a number that is not finite", params: { kind: "type", operator: "equals", written: "equals", expected: "scalar", given: "infinite" }, at: null }],
    ["lessThan", "3", true, { code: "E_VALUE_TYPE", message: "'lessThan' takes a number, not a string (\"3\"); the service orders numbers only (find runs ranges of strings)", params: { kind: "typeOrdering", operator: "lessThan", written: "lessThan", expected: "number", given: "string", value: "3" }, at: null }],
    ["contains", 5, true, { code: "E_VALUE_TYPE", message: "'contains' takes a string, not a number (5); write \"5\" to match the text", params: { kind: "typeText", operator: "contains", written: "contains", expected: "string", given: "number", value: 5, suggestion: "\"5\"" }, at: null, replacement: "\"5\"" }],
    ["null", 1, true, { code: "E_VALUE_TYPE", message: "'null' takes no value; leave it out", params: { kind: "noValue", operator: "null", written: "null" }, at: null }],
    ["in", [], true, { code: "E_VALUE_TYPE", message: "'in' needs at least one value", params: { kind: "inEmpty", operator: "in", written: "in" }, at: null }],
    ["in", [1, null], true, { code: "E_VALUE_TYPE", message: "'in' takes a string or a number, not null", params: { kind: "type", operator: "in", written: "in", expected: "scalar", given: "null" }, at: 1 }],
    ["in", [1, 2, 3], true, { code: "E_LIMIT", message: "'in' takes at most 2 values, not 3", hint: "raise maxInValues to accept more", params: { kind: "inCount", operator: "in", written: "in", limit: 2, count: 3 }, at: null }],
    ["in", ["a", 1], true, { code: "E_IN_MIXED_TYPES", message: "a list cannot mix strings and numbers; use values of one type", hint: "the service rejects such an 'in'; find (or plan) runs it as one request per type", params: {}, at: null }],
    ["between", [1], true, { code: "E_VALUE_TYPE", message: "'between' takes two bounds, a lower and an upper, not an array", params: { kind: "range", operator: "between", written: "between", given: "array" }, at: null }],
    ["between", [1, {}], true, { code: "E_VALUE_TYPE", message: "a 'between' bound is a string or a number, not an object", params: { kind: "bound", operator: "between", written: "between", expected: "scalar", given: "object" }, at: 1 }],
    ["between", [1, "2"], true, { code: "E_BETWEEN_BOUNDS", message: "'between' bounds must be of one type, but 1 and \"2\" differ", params: { kind: "types", operator: "between", written: "between", lower: 1, upper: "2" }, at: 1 }],
    ["between", [2, 1], true, { code: "E_BETWEEN_BOUNDS", message: "the lower bound 2 is greater than the upper bound 1; swap them", params: { kind: "order", operator: "between", written: "between", lower: 2, upper: 1 }, at: null }],
  ] as [Operator, unknown, boolean, unknown][])("rejects %s %j", (operator, value, present, issue) => {
    expect(checkValue(operator, value, present, 2)).toEqual(issue);
  });
});
