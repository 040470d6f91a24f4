import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lex, lexFrom, type LexProblem, type Token } from "../src/scan/lexer.js";
import { scanString } from "../src/scan/scanString.js";
import { scanNumber } from "../src/scan/scanNumber.js";
import { isKeyword } from "../src/scan/plainName.js";
import { OPERATORS } from "../src/values/operators.js";

// lexFrom reads the common lexemes on paths of its own (a plain string without calling scanString,
// a run of spaces at once); these hold them to the general scanners and to the whole-text scan.

const tokenOf = (t: Token) => [t.tokenType.name, t.startOffset, t.endOffset, t.payload];

/** What scanString alone makes of the lexeme at the start of `source`. */
function scannedString(source: string): { tokens: unknown[]; problems: LexProblem[]; end: number } {
  const tokens: unknown[] = [];
  const problems: LexProblem[] = [];
  const end = scanString(
    source,
    0,
    (type, start, e, payload) => tokens.push([type.name, start, e - 1, payload]),
    (code, start, e, extra) => problems.push({ code, message: expect.any(String) as unknown as string, start, end: e, ...extra }),
  );
  return { tokens, problems, end };
}

const quote = fc.constantFrom('"', "'");
const inside = fc.array(fc.constantFrom("a", "b", " ", "é", "\\", '\\"', "\\n", "\\u0041", '"', "'", "\n", "\r", "\ud83d\ude00", "\ud800", "\udc00", "`"), { maxLength: 8 });

describe("lexFrom's own paths", () => {
  it("scans a string as scanString does, plain or not, closed or not", () => {
    fc.assert(
      fc.property(quote, inside, fc.boolean(), fc.constantFrom("", " and b", ")"), (q, body, closed, rest) => {
        const source = q + body.join("") + (closed ? q : "") + rest;
        const expected = scannedString(source);
        const { tokens, problems } = lex(source);
        expect(tokens.slice(0, expected.tokens.length).map(tokenOf)).toEqual(expected.tokens);
        expect(problems.filter((p) => p.start < expected.end)).toEqual(expected.problems);
        if (tokens.length > expected.tokens.length) expect(tokens[expected.tokens.length]!.startOffset).toBeGreaterThanOrEqual(expected.end);
      }),
    );
  });

  const piece = fc.constantFrom("name", "and", "(", ")", ",", '"ab"', "'a\\'b'", '"open', ">=", "3", "-2.5", "in", "`q n`", "a.b", "#", "now - 1d", "\u201cq\u201d");
  const space = fc.constantFrom("", " ", "   ", "\n", "\t \r\n");
  const text = fc.array(fc.tuple(space, piece), { maxLength: 20 }).map((parts) => parts.map(([s, p]) => s + p).join(""));

  it("gives the same tokens and problems scanned in chunks of any size as all at once", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 12 }), (source, chunk) => {
        const whole = lex(source);
        const tokens: Token[] = [];
        const problems: LexProblem[] = [];
        let at = 0;
        while (at < source.length) {
          const next = lexFrom(source, at, Math.min(source.length, at + chunk), tokens, problems);
          expect(next).toBeGreaterThan(at);
          at = next;
        }
        expect(tokens.map(tokenOf)).toEqual(whole.tokens.map(tokenOf));
        expect(problems).toEqual(whole.problems);
      }),
    );
  });

  // A name is told from a keyword by the trie of keywords.ts, stepped as the name is read.
  const STRUCTURE: Record<string, [string, unknown]> = {
    in: ["In", undefined], between: ["Between", undefined], is: ["Is", undefined], null: ["Null", undefined], notnull: ["NotNull", undefined],
    and: ["And", undefined], or: ["Or", undefined], not: ["Not", undefined], true: ["BooleanLiteral", true], false: ["BooleanLiteral", false],
  };
  const kindOf = (word: string): [string, unknown] => {
    const lower = word.toLowerCase();
    if (STRUCTURE[lower] !== undefined) return STRUCTURE[lower];
    const op = OPERATORS.find((o) => o.words.some((w) => w.toLowerCase() === lower));
    return op === undefined ? ["Identifier", word] : ["CompareOp", op.name];
  };
  const words = [...Object.keys(STRUCTURE), ...OPERATORS.flatMap((o) => o.words)];
  // Keywords, their beginnings and keywords run on (`an`, `andy`, `in2`, `notnullx`), in mixed letter case.
  const word = fc
    .tuple(fc.constantFrom(...words), fc.nat(12), fc.constantFrom("", "", "x", "2", "_", "é", "ß", "s"), fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }))
    .map(([w, cut, tail, upper]) => (w.slice(0, Math.max(1, cut)) + tail).split("").map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join(""))
    .filter((w) => /^[\p{L}_]/u.test(w));

  it("tells keywords, in any letter case, from names as the keyword table says", () => {
    fc.assert(
      fc.property(word, fc.constantFrom("", " ", ")", " = 1"), (w, after) => {
        const first = lex(w + after).tokens[0]!;
        const [type, payload] = kindOf(w);
        expect(isKeyword(w)).toBe(type !== "Identifier");
        expect([first.tokenType.name, first.payload, first.endOffset]).toEqual([type, payload, w.length - 1]);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a number as scanNumber does, short integers included", () => {
    const number = fc.tuple(fc.constantFrom("", "", "-"), fc.integer({ min: 1, max: 18 }).chain((n) => fc.array(fc.constantFrom(..."0123456789"), { minLength: n, maxLength: n }).map((d) => d.join(""))), fc.constantFrom("", " ", ")", ".5", "e3", "x", "_1", ",", "é", "."));
    fc.assert(
      fc.property(number, ([sign, digits, after]) => {
        const source = sign + digits + after;
        const expected: unknown[] = [];
        const problems: unknown[] = [];
        const end = scanNumber(source, 0, (type, start, e, payload) => expected.push([type.name, start, e - 1, payload]), (code, start, e) => problems.push([code, start, e]));
        const lexed = lex(source);
        expect(lexed.tokens.slice(0, expected.length).map(tokenOf)).toEqual(expected);
        expect(lexed.problems.filter((p) => p.start < end).map((p) => [p.code, p.start, p.end])).toEqual(problems);
      }),
      { numRuns: 2000 },
    );
  });
});
