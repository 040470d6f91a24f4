import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileList, compileQuery, FilterError, formatDiagnostics, parse } from "@itemfilter/core";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * Nothing but FilterError ever escapes, for any string, and nothing built
 * from input touches Object.prototype.
 */
const RUNS = propertyRuns(1000);

const FRAGMENTS = [
  "a", "b", "名前", "`x y`", "`", "__proto__", "constructor", "key", "=", "==", "!=", "<>", "<", "<=", ">", ">=",
  "equals", "contains", "notContains", "beginsWith", "in", "between", "is", "not", "null", "notNull", "and", "or",
  "&&", "||", "!", "(", ")", "[", "]", ",", '"s"', "'t'", '"', "'", '"\\u', '"\\ud800"', '"\\q"', "1", "-2.5", "1e400",
  "9007199254740993", "0x1F", ".5", "1_000", "NaN", "true", "\u0000", "\ufeff", "\u202e", "\ud800", "\udc00", "😀",
  "\n", "\t", " ", "#", "&", "|", "-", "\\",
];

const tokenSoup = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(" "));
const tightSoup = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(""));
const anyText = fc.string({ unit: "binary", maxLength: 200 });
const inputs = fc.oneof(tokenSoup, tightSoup, anyText);

/** Control and bidi characters (escapeForDisplay's set); a frame keeps only its own line breaks and the source's tabs. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const UNSAFE_IN_FRAME = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

function onlyFilterErrors(source: string, options?: Record<string, unknown>): void {
  for (const run of [() => parse(source, options), () => compileList(source, options), () => compileQuery(source, options)]) {
    try {
      run();
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      expect(error.diagnostics.length).toBeGreaterThan(0);
      for (const d of error.diagnostics) {
        expect(d.span.start.offset).toBeGreaterThanOrEqual(0);
        expect(d.span.end.offset).toBeLessThanOrEqual(source.length);
        expect(d.span.start.offset).toBeLessThanOrEqual(d.span.end.offset);
        // Messages quote source text through escapeForDisplay: no line break, escape sequence or bidi override.
        expect(d.message).not.toMatch(UNSAFE);
      }
      const frames = formatDiagnostics(source, error);
      expect(frames).not.toMatch(UNSAFE_IN_FRAME);
      // A frame is three lines, a fourth with the hint, and a blank line between frames.
      const hints = error.diagnostics.filter((d) => d.hint !== undefined).length;
      expect(frames.split("\n").length).toBe(error.diagnostics.length * 4 - 1 + hints);
      for (const d of error.diagnostics) expect(d.hint ?? "").not.toMatch(UNSAFE);
    }
  }
}

describe("robustness", () => {
  const before = Object.getOwnPropertyNames(Object.prototype).sort().join();

  it("throws nothing but FilterError for arbitrary and hostile strings", () => {
    fc.assert(fc.property(inputs, (s) => onlyFilterErrors(s)), { numRuns: RUNS });
  });

  it("throws nothing but FilterError with every limit raised", () => {
    const raised = { maxLength: Infinity, maxDepth: Infinity, maxPredicates: Infinity, maxInValues: Infinity };
    fc.assert(fc.property(inputs, (s) => onlyFilterErrors(s, raised)), { numRuns: RUNS });
  });

  it.each([
    ["a bad \\u escape then a backslash and a line break", '"\\u\\\n'],
    ["an ESC sequence in a token the parser quotes", '"\u001b]0;PWNED\u0007\u001b[2J" b'],
    ["a bidi override in a token the parser quotes", "a = 1 \u202e"],
    ["a C1 control and a line separator", "a = \u009b \u2028 b"],
  ])("keeps control characters out of messages and frames: %s", (_name, source) => {
    onlyFilterErrors(source);
  });

  it.each([
    ["deep groups", "(".repeat(100_000) + "a = 1" + ")".repeat(100_000)],
    ["deep negation", "!".repeat(300_000) + "a = 1"],
    ["unclosed groups", "(".repeat(300_000)],
    ["1 MB conjunction", "a = 1 and ".repeat(100_000) + "a = 1"],
    ["1 MB of operators", "= ".repeat(500_000)],
    ["unterminated string with many escapes", '"' + "\\n\\u0041\\q".repeat(80_000)],
    ["lone surrogates", "a = \"\ud800\" and \udc00 = 1 and `\ud800` = 2".repeat(1000)],
    ["NUL, BOM and RTL override", "\u0000a\ufeff = \u202e'x'\u0000".repeat(10_000)],
    ["1 MB of one name", "a".repeat(1_000_000)],
    ["1 MB string", 'a = "' + "x".repeat(1_000_000) + '"'],
  ])("%s, limits raised", (_name, source) => {
    onlyFilterErrors(source, { maxLength: Infinity, maxDepth: Infinity, maxPredicates: Infinity, maxInValues: Infinity });
    onlyFilterErrors(source);
  });

  it("leaves Object.prototype unchanged", () => {
    fc.assert(
      fc.property(tokenSoup, (s) => {
        onlyFilterErrors(s.replace(/\ba\b/g, "__proto__"));
      }),
      { numRuns: propertyRuns(200) },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort().join()).toBe(before);
    expect(({} as Record<string, unknown>).item).toBeUndefined();
    expect(({} as Record<string, unknown>).value).toBeUndefined();
  });
});
