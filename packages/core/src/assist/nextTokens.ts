import type { TokenType } from "chevrotain";
import type { Token } from "../scan/lexer.js";
import {
  And,
  Between,
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
  BooleanLiteral,
  Or,
  QuotedIdentifier,
  RBracket,
  RParen,
  StringLiteral,
  TypeName,
} from "../scan/tokens.js";
import { isTypeName } from "../syntax/typeNames.js";
import { dateAnchor } from "../scan/scanDate.js";

/*
 * What may come next after a prefix of tokens, for content assist.
 *
 * The grammar (grammar/filter.ebnf, implemented by syntax/parser.ts) is small
 * and LL(1), so its viable prefixes are recognised by a pushdown automaton
 * with one state per place inside a predicate plus a stack of open groups.
 * That runs in one pass, without recursion, in time and memory linear in the
 * tokens: no input, however deep, can overflow the stack or stall a
 * keystroke. test/nextTokens.test.ts checks that it accepts exactly the
 * token sequences the parser accepts, so the two cannot drift apart.
 */

/** Where the automaton is: the states of the grammar between two tokens. */
const enum At {
  /** unary: a condition starts (also after `not` and `(`). */
  Operand,
  /** predicate: after its attribute, the operation follows. */
  Attribute,
  /** operation: after a comparison operator, its comparand. */
  Compare,
  /** after `is`. */
  Is,
  /** after `is not`. */
  IsNot,
  /** after the name `size` or `fold`: an operation, or the `(` of size(…) or fold(…). */
  SizeWord,
  /** after `size (`: the attribute. */
  SizeOpen,
  /** after `size ( name`: the `)`. */
  SizeName,
  /** after `in`: a list or one literal. */
  In,
  /** inside an in list: a value. */
  ListValue,
  /** inside an in list, after a value: `,` or the closing bracket. */
  ListNext,
  /** after `between`: the lower bound. */
  Between,
  /** after `between <lower>`: its `and`. */
  BetweenLower,
  /** after `between <lower> and`: the upper bound. */
  BetweenAnd,
  /** after a whole condition or group: `and`, `or`, or the group's `)`. */
  Done,
}

const OPERATION_START: readonly TokenType[] = [CompareOp, Is, Null, NotNull, In, Between];
const LITERAL: readonly TokenType[] = [StringLiteral, NumberLiteral];
/** The values of =, != and in, which take a boolean too (a between bound never does). */
const VALUE: readonly TokenType[] = [StringLiteral, NumberLiteral, BooleanLiteral];

/** A relative date where a value goes: `now - 7d` (one token), or the name `now` or `today`, which the parser reads as a date there. */
function isDate(token: Token): boolean {
  return token.tokenType === DateLiteral || (token.tokenType === Identifier && typeof token.payload === "string" && dateAnchor(token.image, 0, token.image.length) !== undefined);
}
const isValue = (token: Token): boolean => {
  const type = token.tokenType;
  return type === StringLiteral || type === NumberLiteral || type === BooleanLiteral || isDate(token);
};
const isBound = (token: Token): boolean => token.tokenType === StringLiteral || token.tokenType === NumberLiteral || isDate(token);

/**
 * The token types each state takes, in the order content assist offers them.
 * Made by a call marked pure (its lists are spread, which a bundler counts as
 * an effect), so an app that never suggests drops it (see suggestContext.ts).
 */
const EXPECTED: Record<At, readonly TokenType[]> = /* @__PURE__ */ expectedTypes();

function expectedTypes(): Record<At, readonly TokenType[]> {
  return {
    [At.Operand]: [Identifier, QuotedIdentifier, ...OPERATION_START, Not, LParen],
    [At.Attribute]: OPERATION_START,
    [At.SizeWord]: [...OPERATION_START, LParen],
    [At.SizeOpen]: [Identifier, QuotedIdentifier],
    [At.SizeName]: [RParen],
    [At.Compare]: [...VALUE, Null],
    [At.Is]: [Not, Null, TypeName],
    [At.IsNot]: [Null, TypeName],
    [At.In]: [LParen, LBracket, ...VALUE],
    [At.ListValue]: VALUE,
    [At.ListNext]: [Comma], // plus the list's closing bracket
    [At.Between]: LITERAL,
    [At.BetweenLower]: [And],
    [At.BetweenAnd]: LITERAL,
    [At.Done]: [And, Or], // plus `)` inside a group
  };
}

/** The state after the first token of an operation, Done for the one-token operations, undefined for any other token. */
function operationStart(type: TokenType): At | undefined {
  if (type === CompareOp) return At.Compare;
  if (type === Is) return At.Is;
  if (type === Null || type === NotNull) return At.Done;
  if (type === In) return At.In;
  if (type === Between) return At.Between;
  return undefined;
}

