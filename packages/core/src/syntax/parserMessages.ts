import { EOF, type IParserErrorMessageProvider, type IToken, type TokenType } from "chevrotain";
import { OPERATORS, OPERATOR_MISSPELLINGS } from "../operators.js";
import { escapeForDisplay } from "./escapeForDisplay.js";
import { closest, normaliseWord } from "./closest.js";
import { Comma, CompareOp, Identifier, In, LBracket, LParen, Not, NumberLiteral, QuotedIdentifier, StringLiteral } from "./tokens.js";

const MAX_SHOWN = 24;

export function shown(tok: IToken | undefined): string {
  if (tok === undefined || tok.tokenType === EOF) return "end of input";
  const image = tok.image.length > MAX_SHOWN ? tok.image.slice(0, MAX_SHOWN - 1) + "…" : tok.image;
  return `'${escapeForDisplay(image)}'`;
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

/** A hint for a bare word found where an operator or a value belongs. */
function hintFor(what: string, found: IToken | undefined): string {
  if (found === undefined || found.tokenType !== Identifier) return "";
  if (what === "an operator") {
    const fix = suggestOperator(found.image);
    return fix === undefined ? "" : `; did you mean '${fix}'?`;
  }
  if (what.startsWith("a value")) return `; ${valueHint(found.image)}`;
  return "";
}

/** Messages read "expected X after 'prev', found Y", which says where and what to fix in one line. */
export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous }) {
    return `expected ${label(expected)}${after(previous)}, found ${shown(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    const close = firstRedundant.image === ")" ? "; this ')' has no matching '('" : "";
    const fix = firstRedundant.tokenType === Identifier ? suggestOperator(firstRedundant.image) : undefined;
    return `expected 'and', 'or' or end of input, found ${shown(firstRedundant)}${close}${fix === undefined ? "" : `; did you mean '${fix}'?`}`;
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, previous }) {
    const what = expectedWhat(new Set(expectedPathsPerAlt.flatMap((alt) => alt.map((path) => path[0]!))));
    return `expected ${what}${after(previous)}, found ${shown(actual[0])}${hintFor(what, actual[0])}`;
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, previous }) {
    const what = expectedWhat(new Set(expectedIterationPaths.map((path) => path[0]!)));
    return `expected ${what}${after(previous)}, found ${shown(actual[0])}${hintFor(what, actual[0])}`;
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
  return `to compare with text, quote it: "${word}"`;
}

function isLiteral(tok: IToken | undefined): boolean {
  return tok !== undefined && (tok.tokenType === StringLiteral || tok.tokenType === NumberLiteral);
}

/** A token's text for a suggested fix: escaped, and cut short like shown(). */
function written(tok: IToken): string {
  return shown(tok).slice(1, -1);
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
export function contextMessage(kind: string, tokens: readonly IToken[], at: number): string | undefined {
  const tok = tokens[at];
  if (tok === undefined) return undefined;
  if (kind === "MismatchedTokenException" && isLiteral(tok) && isLiteral(tokens[at - 1]) && inList(tokens, at - 1)) {
    return `missing ',' between values: write '${written(tokens[at - 1]!)}, ${written(tok)}'`;
  }
  if (kind !== "NotAllInputParsedException") return undefined;
  if (at === 0 && isLiteral(tok)) {
    return `expected a condition, found ${shown(tok)}; did you mean 'key = ${written(tok)}'?`;
  }
  if (tok.tokenType === Comma && isLiteral(tokens[at - 1]) && tokens[at - 2]?.tokenType === In) {
    const values: string[] = [];
    for (let k = at - 1; isLiteral(tokens[k]); k += 2) {
      if (values.length === MAX_LISTED) {
        values.push("…");
        break;
      }
      values.push(written(tokens[k]!));
      if (tokens[k + 1]?.tokenType !== Comma) break;
    }
    return `expected 'and', 'or' or end of input after ${shown(tokens[at - 1])}, found ','; put the values in parentheses: in (${values.join(", ")})`;
  }
  return undefined;
}

/** Values a suggested `in (…)` spells out before it stops with "…". */
const MAX_LISTED = 5;
