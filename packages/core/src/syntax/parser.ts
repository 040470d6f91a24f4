import { type IOrAlt, type IToken, type TokenType } from "chevrotain";
import type { AttributeNode, FilterNode, LiteralNode, PredicateNode } from "./ast.js";
import { limitText } from "../messages/limitMessages.js";
import { type Span } from "../messages/location.js";
import { errorMessageProvider } from "./parserMessages.js";
import { typeSet } from "./leanParser.js";
import { NodeBuilder } from "./nodeBuilder.js";
import { conjuncts, disjuncts, flatten } from "./operandLists.js";
import { Sunk, SUNK } from "./sunk.js";
export { newParseState, type ParseState } from "./nodeBuilder.js";
import { isDateWord, isFoldWord, isFunctionWord } from "./nameWords.js";
import {
  ALL_TOKENS,
  And,
  Between,
  BooleanLiteral,
  Comma,
  CompareOp,
  DateLiteral,
  Identifier,
  In,
  Is,
  LBracket,
  LParen,
  Not,
  NotNull,
  Null,
  NumberLiteral,
  Or,
  Parameter,
  QuotedIdentifier,
  RBracket,
  RParen,
  StringLiteral,
} from "../scan/tokens.js";

type Alts<T> = IOrAlt<T>[];

/** What take() accepts where the grammar has an OR of single tokens. */
const NAME_TYPES = typeSet(Identifier, QuotedIdentifier);
const COMPARAND_TYPES = typeSet(StringLiteral, NumberLiteral, BooleanLiteral, Parameter, Null, DateLiteral);
const LITERAL_TYPES = typeSet(StringLiteral, NumberLiteral, BooleanLiteral, Parameter, DateLiteral);
const AND_TYPES = typeSet(And);
const OR_TYPES = typeSet(Or);
const COMMA_TYPES = typeSet(Comma);
/** Alternatives by the token they start with, for LeanParser.choose(): `[type, alternative]` pairs, each type only ever that alternative's. */
function altTable(...pairs: [TokenType, number][]): readonly number[] {
  const table: number[] = [];
  for (const [type, alt] of pairs) table[type.tokenTypeIdx!] = alt;
  return table;
}
/** unaryAlts: `not`, `(`, and a predicate where it starts with a name or an operator. */
const UNARY_ALTS = altTable([Not, 0], [LParen, 1], [Identifier, 2], [QuotedIdentifier, 2], [CompareOp, 2]);
const OPERATION_ALTS = altTable([CompareOp, 0], [Is, 1], [Null, 2], [NotNull, 3], [In, 4], [Between, 5]);
/** inListAlts: a list in parentheses or brackets. */
const IN_LIST_ALTS = altTable([LParen, 0], [LBracket, 1]);
/** What closes an in list, for choose(): the token its MANY expects after it. */
const CLOSE_PAREN = altTable([RParen, 0]);
const CLOSE_BRACKET = altTable([RBracket, 0]);

/*
 * The grammar of grammar/filter.ebnf as five rules with embedded actions that
 * build the AST directly (measured here at about twice the speed of a CST plus
 * a visitor). A predicate's attribute, operator and values are parsed inline
 * in one rule rather than in sub-rules: each Chevrotain rule call costs a
 * try/catch/finally and rule-stack bookkeeping, and that was most of the
 * parse time. Action code runs only outside the recording phase, without
 * ACTION closures, and alternatives are built once and reused.
 * performSelfAnalysis() runs once, for the one instance below.
 */
export class FilterParser extends NodeBuilder {

  /**
   * Grammar validation is skipped at run time: it costs load time on every
   * start, chevrotain advises skipping it in production, and on Node 20 it
   * needs Object.groupBy, which Node 20 lacks. test/parserValidation.test.ts
   * builds the grammar with validation on, so a grammar mistake fails CI.
   */
  constructor(options: { skipValidations?: boolean } = {}) {
    super(ALL_TOKENS, { recoveryEnabled: true, maxLookahead: 1, errorMessageProvider, skipValidations: options.skipValidations ?? true });
    this.performSelfAnalysis();
  }

  /** A parse of the tokens given to begin() (or `input`), as `filter()` is. */
  parseFilter(): FilterNode | null {
    return this.outermost(this.filter);
  }

  /** filter := orExpr? */
  filter = this.RULE("filter", (): FilterNode | null => {
    let body: FilterNode | null = null;
    // Where the next token starts a unary, the OPTION would take its body: taken directly.
    if (this.choose(UNARY_ALTS) >= 0) return this.SUBRULE(this.orExpr);
    this.OPTION(() => {
      body = this.SUBRULE(this.orExpr);
    });
    return body;
  });

