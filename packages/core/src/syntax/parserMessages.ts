import { EOF, type IParserErrorMessageProvider, type IToken, type TokenType } from "chevrotain";
import { OPERATORS, OPERATOR_MISSPELLINGS } from "../operators.js";
import type { DiagnosticParams } from "../errors.js";
import { quoted, shownText } from "../messageText.js";
import type { OffsetFix } from "./lexer.js";
import { quoteString } from "./quote.js";
import { closest, normaliseWord } from "./closest.js";
import { suggestJoiner } from "./suggestJoiner.js";
import { And, Comma, CompareOp, Identifier, In, LBracket, LParen, Not, NumberLiteral, QuotedIdentifier, RBracket, RParen, StringLiteral } from "./tokens.js";

export function shown(tok: IToken | undefined): string {
  if (tok === undefined || tok.tokenType === EOF) return "end of input";
  return quoted(tok.image);
}

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

function after(prev: IToken | undefined): string {
  return prev === undefined || prev.tokenType === EOF ? "" : ` after ${shown(prev)}`;
}

function label(type: TokenType): string {
  const text = type.LABEL ?? type.name;
  return type === Identifier || type === StringLiteral || type === NumberLiteral || type === QuotedIdentifier
    ? `a ${text}`
    : `'${text}'`;
}

/**
 * What a person is told was expected, from the token types that could come
 * next. Checked in this order because a condition may also start with an
 * operator (a key query leaves its subject out).
 */
function expectedWhat(types: Set<TokenType>): string {
  if (types.has(Not) || types.has(Identifier)) return "a condition";
  if (types.has(CompareOp)) return "an operator";
  if (types.has(LParen) && types.has(StringLiteral)) return "a value or a list of values";
  if (types.has(StringLiteral)) return "a value";
  return [...types].map(label).join(" or ");
}

/** A hint (and the replacement it suggests) for a bare word found where an operator or a value belongs. */
function hintFor(what: string, found: IToken | undefined): { text: string; replacement?: string } {
  if (found === undefined || found.tokenType !== Identifier) return { text: "" };
  if (what === "an operator") {
    const fix = suggestOperator(found.image);
    return fix === undefined ? { text: "" } : { text: `; did you mean '${fix}'?`, replacement: fix };
  }
  if (what.startsWith("a value")) {
    const lower = found.image.toLowerCase();
    const text = `; ${valueHint(found.image)}`;
    return lower === "nan" || lower === "infinity" ? { text } : { text, replacement: quoteString(found.image) };
  }
  return { text: "" };
}

function expectedMessage(what: string, actual: IToken | undefined, previous: IToken | undefined): string {
  const hint = hintFor(what, actual);
  const message = `expected ${what}${after(previous)}, found ${shown(actual)}${hint.text}`;
  const params: Record<string, string | null> = { expected: what, found: foundText(actual) };
  if (previous !== undefined && previous.tokenType !== EOF) params.after = previous.image;
  if (hint.replacement !== undefined) params.suggestion = hint.replacement;
  return remember(message, hint.replacement === undefined ? { params } : { params, replacement: hint.replacement });
}

