import { EOF, type IParserErrorMessageProvider, type IToken, type TokenType } from "chevrotain";
import { OPERATORS, OPERATOR_MISSPELLINGS } from "./operators.js";
import { Identifier, StringLiteral, NumberLiteral, QuotedIdentifier } from "./tokens.js";

/** What each rule stands for when a person is told what was expected there. */
const RULE_EXPECTS: Record<string, string> = {
  filter: "a condition",
  orExpr: "a condition",
  andExpr: "a condition",
  unary: "a condition",
  primary: "a condition",
  predicate: "a condition",
  attribute: "an attribute name",
  operation: "an operator",
  comparand: "a value",
  literal: "a value",
  inList: "a value or a list of values",
  values: "a value",
};

const MAX_SHOWN = 24;

export function shown(tok: IToken | undefined): string {
  if (tok === undefined || tok.tokenType === EOF) return "end of input";
  const image = tok.image.length > MAX_SHOWN ? tok.image.slice(0, MAX_SHOWN - 1) + "…" : tok.image;
  return `'${image}'`;
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

/** Messages read "expected X after 'prev', found Y", which says where and what to fix in one line. */
export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous }) {
    return `expected ${label(expected)}${after(previous)}, found ${shown(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    const prev = undefined;
    const close = firstRedundant.image === ")" ? "; this ')' has no matching '('" : "";
    return `expected 'and', 'or' or end of input${after(prev)}, found ${shown(firstRedundant)}${close}`;
  },
  buildNoViableAltMessage({ actual, previous, ruleName }) {
    return `expected ${RULE_EXPECTS[ruleName] ?? "something else"}${after(previous)}, found ${shown(actual[0])}`;
  },
  buildEarlyExitMessage({ actual, previous, ruleName }) {
    return `expected ${RULE_EXPECTS[ruleName] ?? "something else"}${after(previous)}, found ${shown(actual[0])}`;
  },
};

/** Every word that writes an operator or a keyword, as documented. */
const OPERATOR_WORDS: string[] = [...OPERATORS.flatMap((op) => op.words), "is null", "is not null"];

function normalise(word: string): string {
  return word.toLowerCase().replace(/[_\-\s]/g, "");
}

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** Closest candidates by edit distance (at most 2, or 1 for short words), best first. */
export function closest(word: string, candidates: Iterable<string>): string[] {
  const w = normalise(word);
  const max = w.length <= 3 ? 1 : 2;
  const scored: [string, number][] = [];
  for (const c of candidates) {
    const d = distance(w, normalise(c));
    if (d <= max) scored.push([c, d]);
  }
  return scored.sort((x, y) => x[1] - y[1]).map(([c]) => c);
}

/** "did you mean" for a word written where an operator belongs. */
export function suggestOperator(word: string): string | undefined {
  const w = normalise(word);
  const known = OPERATOR_MISSPELLINGS[w];
  if (known !== undefined) return known;
  const exact = OPERATOR_WORDS.find((o) => normalise(o) === w);
  return exact ?? closest(word, OPERATOR_WORDS)[0];
}

/** A hint for a bare word written where a value belongs. */
export function valueHint(word: string): string {
  const lower = word.toLowerCase();
  if (lower === "true" || lower === "false") return `there are no booleans; write "${word}" to compare with a string`;
  if (lower === "nan" || lower === "infinity") return `${word} is not a number here; numbers are finite, as in JSON`;
  return `to compare with text, quote it: "${word}"`;
}
