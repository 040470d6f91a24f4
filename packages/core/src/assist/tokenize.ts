import type { TokenType } from "chevrotain";
import { checkCountOption, checkOptions, describeValue } from "../values/checkArgument.js";
import { lex, type LexProblem, type Token } from "../scan/lexer.js";
import { DEFAULT_LIMITS } from "../values/limits.js";
import {
  And,
  Between,
  BooleanLiteral,
  Comma,
  CompareOp,
  Identifier,
  In,
  Is,
  LBracket,
  LParen,
  Not,
  NotNull,
  Null,
  NumberLiteral,
  Parameter,
  Or,
  QuotedIdentifier,
  RBracket,
  RParen,
  StringLiteral,
} from "../scan/tokens.js";

/**
 * Highlighting classes:
 * - `keyword`: and, or, not (also written &&, ||, !)
 * - `operator`: every comparison (= != <> < <= > >= and their words, contains,
 *   notContains, beginsWith), and in, between, is, null, notNull, plus the
 *   `not` of `is not null` and the `and` of `between a and b`, which belong to
 *   their operator
 * - `attribute`: a name, bare or in backticks (also a bare word where a value belongs)
 * - `string`, `number`, `boolean` (true, false): literals
 * - `punctuation`: ( ) [ ] ,
 * - `error`: text the lexer refused: unexpected characters, a bad escape or a
 *   lone surrogate inside a string (the rest of the string keeps its class),
 *   an unterminated string or name (the whole of it), a malformed or inexact number
 */
export type TokenKind = "keyword" | "attribute" | "operator" | "string" | "number" | "boolean" | "parameter" | "punctuation" | "error";

/** A highlighted range: `start` and `end` are UTF-16 offsets, `end` exclusive; `text` is `source.slice(start, end)`. */
export interface SyntaxToken {
  kind: TokenKind;
  start: number;
  end: number;
  text: string;
}

const KIND = new Map<TokenType, TokenKind>([
  [Identifier, "attribute"],
  [QuotedIdentifier, "attribute"],
  [StringLiteral, "string"],
  [NumberLiteral, "number"],
  [BooleanLiteral, "boolean"],
  [Parameter, "parameter"],
  [CompareOp, "operator"],
  [In, "operator"],
  [Between, "operator"],
  [Is, "operator"],
  [Null, "operator"],
  [NotNull, "operator"],
  [And, "keyword"],
  [Or, "keyword"],
  [Not, "keyword"],
  [LParen, "punctuation"],
  [RParen, "punctuation"],
  [LBracket, "punctuation"],
  [RBracket, "punctuation"],
  [Comma, "punctuation"],
]);

export interface TokenizeOptions {
  /**
   * Most characters highlighted; the rest of a longer source is one `error`
   * token, as parse would refuse it (E_LIMIT). Default DEFAULT_LIMITS.maxLength
   * (16384), the parser's own default; Infinity for no limit.
   */
  maxLength?: number;
}

/**
 * Splits source into highlighting tokens, in order, covering every character
 * except white space. Never throws for a string: anything the lexer refused
 * comes back as `error` tokens. Past `options.maxLength` characters the rest
 * is one `error` token, so time and memory stay bounded whatever the input.
 * A non-string source is a TypeError.
 */
export function tokenize(source: string, options?: TokenizeOptions): SyntaxToken[] {
  if (typeof source !== "string") throw new TypeError(`tokenize takes the filter text (a string), not ${describeValue(source)}`);
  let maxLength = DEFAULT_LIMITS.maxLength;
  if (options !== undefined && options !== null) {
    checkOptions("tokenize", options, "maxLength");
    checkCountOption("tokenize", "maxLength", options.maxLength);
    maxLength = options.maxLength ?? maxLength;
  }
  if (source.length <= maxLength) return tokenizeAll(source);
  const out = tokenizeAll(source.slice(0, maxLength));
  push(out, source, "error", maxLength, source.length);
  return out;
}

function tokenizeAll(source: string): SyntaxToken[] {
  const { tokens, problems } = lexAll(source);
  const out: SyntaxToken[] = [];
  let covered = 0;
  let p = 0;
  for (let t = 0; t < tokens.length; t++) {
    const tok = tokens[t]!;
    const start = tok.startOffset;
    const end = tok.endOffset! + 1;
    if (start < covered) continue; // a rescan never repeats text, but output must stay ordered whatever happens
    gap(source, covered, start, out);
    // Problems that start before this token lie outside every token; the gap scan already covers them.
    while (p < problems.length && problems[p]!.start < start) p++;
    const inside: LexProblem[] = [];
    while (p < problems.length && problems[p]!.start < end) inside.push(problems[p++]!);
    const kind = kindOf(tokens, t);
    if (kind === "error" || inside.some((q) => q.message.startsWith("unterminated"))) {
      push(out, source, "error", start, end);
    } else {
      let at = start;
      for (const q of inside.sort((a, b) => a.start - b.start)) {
        const qEnd = Math.min(q.end, end);
        if (q.start < at) {
          // Overlapping problems extend the error run.
          if (qEnd > at) {
            push(out, source, "error", at, qEnd);
            at = qEnd;
          }
          continue;
        }
        push(out, source, kind, at, q.start);
        push(out, source, "error", q.start, qEnd);
        at = qEnd;
      }
      push(out, source, kind, at, end);
    }
    covered = end;
  }
  gap(source, covered, source.length, out);
  return out;
}

