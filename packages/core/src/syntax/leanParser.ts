import { createToken, EmbeddedActionsParser, Rule, Terminal, type IRecognitionException, type IToken, type TokenType } from "chevrotain";

import { ResyncScan } from "./resyncScan.js";

/** The parts of Chevrotain's parser state the fast paths below read and write (chevrotain 13's names). */
interface Internals {
  tokVector: IToken[];
  tokVectorLength: number;
  currIdx: number;
  subruleIdx: number;
  RULE_STACK_IDX: number;
  RULE_STACK: number[];
  RULE_OCCURRENCE_STACK: number[];
  RULE_OCCURRENCE_STACK_IDX: number;
  isBackTrackingStack: unknown[];
  CST_STACK: unknown[];
  _errors: IRecognitionException[];
  currRuleShortName: number;
  currRuleLookaheadFuncs: unknown[];
  lookAheadFuncsCache: unknown[][];
  fullRuleNameToShort: Record<string, number>;
  ruleFinallyStateUpdate(): void;
  onBeforeParse(ruleName: string): void;
  onAfterParse(ruleName: string): void;
  consumeInternal(tokType: TokenType, idx: number, options: unknown): IToken;
  SAVE_ERROR(error: IRecognitionException): IRecognitionException;
  invokeRuleCatch(error: unknown, resyncEnabled: boolean, recoveryValue: (error: unknown) => unknown): unknown;
  findReSyncTokenType(): TokenType;
  buildFullFollowKeyStack(): unknown[];
  getFollowSetFromFollowKey(key: unknown): TokenType[];
  getNextPossibleTokenTypes(this: { getGAstProductions(): Record<string, Rule> }, path: GrammarPath): TokenType[];
  getGAstProductions(): Record<string, Rule>;
}

/** A rule as RULE() returns it (chevrotain 13), with its short name kept on it by subruleInternal. */
interface LeanRule {
  ruleName: string;
  originalGrammarAction: (this: unknown) => unknown;
  shortName?: number;
}

/** What a rule gives when recovery resyncs in it: Chevrotain's default recoveryValueFunc. */
const RECOVERED = (): undefined => undefined;

/** Where in the grammar a mismatched token was expected: the rules from the outermost, each one's occurrence in its caller, the token. */
interface GrammarPath {
  ruleStack: string[];
  occurrenceStack: number[];
  lastTok: TokenType;
  lastTokOccurrence: number;
}

/** A token type no filter has: what follows the outermost rule of a walk cut short (getNextPossibleTokenTypes). */
const PAST_CUT = createToken({ name: "PastCut" });

const BASE = EmbeddedActionsParser.prototype as unknown as Internals;
/** Thrown out of a parse that scans as it goes at its first syntax error. */
const STOP: unique symbol = Symbol("stop");
/** What the parser holds between parses, so that it keeps no filter's tokens alive. */
const NO_TOKENS: IToken[] = [];
/** The lookahead functions of no rule, as a parse starts: Chevrotain only ever replaces this array, never writes into it. */
const NO_FUNCTIONS: unknown[] = [];

/** Tokens more() keeps scanned ahead of the parser: far more than a predicate or a bracket takes between two calls. */
const MORE_AHEAD = 64;

/** Token types as a table by tokenTypeIdx, for LeanParser.take(). */
export function typeSet(...types: TokenType[]): readonly boolean[] {
  const set: boolean[] = [];
  for (const t of types) set[t.tokenTypeIdx!] = true;
  return set;
}

/**
 * Chevrotain's embedded-actions parser with the steps a clean parse takes
 * most often made direct (issue 26, figure 1a: together with take() in the
 * grammar, a fifth off compileList of the typical filter). Each is what
 * Chevrotain does on that path, less the calls an embedded-actions parser
 * makes for nothing (the CST hooks, argument arrays, lookahead functions);
 * anything off the path (a mismatch, recovery, recording) is Chevrotain's
 * own code, so errors and recovery are unchanged.
 * test/leanParser.test.ts fails if Chevrotain renames what is used here.
 * It also keeps the token vector of a parse that scans as it goes (more(),
 * scanMore, stopScanning(): parseAsScanned.ts), since that reads and writes
 * the same internals.
 */
