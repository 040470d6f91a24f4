import { describe, expect, it } from "vitest";
import { FilterError } from "@itemfilter/core";
import { compileDynamo } from "@itemfilter/dynamodb";

/** Issue 32: compileDynamo orders and writes numbers a double cannot hold exactly. */
describe("compileDynamo with numbers past a double's digits", () => {
  it.each([
    ["a between 9007199254740992 and 9007199254740993", ["9007199254740992", "9007199254740993"]],
    ["a between 12345678901234567890.12 and 12345678901234567890.13", ["12345678901234567890.12", "12345678901234567890.13"]],
    ["a between -1 and 12345678901234567890123456789012345678", ["-1", "12345678901234567890123456789012345678"]],
  ])("%s is written with every digit", (filter, numbers) => {
    const out = compileDynamo(filter);
    expect(out.FilterExpression).toBe("#n0 BETWEEN :v0 AND :v1");
    expect(Object.values(out.ExpressionAttributeValues ?? {})).toEqual(numbers.map((N) => ({ N })));
  });

  it.each([
    ["a between 9007199254740993 and 9007199254740992", "the lower bound 9007199254740993 is greater than the upper bound 9007199254740992; swap them"],
    ["a between 12345678901234567890.13 and 12345678901234567890.12", "the lower bound 12345678901234567890.13 is greater than the upper bound 12345678901234567890.12; swap them"],
  ])("%s is E_BETWEEN_BOUNDS, bounds ordered exactly", (filter, message) => {
    const error = (() => {
      try {
        compileDynamo(filter);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(FilterError);
    expect([(error as FilterError).diagnostics[0]?.code, (error as FilterError).diagnostics[0]?.message]).toEqual(["E_BETWEEN_BOUNDS", message]);
  });
});
