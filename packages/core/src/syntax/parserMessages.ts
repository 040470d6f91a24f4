import { EOF, type IParserErrorMessageProvider, type IToken, type TokenType } from "chevrotain";
import { OPERATORS, OPERATOR_MISSPELLINGS } from "../values/operators.js";
import type { DiagnosticParams } from "../messages/errors.js";
import { renderMessage } from "../messages/renderMessage.js";
import type { OffsetFix } from "../scan/lexer.js";
import { quoteString } from "../scan/quote.js";
import { replaceTitle } from "../messages/messageText.js";
import { closest, normaliseWord } from "../messages/closest.js";
import { suggestJoiner } from "./suggestJoiner.js";
import { And, BooleanLiteral, Comma, CompareOp, Identifier, In, LBracket, LParen, Not, NumberLiteral, Parameter, QuotedIdentifier, RBracket, RParen, StringLiteral } from "../scan/tokens.js";

/** What a token is, for params: its text, or null at the end of input. */
function foundText(tok: IToken | undefined): string | null {
  return tok === undefined || tok.tokenType === EOF ? null : tok.image;
}

/**
 * Chevrotain's message provider hands back strings only, so the values each
 * message is made of (and the replacement of the found token it suggests) are
 * kept here by message, for parse() to attach as params and fixes. The same
 * message is always made of the same values, so a message is a sound key.
 */
export interface MessageDetails {
  params: DiagnosticParams;
  /** Replaces the token the parser stopped at. */
  replacement?: string;
  title?: string;
}
const details = new Map<string, MessageDetails>();

function remember(message: string, d: MessageDetails): string {
  if (details.size < 200) details.set(message, d);
  return message;
}

/** The details of a message built since the last clearDetails(). */
export function detailsOf(message: string): MessageDetails | undefined {
  return details.get(message);
}

export function clearDetails(): void {
  // Map.clear() allocates a new table even when empty; most parses built no message.
  if (details.size > 0) details.clear();
}

function afterParam(params: Record<string, DiagnosticParams[string]>, prev: IToken | undefined): void {
  if (prev !== undefined && prev.tokenType !== EOF) params.after = prev.image;
}

/** The names `expected` lists for each token type (TOKEN_WORDS in messageTemplates.ts). */
function tokenName(type: TokenType): string {
  if (type === Identifier) return "name";
  if (type === QuotedIdentifier) return "quotedName";
  if (type === StringLiteral) return "string";
  if (type === NumberLiteral) return "number";
  if (type === Parameter) return "parameter";
  if (type === BooleanLiteral) return "boolean";
  if (type === CompareOp) return "operator";
  const label = type.LABEL ?? type.name;
  return label;
}

/**
 * What a person is told was expected, from the token types that could come
 * next. Checked in this order because a condition may also start with an
 * operator (a key query leaves its subject out).
 */
function expectedNames(types: Set<TokenType>): string[] {
  if (types.has(Not) || types.has(Identifier)) return ["condition"];
  if (types.has(CompareOp)) return ["operator"];
  if (types.has(LParen) && types.has(StringLiteral)) return ["value", "list"];
  if (types.has(StringLiteral)) return ["value"];
  return [...types].map(tokenName);
}

/** The kind of message (and the replacement it suggests) for a bare word found where an operator or a value belongs. */
function hintFor(expected: string[], found: IToken | undefined): { kind: string; replacement?: string } {
  // `true = 1`: true and false are values, so an attribute of that name is quoted.
  if (found?.tokenType === BooleanLiteral && expected[0] === "condition") return { kind: "booleanName", replacement: `\`${found.image}\`` };
  if (found === undefined || found.tokenType !== Identifier) return { kind: "expected" };
  if (expected[0] === "operator") {
    const fix = suggestOperator(found.image);
    return fix === undefined ? { kind: "expected" } : { kind: "expected", replacement: fix };
  }
  if (expected[0] === "value") {
    const lower = found.image.toLowerCase();
    if (lower === "nan" || lower === "infinity") return { kind: "notFinite" };
    return { kind: "unquoted", replacement: quoteString(found.image) };
  }
  return { kind: "expected" };
}

function expectedMessage(expected: string[], actual: IToken | undefined, previous: IToken | undefined): string {
  const hint = hintFor(expected, actual);
  const params: Record<string, DiagnosticParams[string]> = { kind: hint.kind, expected, found: foundText(actual) };
  afterParam(params, previous);
  if (hint.replacement !== undefined) params.suggestion = hint.replacement;
  return remember(renderMessage("E_SYNTAX", params), hint.replacement === undefined ? { params } : { params, replacement: hint.replacement });
}