  /** orExpr := andExpr ( ("or" | "||") andExpr )* */
  orExpr = this.RULE("orExpr", (): FilterNode => {
    const start = this.LA(1);
    const first = this.SUBRULE(this.andExpr);
    let operands: FilterNode[] | undefined;
    // As andExpr's: the MANY's iterations on take()'s path, and the MANY itself only where it could take one.
    while (this.take(OR_TYPES) !== undefined) flatten("Or", this.SUBRULE2(this.andExpr), (operands ??= disjuncts(first, this.state)));
    if (!this.none(OR_TYPES)) this.MANY(() => {
      this.CONSUME(Or);
      const next = this.SUBRULE2(this.andExpr);
      if (!this.RECORDING_PHASE) flatten("Or", next, (operands ??= disjuncts(first, this.state)));
    });
    if (this.RECORDING_PHASE || operands === undefined) return first;
    return { type: "Or", operands, span: this.spanFrom(start) };
  });

  /** andExpr := unary ( ("and" | "&&") unary )* */
  andExpr = this.RULE("andExpr", (): FilterNode => {
    const start = this.LA(1);
    const first = this.SUBRULE(this.unary);
    let operands: FilterNode[] | undefined;
    // The MANY's iterations on take()'s path: the same token consumed and the same subrule called.
    // The MANY then meets what follows the last operand, as it would have after its own iterations;
    // it ends the rule, so with no iteration to take it does nothing (LeanParser.none()) and is left out.
    while (this.take(AND_TYPES) !== undefined) flatten("And", this.SUBRULE2(this.unary), (operands ??= conjuncts(first, this.state)));
    if (!this.none(AND_TYPES)) this.MANY(() => {
      this.CONSUME(And);
      const next = this.SUBRULE2(this.unary);
      if (!this.RECORDING_PHASE) flatten("And", next, (operands ??= conjuncts(first, this.state)));
    });
    if (this.RECORDING_PHASE || operands === undefined) return first;
    if (operands instanceof Sunk) return SUNK;
    return { type: "And", operands, span: this.spanFrom(start) };
  });

  /** unary := ("not" | "!") unary | "(" orExpr ")" | predicate */
  unary = this.RULE("unary", (): FilterNode => {
    this.more();
    // The alternative the OR would take, run without the OR's lookahead where the next token names it.
    const alt = this.choose(UNARY_ALTS);
    // The predicate's alternative (the usual one) called as itself rather than through the table.
    if (alt === 2) return this.SUBRULE(this.predicate);
    return alt >= 0 ? this.unaryAlts[alt]!.ALT.call(this) : this.OR(this.unaryAlts);
  });

  private readonly unaryAlts: Alts<FilterNode> = [
    {
      ALT: () => {
        const not = this.CONSUME(Not);
        this.enter(not);
        try {
          const operand = this.SUBRULE(this.unary);
          return this.RECORDING_PHASE ? operand : { type: "Not", operand, span: this.spanFrom(not) };
        } finally {
          this.leave();
        }
      },
    },
    {
      ALT: () => {
        const open = this.CONSUME(LParen);
        this.enter(open);
        try {
          const inner = this.SUBRULE(this.orExpr);
          this.more();
          this.CONSUME(RParen);
          return inner;
        } finally {
          this.leave();
        }
      },
    },
    { ALT: () => this.SUBRULE(this.predicate) },
  ];

