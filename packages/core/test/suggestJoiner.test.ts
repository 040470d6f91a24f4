import { compileList, FilterError, formatDiagnostics } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { suggestJoiner } from "../src/syntax/suggestJoiner.js";

describe("suggestJoiner", () => {
  it.each([
    ["adn", "and"],
    ["nad", "and"],
    ["an", "and"],
    ["andd", "and"],
    ["ADN", "and"],
    ["nd", "and"],
    ["ro", "or"],
    ["orr", "or"],
    ["o", "or"],
    ["on", "or"],
    ["dna", undefined],
    ["in", undefined],
    ["not", undefined],
    ["a", undefined],
    ["andor", undefined],
    ["plan", undefined],
  ])("%s → %s", (word, meant) => {
    expect(suggestJoiner(word)).toBe(meant);
  });
});

/** The first diagnostic of a filter that fails: what every surface (CLI, REPL, editor) shows. */
function firstDiagnostic(filter: string): unknown {
  try {
    compileList(filter);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    const d = error.diagnostics[0]!;
    return { message: d.message, span: [d.span.start.offset, d.span.end.offset], params: d.params, fixes: d.fixes?.map((f) => [f.title, f.replacement, f.span.start.offset, f.span.end.offset]) };
  }
  throw new Error(`${filter} compiled`);
}

describe("a misspelt 'and' or 'or' after a condition", () => {
  it.each([
    ['age > 3 adn plan = "pro"', "adn", "and", 8, 11, "3"],
    ["a = 1 ro a = 2", "ro", "or", 6, 8, "1"],
    ['age > 3 an plan = "pro"', "an", "and", 8, 10, "3"],
    ["(a = 1) nad b = 2", "nad", "and", 8, 11, "')'"],
  ])("%s: did you mean, with the fix", (filter, found, meant, start, end, after) => {
    expect(firstDiagnostic(filter)).toEqual({
      message: `expected 'and', 'or' or end of input after ${after.startsWith("'") ? after : `'${after}'`}, found '${found}'; did you mean '${meant}'?`,
      span: [start, end],
      params: { kind: "expected", expected: ["and", "or", "end"], found, after: after.replace(/'/g, ""), suggestion: meant },
      fixes: [[`Replace with '${meant}'`, meant, start, end]],
    });
  });

  it("reads as a person sees it", () => {
    try {
      compileList('age > 3 adn plan = "pro"');
    } catch (error) {
      expect(formatDiagnostics('age > 3 adn plan = "pro"', (error as FilterError).diagnostics)).toBe(
        "E_SYNTAX: expected 'and', 'or' or end of input after '3', found 'adn'; did you mean 'and'? (1:9)\n1 | age > 3 adn plan = \"pro\"\n  |         ^^^",
      );
    }
    expect.assertions(1);
  });
});