/** Messages read "expected X after 'prev', found Y", which says where and what to fix in one line. */
export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous }) {
    const params: Record<string, DiagnosticParams[string]> = { kind: "expected", expected: [tokenName(expected)], found: foundText(actual) };
    afterParam(params, previous);
    const message = renderMessage("E_SYNTAX", params);
    // The two insertions that are safe whatever follows: a closing bracket at the end of
    // the text, and the 'and' of a between (`between 1 2`) before the upper bound.
    const atEnd = actual === undefined || actual.tokenType === EOF;
    if (atEnd && (expected === RParen || expected === RBracket)) {
      const close = expected === RParen ? ")" : "]";
      return remember(message, { params, replacement: close, title: `Add '${close}'` });
    }
    if (expected === And && !atEnd && (actual.tokenType === NumberLiteral || actual.tokenType === StringLiteral)) {
      return remember(message, { params, replacement: `and ${actual.image}`, title: "Insert 'and'" });
    }
    return remember(message, { params });
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    const unmatched = firstRedundant.image === ")";
    const fix = firstRedundant.tokenType === Identifier ? (suggestJoiner(firstRedundant.image) ?? suggestOperator(firstRedundant.image)) : undefined;
    const params: Record<string, DiagnosticParams[string]> = { kind: unmatched ? "unmatched" : "expected", expected: END_OF_CONDITION, found: firstRedundant.image };
    if (fix !== undefined) params.suggestion = fix;
    const message = renderMessage("E_SYNTAX", params);
    if (unmatched) return remember(message, { params, replacement: "", title: "Remove ')'" });
    return remember(message, fix === undefined ? { params } : { params, replacement: fix });
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, previous }) {
    const expected = expectedNames(new Set(expectedPathsPerAlt.flatMap((alt) => alt.map((path) => path[0]!))));
    return expectedMessage(expected, actual[0], previous);
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, previous }) {
    const expected = expectedNames(new Set(expectedIterationPaths.map((path) => path[0]!)));
    return expectedMessage(expected, actual[0], previous);
  },
};

/** What may follow a whole condition. */
const END_OF_CONDITION = ["and", "or", "end"];

/** Every word that writes an operator or a keyword, as documented. */
const OPERATOR_WORDS: string[] = [...OPERATORS.flatMap((op) => op.words), "is null", "is not null"];

/** "did you mean" for a word written where an operator belongs. */
export function suggestOperator(word: string): string | undefined {
  const w = normaliseWord(word);
  const known = OPERATOR_MISSPELLINGS[w];
  if (known !== undefined) return known;
  const exact = OPERATOR_WORDS.find((o) => normaliseWord(o) === w);
  return exact ?? closest(word, OPERATOR_WORDS)[0];
}

function isLiteral(tok: IToken | undefined): boolean {
  return tok !== undefined && (tok.tokenType === StringLiteral || tok.tokenType === NumberLiteral || tok.tokenType === BooleanLiteral);
}

/** The values of a message made from the tokens around an error, and the fix it suggests. */
export interface ContextMessage {
  params: DiagnosticParams;
  fix: OffsetFix;
}

function end(tok: IToken): number {
  return tok.endOffset! + 1;
}

/** Whether the literal at `at` is inside a bracketed `in` list: back over values and commas to `(` or `[`, then `in`. */
function inList(tokens: readonly IToken[], at: number): boolean {
  let k = at;
  while (k >= 0 && (isLiteral(tokens[k]) || tokens[k]!.tokenType === Comma)) k--;
  const open = tokens[k]?.tokenType;
  return (open === LParen || open === LBracket) && tokens[k - 1]?.tokenType === In;
}

/**
 * Messages for the typos people make that need the tokens around an error,
 * which Chevrotain's message provider does not see: `in ("a" "b")` (a missing
 * comma), `in "a", "b"` (a list without parentheses) and a bare value
 * (`2024`) written as a whole key query. `kind` is the recognition
 * exception's name, `at` the index of the token it stopped at; undefined
 * means the parser's own message stands.
 */
export function contextMessage(kind: string, tokens: readonly IToken[], at: number, source: string): ContextMessage | undefined {
  const tok = tokens[at];
  if (tok === undefined) return undefined;
  if (kind === "MismatchedTokenException" && isLiteral(tok) && isLiteral(tokens[at - 1]) && inList(tokens, at - 1)) {
    const prev = tokens[at - 1]!;
    return {
      params: { kind: "missingComma", before: prev.image, after: tok.image },
      fix: { title: "Insert ','", start: end(prev), end: tok.startOffset, replacement: ", " },
    };
  }
  if (kind !== "NotAllInputParsedException") return undefined;
  if (at === 0 && tok.tokenType === BooleanLiteral) {
    const name = `\`${tok.image}\``;
    return {
      params: { kind: "booleanName", expected: ["condition"], found: tok.image, suggestion: name },
      fix: { title: replaceTitle(name), start: tok.startOffset, end: end(tok), replacement: name },
    };
  }
  // Not for a boolean: a key is never one.
  if (at === 0 && isLiteral(tok) && tok.tokenType !== BooleanLiteral) {
    return {
      params: { kind: "keyValue", expected: ["condition"], found: tok.image, suggestion: `key = ${tok.image}` },
      fix: { title: "Insert 'key = '", start: 0, end: tok.startOffset, replacement: "key = " },
    };
  }
  if (tok.tokenType === Comma && isLiteral(tokens[at - 1]) && tokens[at - 2]?.tokenType === In) {
    const values: string[] = [];
    let k = at - 1;
    for (; isLiteral(tokens[k]); k += 2) {
      if (values.length < MAX_LISTED) values.push(tokens[k]!.image);
      else if (values.length === MAX_LISTED) values.push("…");
      if (tokens[k + 1]?.tokenType !== Comma || !isLiteral(tokens[k + 2])) break;
    }
    const first = tokens[at - 1]!;
    const last = tokens[k]!;
    const list = source.slice(first.startOffset, end(last));
    return {
      params: { kind: "inParentheses", expected: END_OF_CONDITION, found: ",", after: first.image, values },
      fix: { title: "Put the values in parentheses", start: first.startOffset, end: end(last), replacement: `(${list})` },
    };
  }
  return undefined;
}

/** Values a suggested `in (…)` spells out before it stops with "…". */
const MAX_LISTED = 5;
