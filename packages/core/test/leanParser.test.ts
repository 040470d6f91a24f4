import { EmbeddedActionsParser, type IRecognitionException, type IToken } from "chevrotain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FilterError } from "../src/errors.js";
import { lex } from "../src/syntax/lexer.js";
import { LineIndex } from "../src/syntax/location.js";
import { FilterParser, type ParseState } from "../src/syntax/parser.js";

/**
 * LeanParser's fast paths (consumeInternal, subruleInternal, take) must do
 * exactly what Chevrotain's own code does. The reference here is the same
 * grammar with Chevrotain's methods put back and take() always declining,
 * so every OR runs as Chevrotain runs it; both parse the same tokens, and
 * their trees, syntax errors (with the tokens they name and the tokens
 * recovery skipped) and other problems must be equal.
 */
const BASE = EmbeddedActionsParser.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;

class ChevrotainPaths extends FilterParser {
  protected override consumeInternal(...args: Parameters<FilterParser["consumeInternal"]>): IToken {
    return BASE.consumeInternal!.apply(this, args) as IToken;
  }
  protected override subruleInternal(...args: unknown[]): unknown {
    return BASE.subruleInternal!.apply(this, args);
  }
  protected override take(): IToken | undefined {
    return undefined;
  }
}

const lean = new FilterParser();
const reference = new ChevrotainPaths();

function run(parser: FilterParser, source: string): unknown {
  const { tokens } = lex(source);
  const state: ParseState = { index: new LineIndex(source), maxDepth: 8, maxPredicates: 12, maxInValues: 4, depth: 0, predicates: 0, problems: [], hasParams: false };
  parser.state = state;
  parser.input = tokens;
  let body: unknown;
  try {
    body = parser.filter();
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    body = { limit: error.diagnostics };
  }
  const at = (t: IToken | undefined) => (t === undefined ? null : [t.tokenTypeIdx, t.startOffset]);
  const errors = parser.errors.map((e: IRecognitionException) => ({
    name: e.name,
    message: e.message,
    token: at(e.token),
    previous: at((e as { previousToken?: IToken }).previousToken),
    resynced: e.resyncedTokens.map(at),
    ruleStack: e.context.ruleStack,
  }));
  return JSON.parse(JSON.stringify({ body, errors, problems: state.problems }));
}

const FRAGMENTS = [
  "a", "`x y`", "b.c", "=", "!=", "<", ">=", "contains", "beginsWith", "in", "between", "is", "not", "null", "notNull",
  "and", "or", "&&", "||", "!", "(", ")", "[", "]", ",", '"s"', "'t'", "1", "-2.5", "1e400", "#", "",
];
const soup = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 30 }).map((parts) => parts.join(" "));
// What people write, so that the clean path is drawn as often as the broken one.
const clause = fc.oneof(
  fc.constantFrom('a = "x"', "b >= 3", "c in (1, 2)", "d in [\"p\"]", "e between 1 and 5", "f is not null", "g notNull", '`h i` beginsWith "j"', "k != null", "contains 3"),
  fc.constantFrom("a = ", "b in (1,", "c between 1", "d is", "(e = 1", "f = 1)", "g = = 2", "h in ()"),
);
const written = fc
  .array(fc.tuple(fc.constantFrom("", "not ", "!", "("), clause, fc.constantFrom("", ")")), { minLength: 1, maxLength: 8 })
  .chain((parts) => fc.array(fc.constantFrom(" and ", " or ", " && ", " || ", " "), { minLength: parts.length - 1, maxLength: parts.length - 1 }).map((joins) => parts.map(([pre, c, post], i) => pre + c + post + (joins[i] ?? "")).join("")));

describe("LeanParser's fast paths", () => {
  it("use Chevrotain's names for what they read and replace", () => {
    expect(typeof BASE.consumeInternal).toBe("function");
    expect(typeof BASE.subruleInternal).toBe("function");
    const fields = lean as unknown as Record<string, unknown>;
    expect(Array.isArray(fields.tokVector)).toBe(true);
    expect(typeof fields.currIdx).toBe("number");
    expect(typeof fields.subruleIdx).toBe("number");
  });

  it.each([
    'name beginsWith "ab" and score >= 3 and status in ("a","b") and tags notContains "x" and age between 18 and 65',
    "not (a = 1 or `b c` != 'x') && d is null",
    "a = ",
    "a in (1, , 2)",
    "a between 1 or 2",
    "(a = 1",
    "a = 1 b = 2",
    "a in (1,2,3,4,5,6)",
    "((((((((((a = 1))))))))))",
    "",
  ])("parse %j as Chevrotain's own paths do", (source) => {
    expect(run(lean, source)).toEqual(run(reference, source));
  });

  it("parse drawn filters, clean and broken, as Chevrotain's own paths do", () => {
    fc.assert(
      fc.property(fc.oneof(written, soup), (source) => {
        expect(run(lean, source)).toEqual(run(reference, source));
      }),
      { numRuns: 1500 },
    );
  });
});
