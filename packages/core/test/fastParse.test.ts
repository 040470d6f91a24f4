import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FilterError } from "../src/errors.js";
import { fastParse } from "../src/syntax/fastParse.js";
import { lex } from "../src/syntax/lexer.js";
import { DEFAULT_LIMITS, type Limits } from "../src/syntax/limits.js";
import { NO_SPAN } from "../src/syntax/location.js";
import { parse, parseSource } from "../src/syntax/parse.js";
import { compileList } from "../src/compile/compileList.js";

/** The Chevrotain parser's tree (parse() is located, so it never takes the fast path), spans replaced by NO_SPAN, as JSON in key order. */
function chevrotainTree(source: string, limits: Limits): string | FilterError {
  try {
    const doc = parse(source, limits);
    return JSON.stringify(doc.body, (key, value) => (key === "span" || key === "operatorSpan" ? NO_SPAN : value));
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
}

/** What the fast parser makes of the text, or "declined". */
function fastTree(source: string, limits: Limits): string {
  const { tokens, problems } = lex(source);
  if (problems.length > 0 || tokens.length === 0) return "declined";
  const body = fastParse(tokens, limits);
  return body === undefined ? "declined" : JSON.stringify(body);
}

/** Either the fast parser declines, or the Chevrotain parser accepts the same text and builds the same tree. */
function agree(source: string, limits: Limits = DEFAULT_LIMITS): void {
  const fast = fastTree(source, limits);
  if (fast === "declined") return;
  const slow = chevrotainTree(source, limits);
  if (slow instanceof FilterError) throw new Error(`fast parser accepted ${JSON.stringify(source)}, which parse() rejects: ${slow.message}`);
  expect(fast, source).toBe(slow);
}

const WORDS = [
  "a", "b", "`q x`", '"s"', "'t'", "1", "-2.5", "1e3",
  "=", "==", "!=", "<>", "<", "<=", ">", ">=", "beginsWith", "contains", "notContains",
  "in", "between", "is", "not", "NOT", "null", "notNull", "and", "AND", "or", "&&", "||", "!",
  "(", ")", "[", "]", ",",
];

const SMALL_LIMITS: Limits = { ...DEFAULT_LIMITS, maxDepth: 2, maxPredicates: 3, maxInValues: 2 };

/** Filters people write: predicates of every operation, joined, negated and grouped. */
const literal = fc.constantFrom('"ab"', "3", "-1.5", "'x'", "0");
const name = fc.constantFrom("name", "score", "`two words`", "status");
const predicate = fc.oneof(
  fc.tuple(name, fc.constantFrom("=", "!=", "<", ">=", "beginsWith", "contains", "notContains"), literal).map((p) => p.join(" ")),
  fc.tuple(name, fc.constantFrom("= null", "!= null", "is null", "is not null", "null", "notNull")).map((p) => p.join(" ")),
  fc.tuple(name, fc.array(literal, { minLength: 1, maxLength: 4 }), fc.constantFrom(["(", ")"], ["[", "]"], null)).map(([n, vs, b]) =>
    b === null ? `${n} in ${vs[0]}` : `${n} in ${b[0]}${vs.join(", ")}${b[1]}`,
  ),
  fc.tuple(name, literal, literal).map(([n, lo, hi]) => `${n} between ${lo} and ${hi}`),
  fc.tuple(fc.constantFrom(">= 3", "= 'k'", "in (1, 2)")).map(([op]) => op),
);
const { filter } = fc.letrec<{ filter: string }>((tie) => ({
  filter: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    predicate,
    fc.tuple(tie("filter"), fc.constantFrom(" and ", " or ", " && ", " || ", " AND "), tie("filter")).map(([l, op, r]) => l + op + r),
    tie("filter").map((f) => `not ${f}`),
    tie("filter").map((f) => `!(${f})`),
    tie("filter").map((f) => `(${f})`),
  ),
}));

describe("fastParse", () => {
  it.each([
    'name beginsWith "ab" and score >= 3 and status in ("a","b") and not (tags contains "x") and age between 18 and 65',
    "a = 1 or (b = 2 or c = 3) or not not d is not null",
    "(a = 1 and b = 2) and (c = 3 and (d = 4))",
    "a in [1] and b in (1) and c in 1 and d = null and e != null and `x y` notNull and f null",
    ">= 3",
  ])("builds the Chevrotain parser's tree for %s", (source) => {
    expect(fastTree(source, DEFAULT_LIMITS)).not.toBe("declined");
    agree(source);
  });

  it.each([
    ["a < null", DEFAULT_LIMITS],
    ["a = 1 and", DEFAULT_LIMITS],
    ["a = 1 b = 2", DEFAULT_LIMITS],
    ["(a = 1", DEFAULT_LIMITS],
    ["a in (1,)", DEFAULT_LIMITS],
    ["a between 1 or 2", DEFAULT_LIMITS],
    ["not not not a = 1", SMALL_LIMITS],
    ["a = 1 and b = 2 and c = 3 and d = 4", SMALL_LIMITS],
    ["a in (1, 2, 3)", SMALL_LIMITS],
  ] as const)("declines %s, which only the Chevrotain parser reports", (source, limits) => {
    expect(fastTree(source, limits)).toBe("declined");
    expect(chevrotainTree(source, limits)).toBeInstanceOf(FilterError);
  });

  it("agrees with the Chevrotain parser on any sequence of tokens", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }), fc.boolean(), (words, small) => {
        agree(words.join(" "), small ? SMALL_LIMITS : DEFAULT_LIMITS);
      }),
      { numRuns: 3000 },
    );
  });

  it("agrees with the Chevrotain parser on filters people write, and accepts them", () => {
    fc.assert(
      fc.property(filter, (source) => {
        expect(fastTree(source, DEFAULT_LIMITS)).not.toBe("declined");
        agree(source);
        agree(source, SMALL_LIMITS);
      }),
      { numRuns: 1000 },
    );
  });

  it("leaves errors to the Chevrotain parser: compileList reports what parse() reports, located", () => {
    const source = "a = 1 and b < null";
    const fromParse = chevrotainTree(source, DEFAULT_LIMITS) as FilterError;
    expect(fromParse.diagnostics[0]!.span.start.offset).toBe(12);
    expect(() => compileList(source)).toThrowError(expect.objectContaining({ diagnostics: fromParse.diagnostics }));
  });

  it("declines a nesting deeper than the stack under raised limits, for the Chevrotain parser to report", () => {
    const deep = "(".repeat(200_000) + "a = 1" + ")".repeat(200_000);
    const raised = { ...DEFAULT_LIMITS, maxLength: Infinity, maxDepth: Infinity };
    expect(fastTree(deep, raised)).toBe("declined");
  });
});
