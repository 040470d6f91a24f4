import { describe, expect, it } from "vitest";
import { FilterError, type FilterNode } from "@itemfilter/core";
import { compileDynamo } from "@itemfilter/dynamodb";

const SPAN = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
const predicate = (operator: string, value: unknown): FilterNode => ({ type: "Predicate", attribute: { type: "Attribute", name: "a", span: SPAN }, operator, operatorSpan: SPAN, value, span: SPAN }) as FilterNode;
const TRUE = { type: "Boolean", value: true, span: SPAN };

describe("compileDynamo and booleans", () => {
  it("sends true and false as BOOL, one placeholder per typed value", () => {
    expect(compileDynamo("a in (true, 'true', 1, true) or a != false").ExpressionAttributeValues).toEqual({
      ":v0": { BOOL: true },
      ":v1": { S: "true" },
      ":v2": { N: "1" },
      ":v3": { BOOL: false },
    });
  });

  it.each([
    ["lessThan", TRUE],
    ["between", [TRUE, TRUE]],
    ["beginsWith", TRUE],
    ["contains", TRUE],
    ["notContains", TRUE],
  ])("refuses a hand-built %s with a boolean (which DynamoDB never matches) at the boolean of the canonical text", (operator, value) => {
    let caught: unknown;
    try {
      compileDynamo(predicate(operator, value));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    const d = (caught as FilterError).diagnostics[0]!;
    expect([d.code, d.params?.kind, d.params?.operator]).toEqual(["E_VALUE_TYPE", "boolean", operator]);
    expect(d.hint).toMatch(/^true and false are DynamoDB BOOL values/);
    expect(d.span.start.offset).toBeGreaterThan(2);
  });
});
