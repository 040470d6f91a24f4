import { EmbeddedActionsParser, type IRecognitionException, type IToken, type TokenType } from "chevrotain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FilterError } from "../src/messages/errors.js";
import { lex } from "../src/scan/lexer.js";
import { LineIndex } from "../src/messages/location.js";
import { parse } from "../src/schema/parse.js";
import { FilterParser, type ParseState } from "../src/syntax/parser.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

/**
 * LeanParser's fast paths (consumeInternal, subruleInternal, take, choose) must do
 * exactly what Chevrotain's own code does. The reference here is the same
 * grammar with Chevrotain's methods put back and take() and choose() always declining,
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
  protected override choose(): number {
    return -1;
  }
  protected override none(): boolean {
    return false;
  }
  override begin(tokens: IToken[]): void {
    this.input = tokens;
  }
  protected override outermost<T>(rule: () => T): T {
    return rule.call(this);
  }
  protected override onAfterParse(ruleName: string): void {
    BASE.onAfterParse!.call(this, ruleName);
  }
  protected override invokeRuleCatch(...args: Parameters<FilterParser["invokeRuleCatch"]>): unknown {
    return BASE.invokeRuleCatch!.apply(this, args);
  }
  protected override findReSyncTokenType(): TokenType {
    return BASE.findReSyncTokenType!.apply(this) as TokenType;
  }
  protected override getNextPossibleTokenTypes(...args: Parameters<FilterParser["getNextPossibleTokenTypes"]>): TokenType[] {
    return BASE.getNextPossibleTokenTypes!.apply(this, args) as TokenType[];
  }
}

const lean = new FilterParser();
const reference = new ChevrotainPaths();

function run(parser: FilterParser, source: string, maxDepth = 8): unknown {
  const { tokens } = lex(source);
  const state: ParseState = { index: new LineIndex(source), maxDepth, maxPredicates: 12, maxInValues: 4, depth: 0, predicates: 0, problems: [], hasParams: false };
  parser.state = state;
  parser.begin(tokens);
  let body: unknown;
  try {
    body = parser.parseFilter();
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
    for (const name of ["consumeInternal", "subruleInternal", "invokeRuleCatch", "findReSyncTokenType", "buildFullFollowKeyStack", "getFollowSetFromFollowKey", "getNextPossibleTokenTypes", "getGAstProductions"]) {
      expect(typeof BASE[name], name).toBe("function");
    }
    const fields = lean as unknown as Record<string, unknown>;
    expect(Array.isArray(fields.tokVector)).toBe(true);
    expect(typeof fields.currIdx).toBe("number");
    expect(typeof fields.subruleIdx).toBe("number");
    // What subruleInternal does in place of the rule function Chevrotain's RULE() makes.
    for (const name of ["RULE_STACK", "RULE_OCCURRENCE_STACK", "lookAheadFuncsCache"]) expect(Array.isArray(fields[name]), name).toBe(true);
    expect(typeof BASE.ruleFinallyStateUpdate).toBe("function");
    expect(typeof (fields.fullRuleNameToShort as Record<string, number>).predicate).toBe("number");
    expect(typeof (lean.predicate as unknown as { originalGrammarAction: unknown }).originalGrammarAction).toBe("function");
  });

  it("begin() leaves the parser as setting input does, after a clean parse and after a broken one", () => {
    const state = (p: FilterParser): Record<string, unknown> => {
      const f = p as unknown as Record<string, unknown>;
      const names = ["currIdx", "subruleIdx", "currRuleShortName", "RULE_STACK_IDX", "RULE_OCCURRENCE_STACK_IDX", "tokVectorLength"];
      const arrays = ["currRuleLookaheadFuncs", "isBackTrackingStack", "_errors", "CST_STACK"];
      return { ...Object.fromEntries(names.map((n) => [n, f[n]])), ...Object.fromEntries(arrays.map((n) => [n, [...(f[n] as unknown[])]])), tokVector: f.tokVector };
    };
    for (const before of ["a = 1", "a = = 1 b (", ""]) {
      run(lean, before);
      const { tokens } = lex('a in (1, 2) or b = "x"');
      lean.begin(tokens);
      const begun = state(lean);
      lean.input = tokens;
      expect(begun).toEqual(state(lean));
      expect(begun.tokVector).toBe(tokens);
    }
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

  // Issue 33 §4: recovery from an error deep in groups and negations, which LeanParser answers from one walk.
  it.each([
    "(".repeat(40) + "a = 1",
    "(".repeat(40) + "a =",
    "(".repeat(40) + "a = 1 b = 2",
    "(".repeat(40) + "a = 1" + ")".repeat(41) + " b",
    "not ".repeat(30) + "(a = 1",
    "(not ".repeat(20) + "a = 1 or (b in (1,",
    "(a = 1 and (b = 2 or (c = 3 ".repeat(8) + "d",
    "((a = 1) (b = 2) ((c = ) d = 4",
  ])("parse %j, deep, as Chevrotain's own paths do", (source) => {
    expect(run(lean, source, 200)).toEqual(run(reference, source, 200));
  });

  it("parse drawn deep filters, broken, as Chevrotain's own paths do", () => {
    const deep = fc
      .tuple(fc.array(fc.constantFrom("(", "not ", "!", "(not ", "a = 1 and (", "b = 2 or ("), { minLength: 10, maxLength: 40 }), fc.oneof(written, soup))
      .map(([opening, rest]) => opening.join("") + rest);
    fc.assert(
      fc.property(deep, (source) => {
        expect(run(lean, source, 200)).toEqual(run(reference, source, 200));
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("parse drawn filters, clean and broken, as Chevrotain's own paths do", () => {
    fc.assert(
      fc.property(fc.oneof(written, soup), (source) => {
        expect(run(lean, source)).toEqual(run(reference, source));
      }),
      { numRuns: propertyRuns(1500) },
    );
  });
});

/**
 * The work of recovering from a syntax error d groups deep: the follow sets
 * Chevrotain looks up and the tokens it looks at to resync, and the grammar elements it copies walking
 * down the rule stack for in-rule recovery (both d² before: issue 33 §4,
 * `(` 2,000 deep took 3.5 s to parse). Counted, not timed.
 */