export class LeanParser extends EmbeddedActionsParser {
  /**
   * How many tokens are scanned when the parser scans as it goes (a long
   * filter; parseAsScanned.ts); Infinity when every token was scanned first.
   */
  scanned = Infinity;
  /**
   * In a parse that scans as it goes: appends the next tokens to `tokens`
   * until it holds `needed` or the source is spent, and says whether it is.
   */
  scanMore: ((tokens: IToken[], needed: number) => boolean) | null = null;
  /** Tokens dropped from the front of the vector in a parse that scans as it goes; positions count them. */
  passed = 0;
  /** The error invokeRuleCatch is handling, while it is. */
  private catching: unknown = undefined;
  /** For the error that `catching` held: findReSyncTokenType's answers as the error climbs the rule stack. */
  private resync: ResyncScan | undefined = undefined;

  /** Where the parser is, in tokens from the start: what MANY compares to see that an iteration took some. */
  protected getLexerPosition(): number {
    return (this as unknown as Internals).currIdx + this.passed;
  }

  /**
   * Called by the grammar wherever it is about to take a few more tokens: no
   * rule takes more than MORE_AHEAD tokens between two calls, so the parser
   * never reads past what is scanned.
   */
  protected more(): void {
    if (this.scanned - (this as unknown as Internals).currIdx < MORE_AHEAD) this.scanOn();
  }

  /** more()'s rare part: the vector made a chunk again, with scanMore's next tokens. */
  private scanOn(): void {
    const self = this as unknown as Internals;
    const tokens = self.tokVector;
    // The vector ends in Chevrotain's end-of-input padding: take it off, scan on, put it back.
    const padding = tokens.length - self.tokVectorLength;
    const endOfInput = tokens[tokens.length - 1]!;
    // The parser looks back one token at most (LA(0)): the tokens before it are dropped, so
    // the vector stays a chunk long however long the filter (`passed` counts them).
    const drop = Math.max(0, self.currIdx);
    tokens.copyWithin(0, drop, self.tokVectorLength);
    tokens.length = self.tokVectorLength - drop;
    self.currIdx -= drop;
    this.passed += drop;
    const done = this.scanMore!(tokens, self.currIdx + MORE_AHEAD + 1);
    self.tokVectorLength = tokens.length;
    for (let i = 0; i < padding; i++) tokens.push(endOfInput);
    this.scanned = done ? Infinity : tokens.length;
  }

  /** Back to a parse of scanned tokens, holding none: after a parse that scans as it goes. */
  stopScanning(): void {
    this.scanned = Infinity;
    this.scanMore = null;
    this.passed = 0;
    this.releaseTokens();
  }

  /**
   * A parse that scans as it goes stops at its first syntax error, since
   * only the whole-token parse reports errors (parseAsScanned.ts); any other
   * parse records it, as Chevrotain does.
   */
  protected SAVE_ERROR(error: IRecognitionException): IRecognitionException {
    if (this.scanMore !== null) throw STOP;
    return BASE.SAVE_ERROR.call(this, error);
  }

  /**
   * Starts a parse of `tokens`, as setting `input` does (Chevrotain's
   * reset()), keeping the arrays of the last parse where it left them empty
   * rather than making four new ones per parse; its errors are read as a
   * copy (`errors`), so none is kept by anyone else.
   */
  begin(tokens: IToken[]): void {
    const self = this as unknown as Internals;
    self.currIdx = -1;
    self.subruleIdx = 0;
    self.currRuleShortName = -1;
    self.currRuleLookaheadFuncs = NO_FUNCTIONS;
    if (self.isBackTrackingStack.length > 0) self.isBackTrackingStack = [];
    if (self._errors.length > 0) self._errors = [];
    self.RULE_STACK_IDX = -1;
    self.RULE_OCCURRENCE_STACK_IDX = -1;
    if (self.CST_STACK.length > 0) self.CST_STACK = [];
    self.tokVector = tokens;
    self.tokVectorLength = tokens.length;
  }

  /**
   * `rule` run as the outermost rule, as calling it does (the function
   * Chevrotain's RULE() returns: the end-of-input padding, the rule, the
   * check that all input was read), without the argument arrays that
   * function and its inner one make.
   */
  protected outermost<T>(rule: () => T): T {
    const self = this as unknown as Internals;
    const { ruleName } = rule as unknown as LeanRule;
    self.onBeforeParse(ruleName);
    try {
      return this.subruleInternal(rule as unknown as LeanRule, self.subruleIdx) as T;
    } finally {
      this.onAfterParse(ruleName);
    }
  }