function kindOf(tokens: Token[], t: number): TokenKind {
  const tok = tokens[t]!;
  const type = tok.tokenType;
  if (type === NumberLiteral && Number.isNaN(tok.payload)) return "error";
  if (type === Not && tokens[t - 1]?.tokenType === Is) return "operator";
  if (type === And && tokens[t - 2]?.tokenType === Between && isLiteral(tokens[t - 1]!.tokenType)) return "operator";
  if (type === Identifier) {
    // `size(`: the function, as the parser reads it (an attribute named size is never followed by a parenthesis).
    if (tokens[t + 1]?.tokenType === LParen && tok.image.toLowerCase() === "size") return "keyword";
    // A type's name after `is` or `is not`, as `null` is there: the parser reads nothing else in that place.
    const before = tokens[t - 1]?.tokenType;
    if (before === Is || (before === Not && tokens[t - 2]?.tokenType === Is)) return "operator";
  }
  return KIND.get(type) ?? "error";
}

function isLiteral(type: TokenType): boolean {
  return type === StringLiteral || type === NumberLiteral || type === BooleanLiteral || type === Parameter;
}

/** Appends a range, merging it into the previous token when both are errors and touch. */
function push(out: SyntaxToken[], source: string, kind: TokenKind, start: number, end: number): void {
  if (end <= start) return;
  const last = out[out.length - 1];
  if (kind === "error" && last !== undefined && last.kind === "error" && last.end === start) {
    last.end = end;
    last.text = source.slice(last.start, end);
    return;
  }
  out.push({ kind, start, end, text: source.slice(start, end) });
}

const WHITE = /\s+/y;

/** Text between tokens: white space is skipped, anything else is what the lexer refused. */
function gap(source: string, from: number, to: number, out: SyntaxToken[]): void {
  let i = from;
  while (i < to) {
    WHITE.lastIndex = i;
    if (WHITE.test(source)) {
      i = Math.min(WHITE.lastIndex, to);
      continue;
    }
    let j = i + 1;
    while (j < to) {
      WHITE.lastIndex = j;
      if (WHITE.test(source)) break;
      j++;
    }
    push(out, source, "error", i, j);
    i = j;
  }
}

/**
 * The lexer stops after a fixed number of problems, so that parse reports
 * stay short. Highlighting needs all of the text, so scanning resumes where it
 * stopped, on a slice (cheap in V8), until only white space remains.
 */
function lexAll(source: string): { tokens: Token[]; problems: LexProblem[] } {
  const tokens: Token[] = [];
  const problems: LexProblem[] = [];
  let resume = 0;
  while (resume < source.length) {
    const rest = resume === 0 ? source : source.slice(resume);
    if (resume > 0 && !/\S/.test(rest)) break;
    const next = lex(rest);
    const stop = stopPoint(next.tokens, next.problems);
    for (const tok of next.tokens) tokens.push(resume === 0 ? tok : tok.shifted(resume, source));
    for (const q of next.problems) problems.push({ ...q, start: q.start + resume, end: q.end + resume });
    if (stop === 0) break; // no progress: the gap scan marks the rest as errors
    resume += stop;
  }
  // Problems arrive in scanning order, where an unterminated string's comes after those inside it.
  problems.sort((a, b) => a.start - b.start);
  return { tokens, problems };
}

/** Where one lex() run stopped: after its last token, or after its last problem outside any token. */
function stopPoint(tokens: Token[], problems: LexProblem[]): number {
  let stop = 0;
  const last = tokens[tokens.length - 1];
  if (last !== undefined) stop = Math.max(stop, last.endOffset! + 1);
  for (const q of problems) {
    if (q.end > stop && !insideToken(tokens, q.start)) stop = q.end;
  }
  return stop;
}

function insideToken(tokens: Token[], offset: number): boolean {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.endOffset! + 1 <= offset) lo = mid + 1;
    else hi = mid;
  }
  const tok = tokens[lo];
  return tok !== undefined && tok.startOffset <= offset;
}
