import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileList, compileQuery, plan } from "../src/index.js";
import { FilterError } from "../src/messages/errors.js";
import { OPERATOR_REFERENCE } from "../src/values/operators.js";
import { operatorTable, replaceRegion } from "../scripts/operatorDocs.mjs";

const readme = readFileSync(new URL("../../../grammar/README.md", import.meta.url), "utf8");

describe("grammar/README.md", () => {
  it("has the operator table rendered from OPERATORS (regenerate with `pnpm --filter @itemfilter/core run docs`)", () => {
    expect(readme).toBe(replaceRegion(readme, operatorTable(OPERATOR_REFERENCE)));
  });

  // The error table's examples, run: each must fail with the code it documents.
  const schema = { attributes: { age: { type: "number" as const } } };
  const examples: [string, string, () => unknown][] = [
    ["E_SYNTAX", 'name begins_with "x"', () => compileList('name begins_with "x"')],
    ["E_NUMBER", "id = 1234567890123456789012345678901234567890", () => compileList("id = 1234567890123456789012345678901234567890")],
    ["E_VALUE_TYPE", 'age < "30"', () => compileList('age < "30"')],
    ["E_BETWEEN_BOUNDS", "age between 65 and 18", () => compileList("age between 65 and 18")],
    ["E_OR_UNSUPPORTED", "a = 1 or b = 2", () => compileList("a = 1 or b = 2")],
    ["E_NOT_UNSUPPORTED", "not (age < 18)", () => compileList("not (age < 18)")],
    ["E_QUERY_OPERATOR", "key != 3", () => compileQuery("key != 3")],
    ["E_QUERY_ATTRIBUTE", "age >= 3", () => compileQuery("age >= 3")],
    ["E_QUERY_SHAPE", "key > 1 and key < 5", () => compileQuery("key > 1 and key < 5")],
    ["E_EMPTY", "", () => compileQuery("")],
    ["E_LIMIT", "a in (1, 2, …, 101)", () => compileList(`a in (${Array.from({ length: 101 }, (_, i) => i + 1).join(", ")})`)],
    ["E_UNKNOWN_ATTRIBUTE", "agee = 1", () => compileList("agee = 1", { schema })],
    ["E_ATTRIBUTE_TYPE", 'age = "x"', () => compileList('age = "x"', { schema })],
    ["E_IN_MIXED_TYPES", 'a in (1, "x")', () => compileList('a in (1, "x")')],
    ["E_DATE", "createdAt > now - 9000y", () => compileList("createdAt > now - 9000y")],
    ["E_PLAN_TOO_LARGE", "(a = 1 or b = 1) and (c = 1 or d = 1)", () => plan("(a = 1 or b = 1) and (c = 1 or d = 1)", { maxRequests: 3 })],
  ];

  it.each(examples)("documents %s with the example %s", (code, example, run) => {
    expect(readme).toContain("`" + code + "` | " + (example === "" ? "*(empty key query)*" : "`" + example + "`"));
    expect(run).toThrow(FilterError);
    try {
      run();
    } catch (error) {
      expect((error as FilterError).code).toBe(code);
    }
  });
});