  /**
   * Chevrotain's hook after the outermost rule, the same but without its
   * Array.at() calls for a parse that read all its input (isAtEndOfInput):
   * then there is nothing to report, and only the end-of-input padding that
   * onBeforeParse pushed (at tokVectorLength and after) is taken off.
   */
  protected onAfterParse(ruleName: string): void {
    const self = this as unknown as Internals;
    const tokens = self.tokVector;
    if (self.currIdx + 1 < self.tokVectorLength || tokens.length <= self.tokVectorLength) {
      BASE.onAfterParse.call(this, ruleName);
      return;
    }
    const padding = tokens[self.tokVectorLength];
    while (tokens.length > 0 && tokens[tokens.length - 1] === padding) tokens.pop();
  }

  /**
   * Lets go of the last parse's tokens (a long filter's can be megabytes) by
   * writing the token vector directly: setting `input` would reset the
   * parser's state a second time per parse, which the next parse's `input`
   * does anyway (issue 26, figure 1a).
   */
  releaseTokens(): void {
    const self = this as unknown as Internals;
    self.tokVector = NO_TOKENS;
    self.tokVectorLength = 0;
    this.resync = undefined;
  }

  /**
   * Chevrotain's catch in every rule, marking the error it handles. A
   * syntax error that no rule can resync at is rethrown from each rule up
   * the stack, and each asks findReSyncTokenType, which walks the whole
   * stack: for `(` nested d deep, d² steps (issue 33 §4: 2,000 took 3.5 s).
   * Between two of these catches of one error only rules return, so one
   * scan answers them all (ResyncScan).
   */
  protected invokeRuleCatch(error: unknown, resyncEnabled: boolean, recoveryValue: (error: unknown) => unknown): unknown {
    this.catching = error;
    try {
      const value = BASE.invokeRuleCatch.call(this, error, resyncEnabled, recoveryValue);
      // Handled here: the scan is spent.
      this.resync = undefined;
      return value;
    } finally {
      this.catching = undefined;
    }
  }

  /** Chevrotain's answer (the token type to resync at), from one scan per error while invokeRuleCatch handles it. */
  protected findReSyncTokenType(): TokenType {
    const error = this.catching;
    if (error === undefined) return BASE.findReSyncTokenType.call(this);
    const self = this as unknown as Internals;
    if (this.resync?.error !== error) {
      const follows = self.buildFullFollowKeyStack().map((key) => self.getFollowSetFromFollowKey(key));
      this.resync = new ResyncScan(error, follows, (k) => this.LA(k));
    }
    return this.resync.typeAt(self.RULE_STACK_IDX);
  }

  /**
   * The token types that may follow a mismatched token, for in-rule
   * recovery: Chevrotain walks the grammar down the whole rule stack, each
   * level copying the rest of the levels above, so d² at depth d. Only the
   * innermost levels count, up to one whose rest cannot be empty, so the walk
   * starts a few levels up, with PAST_CUT after the outermost rule's rest:
   * when PAST_CUT is not among the answer, the rest was never empty and the
   * answer is the whole walk's; else it starts twice as far up.
   */
  protected getNextPossibleTokenTypes(path: GrammarPath): TokenType[] {
    const self = this as unknown as Internals;
    const stack = path.ruleStack;
    for (let levels = 4; levels < stack.length; levels *= 2) {
      const from = stack.length - levels;
      const top = this.cutTop(stack[from]!, self.getGAstProductions());
      const cut = { ...path, ruleStack: stack.slice(from), occurrenceStack: path.occurrenceStack.slice(from) };
      const types = BASE.getNextPossibleTokenTypes.call({ getGAstProductions: () => ({ [top.name]: top }) }, cut);
      if (!types.includes(PAST_CUT)) return types;
    }
    return BASE.getNextPossibleTokenTypes.call(self, path);
  }

  /** The grammar's rules, each with PAST_CUT after its definition, made once. */
  private cutRules = new Map<string, Rule>();

  private cutTop(name: string, productions: Record<string, Rule>): Rule {
    let rule = this.cutRules.get(name);
    if (rule === undefined) {
      const own = productions[name]!;
      rule = new Rule({ name, definition: [...own.definition, new Terminal({ terminalType: PAST_CUT })] });
      this.cutRules.set(name, rule);
    }
    return rule;
  }