function recoveryWork(source: string): number {
  type Method = (...args: unknown[]) => unknown;
  const proto = EmbeddedActionsParser.prototype as unknown as { getFollowSetFromFollowKey: Method; LA: Method };
  const { getFollowSetFromFollowKey: lookUp, LA: look } = proto;
  const concat = Array.prototype.concat;
  let work = 0;
  proto.getFollowSetFromFollowKey = function (this: unknown, ...args: unknown[]) {
    work++;
    return lookUp.apply(this, args);
  };
  proto.LA = function (this: unknown, ...args: unknown[]) {
    work++;
    return look.apply(this, args);
  };
  Array.prototype.concat = function (this: unknown[], ...args: unknown[]) {
    const joined = concat.apply(this, args);
    work += joined.length;
    return joined;
  };
  try {
    expect(() => parse(source, { maxDepth: 1000 })).toThrow(FilterError);
  } finally {
    proto.getFollowSetFromFollowKey = lookUp;
    proto.LA = look;
    Array.prototype.concat = concat;
  }
  return work;
}

describe("function words", () => {
  // `size` and `fold` in any letter case are told in place (parser.ts, isFunctionWord), without lower-casing the name.
  it.each(["size", "SIZE", "SiZe", "fold", "FOLD", "fOlD", "sizz", "fole", "ſize", "shźe", "SİZE", "siz_", "f0ld", "sizes", "siz"])("%s( ) reads as the lower-cased word says", (word) => {
    const functional = word.toLowerCase() === "size" || word.toLowerCase() === "fold";
    let doc: unknown;
    try {
      doc = parse(`${word}(a) = ${word.toLowerCase().startsWith("f") ? '"x"' : "1"}`);
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
    }
    expect(doc !== undefined).toBe(functional);
  });
});

describe("recovery from syntax errors, deep in groups or many", () => {
  it.each([
    ["unclosed groups", (d: number) => "(".repeat(d) + "a = 1"],
    ["unclosed groups, then a stray word", (d: number) => "(".repeat(d) + "a = 1 b"],
    ["a condition cut short", (d: number) => "(".repeat(d) + "a ="],
    ["groups and negations", (d: number) => "(not ".repeat(d / 2) + "a = 1"],
    ["a name alone", (d: number) => "( ".repeat(d) + "a"],
    ["an error after each of many words", (d: number) => "a = 1 " + "and ".repeat(8 * d)],
  ])("%s: twice the size is at most about twice the work", (_name, make) => {
    const once = recoveryWork(make(60));
    const twice = recoveryWork(make(120));
    expect(once).toBeGreaterThan(0);
    expect(twice / once).toBeLessThan(2.5);
  });
});