  /**
   * predicate := subject? operation
   * subject   := attribute | ("size" | "fold") "(" attribute ")"
   * attribute := Identifier | QuotedIdentifier
   * operation := CompareOp (literal | "null") | "is" "not"? ("null" | typeName) | "null" | "notNull"
   *            | "in" inList | "between" literal "and" literal
   * `size` and `fold` are names like any other (an attribute may be called size) unless a `(` follows.
   */
  predicate = this.RULE("predicate", (): PredicateNode => {
    const start = this.LA(1);
    this.sizeWord = undefined;
    let name = this.take(NAME_TYPES);
    if (name === undefined) name = this.OPTION(this.attribute);
    else if (isFunctionWord(name) && this.LA(1).tokenType === LParen) {
      // What the attribute rule's Identifier alternative does, on take()'s fast path.
      this.sizeWord = name;
      name = this.sizeOf();
    }
    const sized = this.sizeWord;
    const folded = sized !== undefined && isFoldWord(sized);
    // Read by node() and literalNode() while this predicate's operation is parsed.
    this.sizing = sized !== undefined && !folded && !this.RECORDING_PHASE;
    this.folding = folded && !this.RECORDING_PHASE;
    const alt = this.choose(OPERATION_ALTS);
    // The usual operations called as themselves rather than through the table.
    const node =
      alt === 0 ? this.comparisonOperation() : alt === 4 ? this.inOperation() : alt === 5 ? this.betweenOperation() : alt >= 0 ? this.operationAlts[alt]!.ALT.call(this) : this.OR2(this.operationAlts);
    this.sizing = false;
    this.folding = false;
    // Under error recovery the operation may be missing; the parse fails anyway.
    if (this.RECORDING_PHASE || node === undefined) return node;
    const s = this.state;
    if (++s.predicates > s.maxPredicates) this.limit(start, limitText("maxPredicates", s.maxPredicates));
    const attribute: AttributeNode | null = name === undefined ? null : this.attributeNode(name);
    (node as { attribute: AttributeNode | null }).attribute = attribute;
    if (folded) (node as { fold?: true }).fold = true;
    else if (sized !== undefined) (node as { size?: true }).size = true;
    (node as { span: Span }).span = this.predicateSpan(node, attribute, sized === undefined ? undefined : start);
    return node;
  });

  /** `( attribute )` after `size`: the attribute's token. */
  private readonly sizeOf = (): IToken => {
    this.CONSUME4(LParen);
    const inner = this.OR6(this.sizeAttributeAlts);
    this.CONSUME4(RParen);
    return inner;
  };
  private readonly sizeAttributeAlts: Alts<IToken> = [{ ALT: () => this.CONSUME4(Identifier) }, { ALT: () => this.CONSUME4(QuotedIdentifier) }];

  /** attribute?, as one closure made once rather than one per predicate. */
  private readonly attribute = (): IToken => this.OR1(this.attributeAlts);
  /** A name, or `size ( name )`, which leaves the `size` token in sizeWord and gives the name inside. */
  private readonly attributeAlts: Alts<IToken> = [
    {
      ALT: () => {
        const id = this.CONSUME1(Identifier);
        const inner = this.OPTION5({ GATE: () => isFunctionWord(id), DEF: this.sizeOf });
        if (inner === undefined) return id;
        this.sizeWord = id;
        return inner;
      },
    },
    { ALT: () => this.CONSUME1(QuotedIdentifier) },
  ];
  /** The `size` of the predicate being parsed when its subject is `size(…)`. */
  private sizeWord: IToken | undefined;

  /** `CompareOp comparand`: operationAlts' first alternative. */
  private comparisonOperation(): PredicateNode {
    const op = this.CONSUME1(CompareOp);
    const value = this.take(COMPARAND_TYPES) ?? this.OR3(this.comparandAlts);
    return this.RECORDING_PHASE ? (undefined as never) : this.comparison(op, value);
  }

  private readonly operationAlts: Alts<PredicateNode> = [
    { ALT: () => this.comparisonOperation() },
    {
      ALT: () => {
        const is = this.CONSUME1(Is);
        const negated = this.OPTION2(() => this.CONSUME1(Not));
        const last = this.OR7(this.isAlts);
        if (this.RECORDING_PHASE) return undefined as never;
        if (last.tokenType === Null) return this.node(negated === undefined ? "null" : "notNull", is, last);
        return this.typeTest(negated === undefined ? "type" : "notType", is, last);
      },
    },
    {
      ALT: () => {
        const tok = this.CONSUME3(Null);
        return this.RECORDING_PHASE ? (undefined as never) : this.node("null", tok, tok);
      },
    },
    {
      ALT: () => {
        const tok = this.CONSUME1(NotNull);
        return this.RECORDING_PHASE ? (undefined as never) : this.node("notNull", tok, tok);
      },
    },
    { ALT: () => this.inOperation() },
    { ALT: () => this.betweenOperation() },
  ];

  /** `in inList`: operationAlts' fifth alternative. */
  private inOperation(): PredicateNode {
    const tok = this.CONSUME1(In);
    const brackets = this.LA(1).tokenType === LBracket;
    const list = this.choose(IN_LIST_ALTS);
    const values = list === 0 ? this.parenthesisedValues() : list >= 0 ? this.inListAlts[list]!.ALT.call(this) : this.OR4(this.inListAlts);
    if (this.RECORDING_PHASE) return undefined as never;
    const node = this.node("in", tok, tok, values);
    if (brackets) (node as { brackets?: true }).brackets = true;
    return node;
  }

