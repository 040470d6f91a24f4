import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FilterError } from "../src/messages/errors.js";
import { parse } from "../src/schema/parse.js";
import { nextTokens } from "../src/assist/nextTokens.js";
import { lex } from "../src/scan/lexer.js";
import { TypeName } from "../src/scan/tokens.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

// One spelling per token type; the lexer turns them back into tokens.
const WORDS = ["a", "size", "list", "`b c`", '"s"', "1", "=", "<", "contains", "in", "between", "is", "null", "notNull", "and", "or", "not", "(", ")", "[", "]", ","];

const tokensOf = (words: string[]) => lex(words.join(" ")).tokens;
const namesOf = (words: string[]) => {
  const next = nextTokens(tokensOf(words), 32);
  return next === null ? null : next.types.map((t) => t.name);
};

/** Whether the parser takes the text as a filter; only syntax counts (`a < null` is a type error, not a syntax one). */
function parses(text: string): boolean {
  try {
    parse(text);
    return true;
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    return !error.diagnostics.some((d) => d.code === "E_SYNTAX");
  }
}

describe("nextTokens", () => {
  it.each([
    [[], ["Identifier", "QuotedIdentifier", "CompareOp", "Is", "Null", "NotNull", "In", "Between", "Not", "LParen"]],
    [["a"], ["CompareOp", "Is", "Null", "NotNull", "In", "Between"]],
    [["a", "="], ["StringLiteral", "NumberLiteral", "BooleanLiteral", "Null"]],
    [["a", "is"], ["Not", "Null", "TypeName"]],
    [["a", "is", "not"], ["Null", "TypeName"]],
    // issue 34: a type's name after is; size( only after the name size.
    [["a", "is", "list"], ["And", "Or"]],
    [["a", "is", "not", "Map"], ["And", "Or"]],
    [["a", "is", "a"], null],
    [["size"], ["CompareOp", "Is", "Null", "NotNull", "In", "Between", "LParen"]],
    [["size", "("], ["Identifier", "QuotedIdentifier"]],
    [["size", "(", "`b c`"], ["RParen"]],
    [["size", "(", "a", ")"], ["CompareOp", "Is", "Null", "NotNull", "In", "Between"]],
    [["a", "("], null],
    [["a", "in"], ["LParen", "LBracket", "StringLiteral", "NumberLiteral", "BooleanLiteral"]],
    [["a", "in", "["], ["StringLiteral", "NumberLiteral", "BooleanLiteral"]],
    [["a", "in", "[", "1"], ["Comma", "RBracket"]],
    [["a", "in", "(", "1", ",", "1"], ["Comma", "RParen"]],
    [["a", "between", "1"], ["And"]],
    [["a", "between", "1", "and"], ["StringLiteral", "NumberLiteral"]],
    [["a", "=", "1"], ["And", "Or"]],
    [["(", "a", "=", "1"], ["And", "Or", "RParen"]],
    [["(", "a", "=", "1", ")"], ["And", "Or"]],
    [["not", "(", "(", "a", "in", "1", ")"], ["And", "Or", "RParen"]],
    [["a", "=", "1", ")"], null],
    [["a", "="], ["StringLiteral", "NumberLiteral", "BooleanLiteral", "Null"]],
    [["a", "=", "="], null],
    [["a", "b"], null],
    [["a", "in", "(", "1", "]"], null],
  ] as [string[], string[] | null][])("%j -> %j", (words, names) => {
    expect(namesOf(words)).toEqual(names);
  });

  it.each([
    ["groups", "(".repeat(33), 32, false],
    ["groups", "(".repeat(32), 32, true],
    ["negations", "not ".repeat(33), 32, false],
    ["negations and groups", "not (".repeat(16), 32, true],
    ["negations and groups", "not (".repeat(16) + "not", 32, false],
    ["closed groups", "(a = 1) and ".repeat(40), 1, true],
    ["closed negated groups", "not (a = 1) and ".repeat(40), 2, true],
  ])("counts depth as parse does: %s %j within %d is %s", (_, text, maxDepth, ok) => {
    expect(nextTokens(lex(text).tokens, maxDepth) !== null).toBe(ok);
  });

  it("answers for 100,000 nested levels without recursion", () => {
    const n = 100_000;
    const open = lex("not (".repeat(n)).tokens;
    expect(nextTokens(open, 1e9)?.types.length).toBe(10);
    const closed = lex("(".repeat(n) + "a = 1" + ")".repeat(n)).tokens;
    expect(nextTokens(closed, 1e9)).toEqual({ types: expect.any(Array), complete: true });
  });

  // The automaton restates the parser's grammar; these tie the two together.
  const sequences = fc.array(fc.constantFrom(...WORDS), { maxLength: 9 });

  it("calls a token sequence complete exactly when the parser accepts it", () => {
    fc.assert(
      fc.property(sequences, (words) => {
        const next = nextTokens(tokensOf(words), 32);
        expect(next?.complete === true).toBe(parses(words.join(" ")));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  // Filters from the grammar, then one token inserted, replaced or deleted: near misses the parser must judge.
  const literal = fc.constantFrom('"s"', "1");
  const { expr } = fc.letrec<{ expr: string[]; predicate: string[] }>((tie) => ({
    predicate: fc.oneof(
      fc.tuple(fc.constantFrom("a", "`b c`"), fc.constantFrom("=", "<", "contains"), fc.oneof(literal, fc.constant("null"))).map((t) => [...t]),
      fc.tuple(fc.constant("a"), fc.constantFrom("is null", "is not null", "null", "notNull")).map(([a, op]) => [a, ...op.split(" ")]),
      fc.tuple(fc.constant("a"), fc.array(literal, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([a, vs, b]) => [a, "in", b ? "[" : "(", ...vs.flatMap((v, i) => (i === 0 ? [v] : [",", v])), b ? "]" : ")"]),
      fc.tuple(literal, literal).map(([lo, hi]) => ["a", "between", lo, "and", hi]),
    ),
    expr: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      tie("predicate"),
      tie("expr").map((e) => ["not", ...e]),
      tie("expr").map((e) => ["(", ...e, ")"]),
      fc.tuple(tie("expr"), fc.constantFrom("and", "or"), tie("expr")).map(([l, op, r]) => [...l, op, ...r]),
    ),
  }));
  const mutated = fc.tuple(expr, fc.nat(), fc.constantFrom(...WORDS), fc.constantFrom("insert", "replace", "delete", "keep")).map(([words, n, word, how]) => {
    const i = words.length === 0 ? 0 : n % words.length;
    if (how === "insert") return [...words.slice(0, i), word, ...words.slice(i)];
    if (how === "replace") return [...words.slice(0, i), word, ...words.slice(i + 1)];
    if (how === "delete") return [...words.slice(0, i), ...words.slice(i + 1)];
    return words;
  });

  it("calls a filter with one token changed complete exactly when the parser accepts it", () => {
    fc.assert(
      fc.property(mutated, (words) => {
        const next = nextTokens(tokensOf(words), 1e9);
        expect(next?.complete === true).toBe(parses(words.join(" ")));
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("offers exactly the tokens that keep a prefix viable", () => {
    fc.assert(
      fc.property(sequences, (words) => {
        const next = nextTokens(tokensOf(words), 32);
        fc.pre(next !== null);
        for (const word of WORDS) {
          const type = tokensOf([word])[0]!.tokenType;
          const after = nextTokens(tokensOf([...words, word]), 32);
          // A type's name is offered as TypeName after is, and is an Identifier everywhere else.
          const offered = next!.types.includes(type) || (word === "list" && next!.types.includes(TypeName));
          expect(after !== null).toBe(offered);
        }
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("offers, after every prefix of a filter that parses, the token that follows it", () => {
    const filters = ["a = 1 and (b in (1, 2) or not c is null)", "not not (x between 'a' and 'b') or y notNull", "= 1", "a in [1] and `q` != null"];
    for (const text of filters) {
      expect(parses(text)).toBe(true);
      const tokens = lex(text).tokens;
      for (let i = 0; i < tokens.length; i++) {
        expect(nextTokens(tokens.slice(0, i), 32)?.types).toContain(tokens[i]!.tokenType);
      }
      expect(nextTokens(tokens, 32)?.complete).toBe(true);
    }
  });
});
