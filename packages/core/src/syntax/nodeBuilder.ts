import type { IToken } from "chevrotain";
import type { AttributeNode, FilterNode, LiteralNode, PredicateNode } from "./ast.js";
import { limitText } from "../messages/limitMessages.js";
import { FilterError } from "../messages/errors.js";
import type { LexProblem } from "../scan/lexer.js";
import { NO_SPAN, type LineIndex, type Span } from "../messages/location.js";
import type { Operator } from "../values/operators.js";
import { renderMessage } from "../messages/renderMessage.js";
import { LeanParser } from "./leanParser.js";
import { booleanOperatorProblem, takesBoolean } from "./booleanOperators.js";
import { sizeOperatorProblem, sizeValueProblem, typeNameProblem } from "./sizeAndTypeProblems.js";
import type { NamePath } from "../scan/readNamePath.js";
import { isTypeName, SIZE_OPERATORS } from "./typeNames.js";
import { FOLD_OPERATORS, foldOperatorProblem, foldValueProblem } from "./foldProblems.js";
import type { DatePayload } from "../scan/scanDate.js";
import { BooleanLiteral, DateLiteral, Identifier, Null, NumberLiteral, Parameter, StringLiteral } from "../scan/tokens.js";

/** Per-parse state: the limits and counters the grammar actions check as they go. */
export interface ParseState {
  index: LineIndex;
  maxDepth: number;
  maxPredicates: number;
  maxInValues: number;
  depth: number;
  predicates: number;
  /** Problems found while parsing that are not syntax errors, such as `a < null`. */
  problems: LexProblem[];
  /** Whether the filter holds a `$name`, which binding then looks for. */
  hasParams: boolean;
  /** Whether the filter holds a relative date (`now`, `today - 1w`), which resolveDates then looks for. */
  hasDates?: boolean;
  /**
   * Takes each operand of the top-level `and` as it is parsed, in place of
   * the And node's array (parser.ts, andExpr): a compiler that lowers as the
   * parser goes (compile/compileList.ts), so the tree of a long filter dies young.
   */
  sink?: (node: FilterNode) => void;
  /** Set where an `or` followed the operands a sink took: the parse stopped though the text may be fine. */
  orAfterSunk?: boolean;
}

/** A fresh state for one parse within these limits. */
export function newParseState(index: LineIndex, limits: Pick<ParseState, "maxDepth" | "maxPredicates" | "maxInValues">): ParseState {
  return {
    index,
    maxDepth: limits.maxDepth,
    maxPredicates: limits.maxPredicates,
    maxInValues: limits.maxInValues,
    depth: 0,
    predicates: 0,
    problems: [],
    hasParams: false,
  };
}

/**
 * The parser's half that is not grammar: the per-parse state, and the tree's
 * nodes built from tokens as the rules (parser.ts) read them, with the checks
 * that go with building them (limits, size's and fold's operators and values,
 * booleans where an operator takes none).
 */
export abstract class NodeBuilder extends LeanParser {
  state!: ParseState;
  /** Whether the predicate being parsed tests `size(…)`, whose operators and values are checked as they are read. */
  protected sizing = false;
  /** The predicate being parsed compares `fold(…)`: its operator and values are checked as it is built. */
  protected folding = false;

  protected literalNode(tok: IToken): LiteralNode {
    const payload = (tok as unknown as { payload: never }).payload;
    const type = tok.tokenType;
    if (this.sizing && type !== NumberLiteral && type !== Parameter) {
      const shown = type === DateLiteral || type === Identifier ? tok.image : payload;
      this.state.problems.push(sizeValueProblem(shown, tok.startOffset, tok.endOffset! + 1));
    }
    if (this.folding && type !== StringLiteral && type !== Parameter) {
      const shown = type === DateLiteral || type === Identifier ? tok.image : payload;
      this.state.problems.push(foldValueProblem(shown, tok.startOffset, tok.endOffset! + 1));
    }
    if (type === Parameter) {
      this.state.hasParams = true;
      return { type: "Param", name: payload, span: this.spanOf(tok) };
    }
    if (type === BooleanLiteral) return { type: "Boolean", value: payload, span: this.spanOf(tok) };
    if (type === DateLiteral || type === Identifier) return this.dateNode(tok);
    return { type: type === StringLiteral ? "String" : "Number", value: payload, span: this.spanOf(tok) };
  }
  /** `now`, `today` (a name token) or `now - 7d` (a DateLiteral) as a DateNode. */
  protected dateNode(tok: IToken): LiteralNode {
    this.state.hasDates = true;
    const span = this.spanOf(tok);
    if (tok.tokenType === Identifier) return { type: "Date", anchor: tok.image.toLowerCase() as "now" | "today", span };
    const { anchor, offset } = (tok as unknown as { payload: DatePayload }).payload;
    return offset === undefined ? { type: "Date", anchor, span } : { type: "Date", anchor, offset, span };
  }

  /** `is string`, `is not list`: the type's name in lower case as the value; any other word is refused at the word. */
  protected typeTest(operator: "type" | "notType", is: IToken, word: IToken): PredicateNode {
    // A path (`is a.b`) is no type: its text is refused as any other word is.
    const payload = (word as unknown as { payload: string | NamePath }).payload;
    const written = typeof payload === "string" ? payload : word.image;
    const name = written.toLowerCase();
    if (!isTypeName(name)) this.state.problems.push(typeNameProblem(written, word.startOffset, word.endOffset! + 1));
    // The operator span covers `is` to the name, as `is null`'s does.
    return this.node(operator, is, word, { type: "String", value: name, span: this.spanOf(word) });
  }

