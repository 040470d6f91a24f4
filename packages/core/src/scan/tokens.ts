import { createToken, Lexer, type TokenType } from "chevrotain";

/*
 * Token types for the parser. They have no patterns: text is scanned by
 * lexer.ts, which resolves keywords with one lookup after one identifier
 * match, so a keyword never splits a name (`android` is one Identifier).
 * Labels are what syntax diagrams and error messages show.
 */
const token = (name: string, label: string): TokenType => createToken({ name, pattern: Lexer.NA, label });

export const Identifier = token("Identifier", "name");
export const QuotedIdentifier = token("QuotedIdentifier", "`quoted name`");
export const StringLiteral = token("StringLiteral", "string");
export const NumberLiteral = token("NumberLiteral", "number");
/** `true` or `false`, in any case; the payload is the boolean. */
export const BooleanLiteral = token("BooleanLiteral", "boolean");
/** `$name`: a value the app supplies through `params`; the payload is the name. */
export const Parameter = token("Parameter", "$parameter");
/** Every comparison written as a symbol or a word; the token's payload is the canonical Operator. */
export const CompareOp = token("CompareOp", "comparison operator");
export const In = token("In", "in");
export const Between = token("Between", "between");
export const Is = token("Is", "is");
export const Null = token("Null", "null");
export const NotNull = token("NotNull", "notNull");
export const And = token("And", "and");
export const Or = token("Or", "or");
export const Not = token("Not", "not");
export const LParen = token("LParen", "(");
export const RParen = token("RParen", ")");
export const LBracket = token("LBracket", "[");
export const RBracket = token("RBracket", "]");
export const Comma = token("Comma", ",");
/**
 * Content assist's own: a name that reads as a type after `is` (`string`,
 * `list`…). The lexer makes it an Identifier, as the parser reads it; only
 * nextTokens and suggest tell it apart.
 */
export const TypeName = token("TypeName", "type");

export const ALL_TOKENS: TokenType[] = [
  Identifier,
  QuotedIdentifier,
  StringLiteral,
  NumberLiteral,
  BooleanLiteral,
  Parameter,
  CompareOp,
  In,
  Between,
  Is,
  Null,
  NotNull,
  And,
  Or,
  Not,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
];