/** Messages read "expected X after 'prev', found Y", which says where and what to fix in one line. */
export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous }) {
    const message = `expected ${label(expected)}${after(previous)}, found ${shown(actual)}`;
    const params: Record<string, string | null> = { expected: label(expected), found: foundText(actual) };
    if (previous !== undefined && previous.tokenType !== EOF) params.after = previous.image;
    // The two insertions that are safe whatever follows: a closing bracket at the end of
    // the text, and the 'and' of a between (`between 1 2`) before the upper bound.
    const atEnd = actual === undefined || actual.tokenType === EOF;
    if (atEnd && (expected === RParen || expected === RBracket)) return remember(message, { params, replacement: expected === RParen ? ")" : "]", title: `Add ${label(expected)}` });
    if (expected === And && !atEnd && (actual.tokenType === NumberLiteral || actual.tokenType === StringLiteral)) {
      return remember(message, { params, replacement: `and ${actual.image}`, title: "Insert 'and'" });
    }
    return remember(message, { params });
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    const unmatched = firstRedundant.image === ")";
    const close = unmatched ? "; this ')' has no matching '('" : "";
    const fix = firstRedundant.tokenType === Identifier ? (suggestJoiner(firstRedundant.image) ?? suggestOperator(firstRedundant.image)) : undefined;
    const message = `expected 'and', 'or' or end of input, found ${shown(firstRedundant)}${close}${fix === undefined ? "" : `; did you mean '${fix}'?`}`;
    const params: Record<string, string | null> = { expected: "'and', 'or' or end of input", found: firstRedundant.image };
    if (fix !== undefined) params.suggestion = fix;
    if (unmatched) return remember(message, { params, replacement: "", title: "Remove ')'" });
    return remember(message, fix === undefined ? { params } : { params, replacement: fix });
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, previous }) {
    const what = expectedWhat(new Set(expectedPathsPerAlt.flatMap((alt) => alt.map((path) => path[0]!))));
    return expectedMessage(what, actual[0], previous);
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, previous }) {
    const what = expectedWhat(new Set(expectedIterationPaths.map((path) => path[0]!)));
    return expectedMessage(what, actual[0], previous);
  },
};

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

/** A hint for a bare word written where a value belongs. */
export function valueHint(word: string): string {
  const lower = word.toLowerCase();
  if (lower === "true" || lower === "false") return `there are no booleans; write "${word}" to compare with a string`;
  if (lower === "nan" || lower === "infinity") return `${word} is not a number here; numbers are finite, as in JSON`;
  return `to compare with text, quote it: "${shownText(word)}"`;
}

function isLiteral(tok: IToken | undefined): boolean {
  return tok !== undefined && (tok.tokenType === StringLiteral || tok.tokenType === NumberLiteral);
}

/** A token's text for a suggested fix in a message: escaped, and cut short like shown(). */
function written(tok: IToken): string {
  return shown(tok).slice(1, -1);
}

/** A message built from the tokens around an error, with its values and the fix it suggests. */
export interface ContextMessage {
  message: string;
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
      message: `missing ',' between values: write '${written(prev)}, ${written(tok)}'`,
      params: { before: prev.image, after: tok.image },
      fix: { title: "Insert ','", start: end(prev), end: tok.startOffset, replacement: ", " },
    };
  }
  if (kind !== "NotAllInputParsedException") return undefined;
  if (at === 0 && isLiteral(tok)) {
    return {
      message: `expected a condition, found ${shown(tok)}; did you mean 'key = ${written(tok)}'?`,
      params: { found: tok.image, suggestion: `key = ${tok.image}` },
      fix: { title: "Insert 'key = '", start: 0, end: tok.startOffset, replacement: "key = " },
    };
  }
  if (tok.tokenType === Comma && isLiteral(tokens[at - 1]) && tokens[at - 2]?.tokenType === In) {
    const values: string[] = [];
    let k = at - 1;
    for (; isLiteral(tokens[k]); k += 2) {
      if (values.length < MAX_LISTED) values.push(written(tokens[k]!));
      else if (values.length === MAX_LISTED) values.push("…");
      if (tokens[k + 1]?.tokenType !== Comma || !isLiteral(tokens[k + 2])) break;
    }
    const first = tokens[at - 1]!;
    const last = tokens[k]!;
    const list = source.slice(first.startOffset, end(last));
    return {
      message: `expected 'and', 'or' or end of input after ${shown(first)}, found ','; put the values in parentheses: in (${values.join(", ")})`,
      params: { found: ",", after: first.image },
      fix: { title: "Put the values in parentheses", start: first.startOffset, end: end(last), replacement: `(${list})` },
    };
  }
  return undefined;
}

/** Values a suggested `in (…)` spells out before it stops with "…". */
const MAX_LISTED = 5;