  /** `between literal and literal`: operationAlts' sixth alternative. */
  private betweenOperation(): PredicateNode {
    const tok = this.CONSUME1(Between);
    const lower = this.literal(10);
    if (!this.RECORDING_PHASE) this.checkBoolean("between", tok, this.LA(0));
    this.CONSUME1(And);
    const upper = this.literal(11);
    if (this.RECORDING_PHASE) return undefined as never;
    this.checkBoolean("between", tok, this.LA(0));
    return this.node("between", tok, tok, [lower, upper]);
  }

  /** After `is` (and `not`): null, or a type's name, which is a name token (`string` stays a name elsewhere). */
  private readonly isAlts: Alts<IToken> = [{ ALT: () => this.CONSUME2(Null) }, { ALT: () => this.CONSUME5(Identifier) }];

  /** comparand := literal | "null"; null is handled by comparison(). */
  private readonly comparandAlts: Alts<IToken> = [
    { ALT: () => this.CONSUME2(StringLiteral) },
    { ALT: () => this.CONSUME2(NumberLiteral) },
    { ALT: () => this.CONSUME2(BooleanLiteral) },
    { ALT: () => this.CONSUME2(Parameter) },
    { ALT: () => this.CONSUME1(Null) },
    { ALT: () => this.CONSUME2(DateLiteral) },
    // A bare `now` or `today` is a date where a value goes, and stays a name everywhere else.
    { GATE: () => isDateWord(this.LA(1)), ALT: () => this.CONSUME6(Identifier) },
  ];

  /** inList := "(" values ")" | "[" values "]" | literal;  values := literal ("," literal)* */
  private readonly inListAlts: Alts<LiteralNode[]> = [
    { ALT: () => this.parenthesisedValues() },
    {
      ALT: () => {
        this.CONSUME1(LBracket);
        const values = this.values(14, 2);
        this.CONSUME1(RBracket);
        return values;
      },
    },
    { ALT: () => [this.literal(16)] },
  ];

  /** `( values )`: inListAlts' first alternative. */
  private parenthesisedValues(): LiteralNode[] {
    this.CONSUME1(LParen);
    const values = this.values(12, 1);
    this.CONSUME1(RParen);
    return values;
  }

  /** A comma-separated list; `idx` numbers its two literal occurrences, `loop` its MANY and comma. */
  private values(idx: number, loop: number): LiteralNode[] {
    const list = [this.literal(idx)];
    // The MANY's iterations on take()'s path; the MANY then runs unless its closing bracket is next,
    // where it would take no iteration and find the token it expects after it (nothing to recover).
    for (;;) {
      this.more();
      if (this.take(COMMA_TYPES) === undefined) break;
      this.nextValue(list, idx);
    }
    if (this.choose(loop === 1 ? CLOSE_PAREN : CLOSE_BRACKET) < 0) {
      this.many(loop, () => {
        this.more();
        this.consume(loop, Comma);
        this.nextValue(list, idx);
      });
    }
    return list;
  }

  /** The value after a comma, added to the list within maxInValues. */
  private nextValue(list: LiteralNode[], idx: number): void {
    const next = this.literal(idx + 1);
    if (!this.RECORDING_PHASE && list.push(next) > this.state.maxInValues) {
      this.limit(this.LA(0), limitText("maxInValues", this.state.maxInValues));
    }
  }

  /**
   * literal := StringLiteral | NumberLiteral | BooleanLiteral | Parameter, inline. Each place that reads a
   * literal passes its own occurrence index, as Chevrotain requires.
   */
  private literal(idx: number): LiteralNode {
    const tok =
      this.take(LITERAL_TYPES) ??
      this.or(idx, (this.literalAlts[idx] ??= [
        { ALT: () => this.consume(idx, StringLiteral) },
        { ALT: () => this.consume(idx, NumberLiteral) },
        { ALT: () => this.consume(idx, BooleanLiteral) },
        { ALT: () => this.consume(idx, Parameter) },
        { ALT: () => this.consume(idx, DateLiteral) },
        { GATE: () => isDateWord(this.LA(1)), ALT: () => this.consume(idx, Identifier) },
      ]));
    if (this.RECORDING_PHASE) return undefined as never;
    return this.literalNode(tok);
  }

  private readonly literalAlts: Alts<IToken>[] = [];
}

/** The one parser instance, built and analysed once at module load; marked pure so a bundle that never parses drops it. */
export const parser = /* @__PURE__ */ new FilterParser();

export type { TokenType };
