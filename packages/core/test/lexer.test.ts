import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_TOKENS } from "../src/scan/tokens.js";
import { isKeyword, isPlainName, lex } from "../src/scan/lexer.js";
import { parse } from "../src/schema/parse.js";
import { FilterError } from "../src/messages/errors.js";

const kinds = (source: string) => lex(source).tokens.map((t) => [t.tokenType.name, t.payload ?? t.image]);

describe("lex", () => {
  it.each([
    ["android", [["Identifier", "android"]]],
    ["and", [["And", "and"]]],
    ["AND And aNd", [["And", "AND"], ["And", "And"], ["And", "aNd"]]],
    ["order notable inside nullable isActive", [["Identifier", "order"], ["Identifier", "notable"], ["Identifier", "inside"], ["Identifier", "nullable"], ["Identifier", "isActive"]]],
    ["beginswith BEGINSWITH beginsWith", [["CompareOp", "beginsWith"], ["CompareOp", "beginsWith"], ["CompareOp", "beginsWith"]]],
    ["= == != <> < <= > >=", [["CompareOp", "equals"], ["CompareOp", "equals"], ["CompareOp", "notEquals"], ["CompareOp", "notEquals"], ["CompareOp", "lessThan"], ["CompareOp", "lessEqual"], ["CompareOp", "greaterThan"], ["CompareOp", "greaterEqual"]]],
    ["a>=1", [["Identifier", "a"], ["CompareOp", "greaterEqual"], ["NumberLiteral", 1]]],
    ["!a != 1", [["Not", "!"], ["Identifier", "a"], ["CompareOp", "notEquals"], ["NumberLiteral", 1]]],
    ["&& || ( ) [ ] ,", [["And", "&&"], ["Or", "||"], ["LParen", "("], ["RParen", ")"], ["LBracket", "["], ["RBracket", "]"], ["Comma", ","]]],
    ["名前 _id x2 नाम", [["Identifier", "名前"], ["Identifier", "_id"], ["Identifier", "x2"], ["Identifier", "नाम"]]],
    ["`first name` `and`", [["QuotedIdentifier", "first name"], ["QuotedIdentifier", "and"]]],
    ["'a\"b' \"c'd\"", [["StringLiteral", 'a"b'], ["StringLiteral", "c'd"]]],
    ['"\\ud83d\\ude00"', [["StringLiteral", "😀"]]],
    ["-2.5 1.5e3 0 -0", [["NumberLiteral", -2.5], ["NumberLiteral", 1500], ["NumberLiteral", 0], ["NumberLiteral", -0]]],
    ["\u00a0a\u3000\ufeff", [["Identifier", "a"]]],
  ])("%j", (source, expected) => {
    expect(lex(source).problems).toEqual([]);
    expect(kinds(source)).toEqual(expected);
  });

  it("records offsets only, end inclusive as Chevrotain expects", () => {
    const [a, op, v] = lex("ab  >= 12").tokens;
    expect([a!.startOffset, a!.endOffset, op!.startOffset, op!.endOffset, v!.startOffset, v!.endOffset]).toEqual([0, 1, 4, 5, 7, 8]);
  });

  it.each([
    ["#", "unexpected character '#'", 0, 1],
    ["a ### b", "unexpected character '#'", 2, 5],
    ["\u0001", "unexpected character U+0001", 0, 1],
    ["\u202e", "unexpected character U+202E", 0, 1],
    ["\u009b", "unexpected character U+009B", 0, 1],
    ["\u2066", "unexpected character U+2066", 0, 1],
    ['"a\\\u001b"', "invalid escape '\\\\u001b': use one of \\\", \\', \\\\, \\/, \\b, \\f, \\n, \\r, \\t, \\uXXXX", 2, 4],
    ["a => 3", "'=>' is not an operator; did you mean '>='?", 2, 4],
    ["a =< 3", "'=<' is not an operator; did you mean '<='?", 2, 4],
    ["a = \u201cx y\u201d", 'curly quotes do not quote a string; use straight quotes: "x y"', 4, 9],
    ["a = \u2018x\u2019", "curly quotes do not quote a string; use straight quotes: 'x'", 4, 7],
    ["a = \u201ex\u201c", 'curly quotes do not quote a string; use straight quotes: "x"', 4, 7],
    ["a = \u201cx\u2019", "unexpected character '\u201c': use straight quotes (\") around a string", 4, 5],
    ["a = \u201c\u001b\u201d", 'curly quotes do not quote a string; use straight quotes: "\\u001b"', 4, 7],
    ["'abc", "unterminated string: add the closing '", 0, 1],
    ["`ab", "unterminated quoted name: add the closing `", 0, 1],
    ['"a\\x"', "invalid escape '\\x': use one of \\\", \\', \\\\, \\/, \\b, \\f, \\n, \\r, \\t, \\uXXXX", 2, 4],
    ['"\ud800"', "a lone surrogate is not valid text", 1, 2],
    ["1e400", "1e400 is too large: a number is below 1e126 in magnitude", 0, 5],
    ["1e-131", "1e-131 is too small: a number other than 0 is at least 1e-130 in magnitude", 0, 6],
    ["123456789012345678901234567890123456789", "123456789012345678901234567890123456789 has 39 significant digits; a number has at most 38", 0, 39],
  ])("reports %j", (source, message, start, end) => {
    // The hint, params and fixes each problem carries are checked by the golden cases.
    const p = lex(source).problems[0]!;
    expect({ code: p.code, message: p.message, start: p.start, end: p.end }).toEqual({ code: expect.stringMatching(/^E_/), message, start, end });
  });

  it("reads curly-quoted text and a reversed operator as what was meant, so parsing goes on", () => {
    const { tokens } = lex("a => \u201cx\u201d");
    expect(tokens.map((t) => [t.image, t.payload])).toEqual([["a", "a"], ["=>", "greaterEqual"], ["\u201cx\u201d", "x"]]);
  });

  it("caps the problems it collects", () => {
    expect(lex('"\\q" '.repeat(10_000)).problems.length).toBe(50);
  });
});

