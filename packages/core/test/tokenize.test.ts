import { describe, expect, it } from "vitest";
import { tokenize, type SyntaxToken, type TokenKind } from "@itemfilter/core";

/** Tokens as [kind, text] pairs, after checking each one's offsets against the source. */
function pairs(source: string): [TokenKind, string][] {
  const tokens = tokenize(source);
  let last = 0;
  for (const t of tokens) {
    expect(t.start).toBeGreaterThanOrEqual(last);
    expect(t.end).toBeGreaterThan(t.start);
    expect(t.text).toBe(source.slice(t.start, t.end));
    expect(source.slice(last, t.start).trim()).toBe(""); // only white space between tokens
    last = t.end;
  }
  expect(source.slice(last).trim()).toBe("");
  return tokens.map((t) => [t.kind, t.text]);
}

describe("tokenize", () => {
  it("gives kind, start, end and text", () => {
    expect(tokenize('name beginsWith "ab"')).toEqual<SyntaxToken[]>([
      { kind: "attribute", start: 0, end: 4, text: "name" },
      { kind: "operator", start: 5, end: 15, text: "beginsWith" },
      { kind: "string", start: 16, end: 20, text: '"ab"' },
    ]);
  });

  it.each([
    ["", []],
    ["   \n\t", []],
    ["a = 1", [["attribute", "a"], ["operator", "="], ["number", "1"]]],
    [
      "a == 1 && b <> 'x' || !c >= -2.5e3",
      [
        ["attribute", "a"], ["operator", "=="], ["number", "1"], ["keyword", "&&"], ["attribute", "b"], ["operator", "<>"],
        ["string", "'x'"], ["keyword", "||"], ["keyword", "!"], ["attribute", "c"], ["operator", ">="], ["number", "-2.5e3"],
      ],
    ],
    [
      "not (a lessThan 1 OR b Contains \"x\")",
      [
        ["keyword", "not"], ["punctuation", "("], ["attribute", "a"], ["operator", "lessThan"], ["number", "1"], ["keyword", "OR"],
        ["attribute", "b"], ["operator", "Contains"], ["string", '"x"'], ["punctuation", ")"],
      ],
    ],
    [
      "a in (1, 'b') and c IN [2]",
      [
        ["attribute", "a"], ["operator", "in"], ["punctuation", "("], ["number", "1"], ["punctuation", ","], ["string", "'b'"],
        ["punctuation", ")"], ["keyword", "and"], ["attribute", "c"], ["operator", "IN"], ["punctuation", "["], ["number", "2"],
        ["punctuation", "]"],
      ],
    ],
    // The `and` of between and the `not` of `is not null` belong to their operator.
    [
      "a between 1 and 2 and b is not null and not c null and d notNull",
      [
        ["attribute", "a"], ["operator", "between"], ["number", "1"], ["operator", "and"], ["number", "2"], ["keyword", "and"],
        ["attribute", "b"], ["operator", "is"], ["operator", "not"], ["operator", "null"], ["keyword", "and"], ["keyword", "not"],
        ["attribute", "c"], ["operator", "null"], ["keyword", "and"], ["attribute", "d"], ["operator", "notNull"],
      ],
    ],
    ["`first name` = \"\u{1F600}\"", [["attribute", "`first name`"], ["operator", "="], ["string", '"\u{1F600}"']]],
    // size( is the function and a type's name follows is as null does; both stay names elsewhere.
    ["size(a.b) > 3", [["keyword", "size"], ["punctuation", "("], ["attribute", "a.b"], ["punctuation", ")"], ["operator", ">"], ["number", "3"]]],
    ["SIZE(tags) = 0", [["keyword", "SIZE"], ["punctuation", "("], ["attribute", "tags"], ["punctuation", ")"], ["operator", "="], ["number", "0"]]],
    ["a is not string", [["attribute", "a"], ["operator", "is"], ["operator", "not"], ["operator", "string"]]],
    ["a is map and size = 1", [["attribute", "a"], ["operator", "is"], ["operator", "map"], ["keyword", "and"], ["attribute", "size"], ["operator", "="], ["number", "1"]]],
    ["string = \"x\"", [["attribute", "string"], ["operator", "="], ["string", '"x"']]],
    ["`and` = android", [["attribute", "`and`"], ["operator", "="], ["attribute", "android"]]],
    ["名前 = 1", [["attribute", "名前"], ["operator", "="], ["number", "1"]]],
    // What the lexer refuses is an error token.
    ["a # b", [["attribute", "a"], ["error", "#"], ["attribute", "b"]]],
    ["a #$% b", [["attribute", "a"], ["error", "#$%"], ["attribute", "b"]]],
    ["a & b | c", [["attribute", "a"], ["error", "&"], ["attribute", "b"], ["error", "|"], ["attribute", "c"]]],
    ["a = - 1", [["attribute", "a"], ["operator", "="], ["error", "-"], ["number", "1"]]],
    ["\u{1F600}x", [["error", "\u{1F600}"], ["attribute", "x"]]],
    ["a\u0000b", [["attribute", "a"], ["error", "\u0000"], ["attribute", "b"]]],
    ["\ufeffa\u00a0=\u20281", [["attribute", "a"], ["operator", "="], ["number", "1"]]], // BOM, NBSP, LS are white space
    ["a \u202e= 1", [["attribute", "a"], ["error", "\u202e"], ["operator", "="], ["number", "1"]]],
    // Malformed and inexact numbers.
    ["a = 0x1F", [["attribute", "a"], ["operator", "="], ["error", "0x1F"]]],
    ["a = 1.", [["attribute", "a"], ["operator", "="], ["error", "1."]]],
    ["a = 007", [["attribute", "a"], ["operator", "="], ["error", "007"]]],
    ["a = 1e400", [["attribute", "a"], ["operator", "="], ["error", "1e400"]]],
    ["a = 9007199254740993", [["attribute", "a"], ["operator", "="], ["number", "9007199254740993"]]],
    ["a = 1e126", [["attribute", "a"], ["operator", "="], ["error", "1e126"]]],
    // Bad escapes and lone surrogates are errors inside an otherwise highlighted string.
    ['"a\\qb"', [["string", '"a'], ["error", "\\q"], ["string", 'b"']]],
    ['"\\q"', [["string", '"'], ["error", "\\q"], ["string", '"']]],
    ['"a\\u12"', [["string", '"a'], ["error", '\\u12"']]],
    ['"\\ud800x"', [["string", '"'], ["error", "\\ud800"], ["string", 'x"']]],
    ['"a\ud800b"', [["string", '"a'], ["error", "\ud800"], ["string", 'b"']]],
    ["`a\\qb` = 1", [["attribute", "`a"], ["error", "\\q"], ["attribute", "b`"], ["operator", "="], ["number", "1"]]],
    // Unterminated strings and names are errors as a whole; scanning goes on after them.
    ['a = "abc', [["attribute", "a"], ["operator", "="], ["error", '"abc']]],
    ["a = 'x\\'", [["attribute", "a"], ["operator", "="], ["error", "'x\\'"]]],
    ['a = "abc\nb = 1', [["attribute", "a"], ["operator", "="], ["error", '"abc'], ["attribute", "b"], ["operator", "="], ["number", "1"]]],
    ["`abc", [["error", "`abc"]]],
    ["`` = 1", [["error", "``"], ["operator", "="], ["number", "1"]]],
  ] as [string, [TokenKind, string][]][])("%j", (source, expected) => {
    expect(pairs(source)).toEqual(expected);
  });

  it("covers text past the lexer's cap on problems", () => {
    const source = "# ".repeat(60) + "a = 1";
    const tokens = pairs(source);
    expect(tokens.filter(([k]) => k === "error")).toHaveLength(60);
    expect(tokens.slice(-3)).toEqual([["attribute", "a"], ["operator", "="], ["number", "1"]]);
  });

  it("covers many bad escapes in one string past the cap", () => {
    const source = '"' + "\\q".repeat(60) + 'x" and b';
    const tokens = pairs(source);
    expect(tokens[0]).toEqual(["string", '"']);
    expect(tokens[1]).toEqual(["error", "\\q".repeat(60)]);
    expect(tokens.slice(2)).toEqual([["string", 'x"'], ["keyword", "and"], ["attribute", "b"]]);
  });

  it.each([
    ["stray characters", "&a".repeat(50_000), 100_000],
    ["bad escapes", '"' + "\\q".repeat(50_000) + '"', 3],
    ["unterminated strings", '"ab\n'.repeat(20_000), 20_000],
    ["deep groups", "(".repeat(50_000), 50_000],
  ])("covers hostile input with maxLength raised: %s", (_, source, count) => {
    const tokens = tokenize(source, { maxLength: Infinity });
    expect(tokens).toHaveLength(count);
    expect(tokens[tokens.length - 1]!.end).toBe(source.trimEnd().length);
  });

  it.each([
    ["default limit", "a = 1 and ".repeat(2000), undefined, 16384],
    ["maxLength 12", "a = 1 and b = 2", { maxLength: 12 }, 12],
    ["a string cut short", 'a = "xyz" and b = 1', { maxLength: 6 }, 4],
  ])("highlights up to maxLength, and the rest is one error token: %s", (_, source, options, at) => {
    const tokens = tokenize(source, options);
    const last = tokens[tokens.length - 1]!;
    expect(last).toEqual({ kind: "error", start: last.start, end: source.length, text: source.slice(last.start) });
    expect(last.start).toBeLessThanOrEqual(at);
    expect(tokens.slice(0, -1).every((t) => t.end <= at)).toBe(true);
  });

  it("stays bounded for 10 MB of text under the default limit", () => {
    const source = "(a = 1 or b = 'x') and ".repeat(450_000);
    const tokens = tokenize(source);
    expect(tokens.length).toBeLessThan(8000);
    expect(tokens[tokens.length - 1]).toMatchObject({ kind: "error", start: 16384, end: source.length });
  });

  it.each([[undefined], [null], [42], [{}], [["a = 1"]]])("throws a TypeError for a non-string %j", (value) => {
    expect(() => tokenize(value as unknown as string)).toThrow(new TypeError(`tokenize takes the filter text (a string), not ${value === undefined ? "undefined" : value === null ? "null" : value === 42 ? "a number (42)" : Array.isArray(value) ? "an array (length 1)" : "an object"}`));
  });

  it.each([[{ maxLength: -1 }], [{ maxLength: "9" }], [{ maxLength: Number.NaN }], [7]])("throws a TypeError for options %j", (options) => {
    expect(() => tokenize("a = 1", options as never)).toThrow(TypeError);
  });
});
