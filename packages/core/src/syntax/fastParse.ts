import type { AttributeNode, FilterNode, LiteralNode, PredicateNode } from "./ast.js";
import type { Token } from "./lexer.js";
import type { Limits } from "./limits.js";
import { NO_SPAN, type Span } from "./location.js";
import type { Operator } from "../operators.js";
import { And, Between, Comma, CompareOp, Identifier, In, Is, LBracket, LParen, Not, NotNull, Null, NumberLiteral, Or, QuotedIdentifier, RBracket, RParen, StringLiteral } from "./tokens.js";

/*
 * The grammar of parser.ts again, by hand, for the one case the compilers hit
 * on every call: text that parses, wanted without spans. Chevrotain's per-rule
 * bookkeeping (a try/finally, a rule stack, lookahead through closures) was
 * most of compileList's parse time. This parser accepts a subset of what the
 * Chevrotain one accepts and builds the same tree (NO_SPAN everywhere); on
 * anything else (a token out of place, a limit reached, null after '<') it
 * declines, and parse.ts hands the tokens to the Chevrotain parser, which
 * alone writes every error message. So the messages, spans and limits come
 * from one place, and test/fastParse.test.ts checks the two agree, tree for
 * tree, on valid and invalid text alike.
 */

/** Thrown (and caught below) to give up; never escapes. */
const DECLINE = { declined: true };

let toks: Token[] = [];
let pos = 0;
let depth = 0;
let predicates = 0;
let limits: Limits;

/** The body of a filter of at least one token, or undefined when the Chevrotain parser must do it. */
export function fastParse(tokens: Token[], lim: Limits): FilterNode | undefined {
  toks = tokens;
  pos = 0;
  depth = 0;
  predicates = 0;
  limits = lim;
  try {
    const body = orExpr();
    return pos === tokens.length ? body : undefined;
  } catch (error) {
    // A decline, or the engine's stack running out under raised limits: the Chevrotain parser reports either.
    if (error === DECLINE || error instanceof RangeError) return undefined;
    throw error;
  } finally {
    toks = [];
  }
}

function orExpr(): FilterNode {
  const first = andExpr();
  if (toks[pos]?.tokenType !== Or) return first;
  const operands = flatten("Or", first, []);
  while (toks[pos]?.tokenType === Or) {
    pos++;
    flatten("Or", andExpr(), operands);
  }
  return { type: "Or", operands, span: NO_SPAN };
}

function andExpr(): FilterNode {
  const first = unary();
  if (toks[pos]?.tokenType !== And) return first;
  const operands = flatten("And", first, []);
  while (toks[pos]?.tokenType === And) {
    pos++;
    flatten("And", unary(), operands);
  }
  return { type: "And", operands, span: NO_SPAN };
}

function flatten(type: "And" | "Or", node: FilterNode, into: FilterNode[]): FilterNode[] {
  if (node.type === type) for (const operand of node.operands) into.push(operand);
  else into.push(node);
  return into;
}

function unary(): FilterNode {
  const type = toks[pos]?.tokenType;
  if (type === Not) {
    pos++;
    if (++depth > limits.maxDepth) throw DECLINE;
    const operand = unary();
    depth--;
    return { type: "Not", operand, span: NO_SPAN };
  }
  if (type === LParen) {
    pos++;
    if (++depth > limits.maxDepth) throw DECLINE;
    const inner = orExpr();
    expect(RParen);
    depth--;
    return inner;
  }
  return predicate();
}

function predicate(): PredicateNode {
  let name: Token | undefined;
  const first = toks[pos]?.tokenType;
  if (first === Identifier || first === QuotedIdentifier) name = toks[pos++];
  const node = operation();
  if (++predicates > limits.maxPredicates) throw DECLINE;
  const attribute: AttributeNode | null = name === undefined ? null : { type: "Attribute", name: name.payload as string, span: NO_SPAN };
  (node as { attribute: AttributeNode | null }).attribute = attribute;
  (node as { span: Span }).span = NO_SPAN;
  return node;
}

function operation(): PredicateNode {
  const tok = toks[pos++];
  const type = tok?.tokenType;
  if (type === CompareOp) {
    const operator = tok!.payload as Operator;
    const v = toks[pos++]?.tokenType;
    if (v === StringLiteral || v === NumberLiteral) return node(operator, literalAt(pos - 1));
    if (v === Null && operator === "equals") return node("null");
    if (v === Null && operator === "notEquals") return node("notNull");
    throw DECLINE;
  }
  if (type === Is) {
    const negated = toks[pos]?.tokenType === Not;
    if (negated) pos++;
    expect(Null);
    return node(negated ? "notNull" : "null");
  }
  if (type === Null) return node("null");
  if (type === NotNull) return node("notNull");
  if (type === In) {
    const open = toks[pos]?.tokenType;
    if (open === LParen || open === LBracket) {
      pos++;
      const values = [literal()];
      while (toks[pos]?.tokenType === Comma) {
        pos++;
        if (values.push(literal()) > limits.maxInValues) throw DECLINE;
      }
      expect(open === LParen ? RParen : RBracket);
      const n = node("in", values);
      if (open === LBracket) (n as { brackets?: true }).brackets = true;
      return n;
    }
    return node("in", [literal()]);
  }
  if (type === Between) {
    const lower = literal();
    expect(And);
    const upper = literal();
    return node("between", [lower, upper]);
  }
  throw DECLINE;
}

function literal(): LiteralNode {
  const type = toks[pos]?.tokenType;
  if (type !== StringLiteral && type !== NumberLiteral) throw DECLINE;
  return literalAt(pos++);
}

function literalAt(at: number): LiteralNode {
  const tok = toks[at]!;
  return { type: tok.tokenType === StringLiteral ? "String" : "Number", value: tok.payload as never, span: NO_SPAN };
}

/** Built in the order parser.ts builds it, so both trees have one shape. */
function node(operator: Operator, value?: LiteralNode | LiteralNode[]): PredicateNode {
  const n = { type: "Predicate", attribute: null, operator, operatorSpan: NO_SPAN, span: undefined as unknown as Span } as {
    type: "Predicate";
    attribute: null;
    operator: Operator;
    operatorSpan: Span;
    span: Span;
    value?: LiteralNode | LiteralNode[];
  };
  if (value !== undefined) n.value = value;
  return n;
}

function expect(type: Token["tokenType"]): void {
  if (toks[pos]?.tokenType !== type) throw DECLINE;
  pos++;
}