describe("names", () => {
  it.each([
    ["name", true],
    ["名前", true],
    ["_", true],
    ["and", false],
    ["AND", false],
    ["beginsWith", false],
    ["first name", false],
    ["2x", false],
    ["", false],
    ["__proto__", true],
  ])("isPlainName(%j) is %s", (name, plain) => {
    expect(isPlainName(name)).toBe(plain);
  });

  it.each([
    ["unterminated", '"' + "\\q".repeat(70), "escape", 2, "unterminatedString"],
    ["closed by a line break", '`' + "\\u12".repeat(70) + "\n", "escapeHex", 4, "unterminatedNameLine"],
  ])("reports every problem inside a string, and parse() the first 50 by position (%s)", (_name, source, kind, step, closing) => {
    // Highlighting (tokenize) marks every one; a parse renders messages only for those it shows.
    const { problems } = lex(source);
    expect(problems.map((p) => [p.params.kind, p.start])).toEqual([...Array.from({ length: 70 }, (_, k) => [kind, 1 + k * step]), [closing, 0]]);
    let shown: unknown[] = [];
    try {
      parse(source);
    } catch (error) {
      shown = (error as FilterError).diagnostics.map((d) => [d.params?.kind, d.span.start.offset, d.message]);
    }
    expect(shown).toEqual([[closing, 0, problems[70]!.message], ...problems.slice(0, 49).map((p) => [p.params.kind, p.start, p.message])]);
    expect(problems[0]!.message).toMatch(kind === "escape" ? /\\q/ : /\\u/);
  });

  it("knows keywords in any case", () => {
    expect([isKeyword("NotNull"), isKeyword("between"), isKeyword("key")]).toEqual([true, true, false]);
  });
});

describe("a token's text and type", () => {
  // Tokens keep offsets and read their text and type when asked (syntax/token.ts); these must be what was scanned.
  const piece = fc.constantFrom(
    "name", "`first name`", "score", "=", "==", "!=", "<>", ">=", "=>", "<", "beginsWith", "notcontains", "IN", "between", "and", "&&",
    "or", "||", "not", "!", "is", "null", "notNull", "(", ")", "[", "]", ",", '"ab"', "'x\\n'", '"unterminated', "42", "-2.5", "1e3",
    "0x1F", "1_000", "名前", "#", "&", "\u201cq\u201d",
  );
  const text = fc.array(fc.tuple(piece, fc.constantFrom("", " ", "\n")), { maxLength: 30 }).map((parts) => parts.map(([p, s]) => p + s).join(""));

  it("are the text at its offsets and the type of its index", () => {
    fc.assert(
      fc.property(text, (source) => {
        for (const tok of lex(source).tokens) {
          expect(tok.image).toBe(source.slice(tok.startOffset, tok.endOffset + 1));
          expect(tok.tokenType).toBe(ALL_TOKENS.find((t) => t.tokenTypeIdx === tok.tokenTypeIdx));
        }
      }),
    );
  });

  it("stay right when a token scanned in a tail of the text is shifted into the whole (as tokenize resumes)", () => {
    const source = "# ab  c = 'd' and `e`";
    const by = source.indexOf("c");
    const tokens = lex(source.slice(by)).tokens;
    const shifted = tokens.map((t) => t.shifted(by, source));
    expect(shifted.map((t) => [t.image, source.slice(t.startOffset, t.endOffset + 1), t.tokenType.name, t.payload])).toEqual(
      tokens.map((t) => [t.image, t.image, t.tokenType.name, t.payload]),
    );
  });
});