  /** The attribute a name token names: a top-level name (a string payload) or a path (scanPath.ts). */
  protected attributeNode(tok: IToken): AttributeNode {
    const payload = (tok as unknown as { payload: string | NamePath }).payload;
    const span = this.spanOf(tok);
    return typeof payload === "string" ? { type: "Attribute", name: payload, span } : { type: "Attribute", name: payload.name, path: payload.path, span };
  }

  protected comparison(opTok: IToken, valueTok: IToken): PredicateNode {
    const operator = (opTok as unknown as { payload: Operator }).payload;
    if (valueTok.tokenType === Null && (this.sizing || this.folding)) {
      const problem = this.sizing ? sizeValueProblem : foldValueProblem;
      this.state.problems.push(problem(null, valueTok.startOffset, valueTok.endOffset! + 1));
      return this.node(operator, opTok, valueTok);
    }
    if (valueTok.tokenType !== Null) {
      this.checkBoolean(operator, opTok, valueTok);
      return this.node(operator, opTok, opTok, this.literalNode(valueTok));
    }
    if (operator === "equals") return this.node("null", opTok, valueTok);
    if (operator === "notEquals") return this.node("notNull", opTok, valueTok);
    const params = { kind: "null", operator, written: opTok.image };
    this.state.problems.push({
      code: "E_VALUE_TYPE",
      message: renderMessage("E_VALUE_TYPE", params),
      params,
      start: opTok.startOffset,
      end: valueTok.endOffset! + 1,
    });
    return this.node(operator, opTok, valueTok);
  }

  /** `a < true`, `between false and true`: reported at the boolean, with the operator as written. */
  protected checkBoolean(operator: Operator, opTok: IToken, valueTok: IToken): void {
    // A size compares with numbers: literalNode reports any other value once.
    if (valueTok.tokenType !== BooleanLiteral || takesBoolean(operator) || this.sizing || this.folding) return;
    const problem = booleanOperatorProblem(operator, opTok.image);
    this.state.problems.push({ code: "E_VALUE_TYPE", ...problem, start: valueTok.startOffset, end: valueTok.endOffset! + 1 });
  }

  /** A predicate node with its operator span; predicate() fills in the attribute and the whole span. */
  protected node(operator: Operator, first: IToken, last: IToken, value?: LiteralNode | LiteralNode[]): PredicateNode {
    if (this.sizing && !SIZE_OPERATORS.has(operator)) this.state.problems.push(sizeOperatorProblem(operator, first.image, first.startOffset, last.endOffset! + 1));
    if (this.folding && !FOLD_OPERATORS.has(operator)) this.state.problems.push(foldOperatorProblem(operator, first.image, first.startOffset, last.endOffset! + 1));
    const operatorSpan = this.state.index.span(first.startOffset, last.endOffset! + 1);
    const span = undefined as unknown as Span;
    // Two literals rather than adding `value` later, which gives every such node a second allocation for it.
    return value === undefined
      ? { type: "Predicate", attribute: null, operator, operatorSpan, span }
      : ({ type: "Predicate", attribute: null, operator, operatorSpan, span, value } as PredicateNode);
  }

  protected enter(tok: IToken): void {
    if (this.RECORDING_PHASE) return;
    if (++this.state.depth > this.state.maxDepth) {
      this.limit(tok, limitText("maxDepth", this.state.maxDepth));
    }
  }

  protected leave(): void {
    if (!this.RECORDING_PHASE) this.state.depth--;
  }

  protected limit(tok: IToken, text: ReturnType<typeof limitText>): never {
    const start = Number.isNaN(tok.startOffset) ? this.state.index.source.length : tok.startOffset;
    const end = Number.isNaN(tok.startOffset) ? start : tok.endOffset! + 1;
    throw new FilterError([{ code: "E_LIMIT", ...text, span: this.state.index.span(start, end) }]);
  }

  protected spanOf(tok: IToken): Span {
    return this.state.index.span(tok.startOffset, tok.endOffset! + 1);
  }

  /**
   * A predicate's span shares Position objects with its attribute, operator or
   * last value where the offsets coincide: spans are most of the tree's memory.
   */
  protected predicateSpan(node: PredicateNode, attribute: AttributeNode | null, from?: IToken): Span {
    if (!this.state.index.locate) return NO_SPAN;
    const start = from !== undefined ? this.state.index.position(from.startOffset) : attribute === null ? node.operatorSpan.start : attribute.span.start;
    const endOffset = this.LA(0).endOffset! + 1;
    const v = node.value;
    const lastValue = v === undefined ? undefined : Array.isArray(v) ? v[v.length - 1] : v;
    const end =
      lastValue !== undefined && lastValue.span.end.offset === endOffset
        ? lastValue.span.end
        : node.operatorSpan.end.offset === endOffset
          ? node.operatorSpan.end
          : this.state.index.position(endOffset);
    return { start, end };
  }

  /** From a rule's first token to the last token consumed so far. */
  protected spanFrom(first: IToken): Span {
    const last = this.LA(0);
    return this.state.index.span(first.startOffset, Math.max(first.startOffset, last.endOffset! + 1));
  }
}