  /** CONSUME: the next token when it has the type; else Chevrotain's mismatch and in-rule recovery. */
  protected consumeInternal(tokType: TokenType, idx: number, options: unknown): IToken {
    const self = this as unknown as Internals;
    const next = self.tokVector[self.currIdx + 1]!;
    if (next.tokenTypeIdx === tokType.tokenTypeIdx) {
      self.currIdx++;
      return next;
    }
    return BASE.consumeInternal.call(this, tokType, idx, options);
  }

  /**
   * SUBRULE: the rule's own function, which keeps the rule stack and catches
   * for recovery. Chevrotain's version also passes ARGS (this grammar has
   * none) and posts the result to the CST, which an embedded-actions parser
   * does not build.
   */
  protected subruleInternal(rule: LeanRule, idx: number): unknown {
    const self = this as unknown as Internals;
    self.subruleIdx = idx;
    // Chevrotain's rule function (coreRule) with its state updates inline: it takes its
    // arguments as a rest array and calls the rule with apply(), an array per rule call.
    // Its default rule config, as the grammar gives none: resync on, undefined when recovered.
    const shortName = (rule.shortName ??= self.fullRuleNameToShort[rule.ruleName]!);
    self.RULE_OCCURRENCE_STACK[++self.RULE_OCCURRENCE_STACK_IDX] = idx;
    self.RULE_STACK[++self.RULE_STACK_IDX] = shortName;
    self.currRuleShortName = shortName;
    self.currRuleLookaheadFuncs = self.lookAheadFuncsCache[shortName]!;
    let value: unknown;
    try {
      value = rule.originalGrammarAction.call(this);
    } catch (error) {
      try {
        return this.invokeRuleCatch(error, true, RECOVERED);
      } finally {
        self.ruleFinallyStateUpdate();
      }
    }
    // ruleFinallyStateUpdate inline, on the path without an error: the stacks popped, the caller's rule current again.
    self.RULE_OCCURRENCE_STACK_IDX--;
    const at = --self.RULE_STACK_IDX;
    if (at >= 0) {
      self.currRuleShortName = self.RULE_STACK[at]!;
      self.currRuleLookaheadFuncs = self.lookAheadFuncsCache[self.currRuleShortName]!;
    }
    return value;
  }

  /**
   * The next token, consumed, when its type is one of `types`; else
   * undefined, with nothing consumed. It is what an OR (or OPTION) of
   * single-token alternatives does when one of them matches, without the
   * lookahead function and the alternative's calls. A caller falls back to
   * that OR when it gets undefined, so a token that fits none still gets
   * Chevrotain's error and recovery, and during recording (always
   * undefined here) Chevrotain still records the OR.
   */
  protected take(types: readonly boolean[]): IToken | undefined {
    if (this.RECORDING_PHASE) return undefined;
    const self = this as unknown as Internals;
    const next = self.tokVector[self.currIdx + 1]!;
    if (types[next.tokenTypeIdx] !== true) return undefined;
    self.currIdx++;
    return next;
  }

  /**
   * Whether a MANY whose iterations start with one of `types` would take
   * none here (the next token is none of them); false while recording, so
   * the grammar still records the MANY. A rule whose MANY ends it leaves the
   * MANY out when this is true: with no iteration, such a MANY only looks
   * for a token to recover at after it, and there is none in its rule
   * (Chevrotain's attemptInRepetitionRecovery returns at once unless the
   * rule is the outermost one).
   */
  protected none(types: readonly boolean[]): boolean {
    if (this.RECORDING_PHASE) return false;
    const self = this as unknown as Internals;
    return types[self.tokVector[self.currIdx + 1]!.tokenTypeIdx] !== true;
  }

  /**
   * The alternative an OR of alternatives that each start with their own
   * token takes for the next token: `alternatives[tokenTypeIdx]`, or -1 for
   * a token not in the table and while recording. The caller runs that
   * alternative itself, as the OR would, and runs the OR on -1.
   */
  protected choose(alternatives: readonly number[]): number {
    if (this.RECORDING_PHASE) return -1;
    const self = this as unknown as Internals;
    return alternatives[self.tokVector[self.currIdx + 1]!.tokenTypeIdx] ?? -1;
  }
}
