import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileList, compileQuery, FilterError, plan, quoteString, type Diagnostic } from "@itemfilter/core";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * Fixes one click away (issue 23): for every golden hint case, applying its
 * first diagnostic's first fix removes that diagnostic (no diagnostic with
 * the same code and message is left). The cases are drawn with the blank
 * lines, indentation and trailing spaces people leave around a filter, so a
 * fix's span is exercised on other lines and columns than the golden file's.
 */

interface HintCase {
  input: string;
  mode?: "list" | "query" | "plan";
  options?: Record<string, unknown>;
  error: { code: string };
}

const cases = (JSON.parse(readFileSync(new URL("../golden/hints.json", import.meta.url), "utf8")) as { cases: HintCase[] }).cases;

function diagnosticsOf(c: HintCase, input: string): readonly Diagnostic[] {
  try {
    if (c.mode === "plan") plan(input, c.options);
    else if (c.mode === "query") compileQuery(input, c.options);
    else compileList(input, c.options);
    return [];
  } catch (error) {
    if (error instanceof FilterError) return error.diagnostics;
    throw error;
  }
}

function applyFix(text: string, d: Diagnostic): string {
  const fix = d.fixes![0]!;
  return text.slice(0, fix.span.start.offset) + fix.replacement + text.slice(fix.span.end.offset);
}

const withFixes = cases.filter((c) => diagnosticsOf(c, c.input)[0]?.fixes !== undefined);

describe("fixes of the golden hint cases", () => {
  it("most hint cases carry a fix", () => {
    expect(withFixes.length).toBeGreaterThanOrEqual(30);
  });

  it.each(withFixes.map((c) => ({ ...c, name: JSON.stringify(c.input) })))("applying the first fix of $name removes its diagnostic", (c) => {
    const first = diagnosticsOf(c, c.input)[0]!;
    const after = diagnosticsOf(c, applyFix(c.input, first));
    expect(after.filter((d) => d.code === first.code && d.message === first.message)).toEqual([]);
  });

  it("holds with blank lines, indentation and trailing space around the filter", () => {
    const blank = fc.stringMatching(/^[ \t\n]{0,6}$/);
    fc.assert(
      fc.property(fc.constantFrom(...withFixes), blank, blank, (c, before, after) => {
        const input = before + c.input + after;
        const first = diagnosticsOf(c, input)[0]!;
        expect(first.code).toBe(c.error.code);
        const fixed = diagnosticsOf(c, applyFix(input, first));
        expect(fixed.filter((d) => d.code === first.code && d.message === first.message)).toEqual([]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

/**
 * What people really write: a filter of a few conditions with one typo of
 * the kinds the golden cases show (a reversed operator, curly quotes, a
 * missing comma, an unparenthesised in, an operator word from elsewhere).
 * Applying the first fix gives back a filter that compiles exactly as the
 * one without the typo.
 */
describe("a typo's first fix restores the filter", () => {
  const name = fc.constantFrom("age", "name", "city", "score", "signedUp");
  const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,11}$/);
  const number = fc.integer({ min: -1000, max: 100_000 });
  // [as meant, as typed]
  const condition = fc.oneof<fc.Arbitrary<[string, string]>[]>(
    fc.tuple(name, number).map(([n, v]): [string, string] => [`${n} >= ${v}`, `${n} => ${v}`]),
    fc.tuple(name, number).map(([n, v]): [string, string] => [`${n} <= ${v}`, `${n} =< ${v}`]),
    fc.tuple(name, word).map(([n, v]): [string, string] => [`${n} = ${quoteString(v)}`, `${n} = \u201c${v}\u201d`]),
    fc.tuple(name, word).map(([n, v]): [string, string] => [`${n} = ${quoteString(v)}`, `${n} = \u2018${v}\u2019`]),
    fc.tuple(name, word, word).map(([n, a, b]): [string, string] => [`${n} in (${quoteString(a)}, ${quoteString(b)})`, `${n} in (${quoteString(a)} ${quoteString(b)})`]),
    fc.tuple(name, word, word, word).map(([n, a, b, c]): [string, string] => [`${n} in (${quoteString(a)}, ${quoteString(b)}, ${quoteString(c)})`, `${n} in ${quoteString(a)}, ${quoteString(b)}, ${quoteString(c)}`]),
    fc.tuple(name, word, fc.constantFrom("startsWith", "begins", "prefix")).map(([n, v, w]): [string, string] => [`${n} beginsWith ${quoteString(v)}`, `${n} ${w} ${quoteString(v)}`]),
    fc.tuple(name, word, fc.constantFrom("like", "includes", "has")).map(([n, v, w]): [string, string] => [`${n} contains ${quoteString(v)}`, `${n} ${w} ${quoteString(v)}`]),
  );
  const clean = fc.tuple(name, number).map(([n, v]) => `${n} > ${v}`);

  it("for one typo among clean conditions", () => {
    fc.assert(
      fc.property(fc.array(clean, { maxLength: 2 }), condition, fc.array(clean, { maxLength: 2 }), (before, [meant, typed], after) => {
        const text = [...before, typed, ...after].join(" and ");
        const original = [...before, meant, ...after].join(" and ");
        const c: HintCase = { input: text, error: { code: "E_SYNTAX" } };
        const first = diagnosticsOf(c, text)[0];
        expect(first?.fixes?.[0]).toBeDefined();
        const fixed = applyFix(text, first!);
        expect(compileList(fixed)).toEqual(compileList(original));
      }),
      { numRuns: propertyRuns(400) },
    );
  });
});