/** A name that is a type's after `is`: what the parser takes there (any other name is its E_SYNTAX). */
function isType(token: Token): boolean {
  return token.tokenType === Identifier && isTypeName(token.image.toLowerCase());
}

export interface NextTokens {
  /** Token types that may follow the prefix, in a fixed order. */
  types: TokenType[];
  /** The prefix is a whole filter: the input may also end here. */
  complete: boolean;
}

/**
 * The token types that may follow `tokens`, or null when no filter starts
 * with them, or when they nest groups and negations deeper than maxDepth
 * (counted as parse counts them, so whatever parse rejects for depth
 * offers nothing here).
 */
export function nextTokens(tokens: readonly Token[], maxDepth: number): NextTokens | null {
  let at: At | undefined = At.Operand;
  // Negations waiting for their operand, one count per open group (the outermost level first).
  const nots: number[] = [0];
  let depth = 0;
  let listClose: TokenType = RParen;

  /** A condition or group ended: the negations waiting for it end too. */
  const operandDone = (): At => {
    depth -= nots[nots.length - 1]!;
    nots[nots.length - 1] = 0;
    return At.Done;
  };

  for (let i = 0; i < tokens.length; i++) {
    const type = tokens[i]!.tokenType;
    switch (at) {
      case At.Operand:
        if (type === Not) {
          nots[nots.length - 1]!++;
          if (++depth > maxDepth) return null;
          continue;
        }
        if (type === LParen) {
          nots.push(0);
          if (++depth > maxDepth) return null;
          continue;
        }
        if (type === Identifier || type === QuotedIdentifier) {
          at = type === Identifier && isFunctionName(tokens[i]!.image) ? At.SizeWord : At.Attribute;
          continue;
        }
        // The attribute may be left out: the operation starts here.
        at = operationStart(type);
        if (at === undefined) return null;
        if (at === At.Done) at = operandDone();
        continue;
      case At.SizeOpen:
        if (type === Identifier || type === QuotedIdentifier) at = At.SizeName;
        else return null;
        continue;
      case At.SizeName:
        if (type === RParen) at = At.Attribute;
        else return null;
        continue;
      case At.SizeWord:
      case At.Attribute:
        // After the name size, `(` opens size(…); else size is an attribute like any other.
        if (at === At.SizeWord && type === LParen) {
          at = At.SizeOpen;
          continue;
        }
        at = operationStart(type);
        if (at === undefined) return null;
        if (at === At.Done) at = operandDone();
        continue;
      case At.Compare:
        if (isValue(tokens[i]!) || type === Null) at = operandDone();
        else return null;
        continue;
      case At.Is:
        if (type === Not) at = At.IsNot;
        else if (type === Null || isType(tokens[i]!)) at = operandDone();
        else return null;
        continue;
      case At.IsNot:
        if (type === Null || isType(tokens[i]!)) at = operandDone();
        else return null;
        continue;
      case At.In:
        if (type === LParen || type === LBracket) {
          listClose = type === LParen ? RParen : RBracket;
          at = At.ListValue;
        } else if (isValue(tokens[i]!)) at = operandDone();
        else return null;
        continue;
      case At.ListValue:
        if (isValue(tokens[i]!)) at = At.ListNext;
        else return null;
        continue;
      case At.ListNext:
        if (type === Comma) at = At.ListValue;
        else if (type === listClose) at = operandDone();
        else return null;
        continue;
      case At.Between:
        if (isBound(tokens[i]!)) at = At.BetweenLower;
        else return null;
        continue;
      case At.BetweenLower:
        if (type === And) at = At.BetweenAnd;
        else return null;
        continue;
      case At.BetweenAnd:
        if (isBound(tokens[i]!)) at = operandDone();
        else return null;
        continue;
      case At.Done:
        if (type === And || type === Or) at = At.Operand;
        else if (type === RParen && nots.length > 1) {
          nots.pop();
          depth--;
          // The group was the operand of the negations written before it.
          at = operandDone();
        } else return null;
        continue;
    }
  }

  const types = [...EXPECTED[at!]];
  if (at === At.ListNext) types.push(listClose);
  const inGroup = nots.length > 1;
  if (at === At.Done && inGroup) types.push(RParen);
  return { types, complete: tokens.length === 0 || (at === At.Done && !inGroup) };
}

/** `size` and `fold` (any case) before a `(` make a function of the attribute inside. */
function isFunctionName(image: string): boolean {
  const word = image.toLowerCase();
  return word === "size" || word === "fold";
}
