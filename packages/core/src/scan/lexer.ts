import type { TokenType } from "chevrotain";
import type { DiagnosticParams, ErrorCode } from "../messages/errors.js";
import { replaceTitle } from "../messages/messageText.js";
import { renderMessage } from "../messages/renderMessage.js";
import { scanCurlyQuoted, scanString } from "./scanString.js";
import { continuesNumber, scanNumber } from "./scanNumber.js";
import {
  And,
  Comma,
  CompareOp,
  Identifier,
  LBracket,
  LParen,
  Not,
  NumberLiteral,
  Or,
  Parameter,
  QuotedIdentifier,
  RBracket,
  RParen,
  StringLiteral,
} from "./tokens.js";
import { Token } from "./token.js";
import { KEYWORD_ENDS, KEYWORD_START, KEYWORD_STEPS } from "./keywords.js";
import { pathFollows, scanPath } from "./scanPath.js";
import { dateAnchor, offsetFollows, scanDate } from "./scanDate.js";

export { Token };

/** A fix in offsets: replace source[start, end) with `replacement`. */
export interface OffsetFix {
  title: string;
  start: number;
  end: number;
  replacement: string;
}

/** What a problem carries besides its message: the developer's hint, the values the message is rendered from, fixes. */
export interface ProblemExtra {
  hint?: string;
  params: DiagnosticParams;
  fixes?: OffsetFix[];
}

/** A problem found while scanning, in offsets; parse() turns it into a Diagnostic. */
export interface LexProblem extends ProblemExtra {
  code: ErrorCode;
  message: string;
  start: number;
  end: number;
}

export interface LexResult {
  tokens: Token[];
  problems: LexProblem[];
}

/** Scanning stops collecting problems past this many, so hostile input cannot make a huge report. */
const MAX_PROBLEMS = 50;

/** Whether text has the shape of a name, keyword or not (`and`, `name2`). */
export function isWord(text: string): boolean {
  return PLAIN_NAME.test(text);
}

/** Where the run of name characters starting at `at` ends (`at` itself when there is none). */
export function nameEnd(source: string, at: number): number {
  let i = at;
  for (let w = nameCharAt(source, i, false); w > 0; w = nameCharAt(source, i, false)) i += w;
  return i;
}

export { isKeyword, isPlainName } from "./plainName.js";

const PLAIN_NAME = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{M}\p{Nd}_]*$/u;

const NAME_START = /[\p{L}\p{Nl}_]/uy;
const NAME_PART = /[\p{L}\p{Nl}\p{M}\p{Nd}_]/uy;
const SPACE = /\s/y;

function isAsciiNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}
function isAsciiNamePart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Length of the name-starting character at i (0 if none). */
export function nameStartAt(source: string, i: number): number {
  return nameCharAt(source, i, true);
}

/** Length of the name character at i (0 if none); non-ASCII goes through the Unicode regex. */
export function nameCharAt(source: string, i: number, start: boolean): number {
  const c = source.charCodeAt(i);
  if (c < 128) return (start ? isAsciiNameStart(c) : isAsciiNamePart(c)) ? 1 : 0;
  if (Number.isNaN(c)) return 0;
  const re = start ? NAME_START : NAME_PART;
  re.lastIndex = i;
  return re.test(source) ? re.lastIndex - i : 0;
}

function spaceAt(source: string, i: number): boolean {
  const c = source.charCodeAt(i);
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 128) return false;
  SPACE.lastIndex = i;
  return SPACE.test(source);
}


/** Scans the whole source. Never throws; every problem comes back in `problems`. */
export function lex(source: string): LexResult {
  const tokens: Token[] = [];
  const problems: LexProblem[] = [];
  lexFrom(source, 0, source.length, tokens, problems);
  return { tokens, problems };
}

/**
 * Scans the lexemes that start in source[from, to), appending to `tokens`
 * and `problems`, until the problem budget is spent. Returns the offset it
 * stopped at, where a later call resumes (parseAsScanned.ts scans a long
 * filter a chunk at a time as the parser reaches it). A lexeme that starts before
 * `to` is scanned whole.
 */
export function lexFrom(source: string, from: number, to: number, tokens: Token[], problems: LexProblem[], push: Push = pusher(tokens, source)): number {
  const n = to;
  const length = source.length;
  let i = from;

  // Made by functions of their own (as `push` is): a closure made here would hold `source` and the
  // rest in a context object, and every read of them in the loop below would be a load from it.
  const problem = reporter(problems);

  while (i < n && problems.length < MAX_PROBLEMS) {
    const c = source.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) {
      i++;
      continue;
    }
    const start = i;
    // Names and keywords; an ASCII letter is told without a call.
    let w = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 ? 1 : c < 128 ? 0 : nameCharAt(source, i, true);
    if (w > 0) {
      // The keyword trie's state (keywords.ts), stepped as each character is read; 0 once no keyword can follow.
      let k = c < 128 ? KEYWORD_STEPS[KEYWORD_START | (c | 32)]! : 0;
      i += w;
      for (;;) {
        const d = source.charCodeAt(i);
        if ((d >= 97 && d <= 122) || (d >= 65 && d <= 90) || (d >= 48 && d <= 57) || d === 95) {
          k = KEYWORD_STEPS[(k << 7) | (d | 32)]!;
          i++;
        } else if (d >= 128 && (w = nameCharAt(source, i, false)) > 0) {
          k = 0;
          i += w;
        } else break;
      }
      const kw = KEYWORD_ENDS[k];
      // A keyword never starts a path: `in[1, 2]` is an in list.
      if (kw !== undefined) push(kw.type, start, i, kw.payload);
      else if (pathFollows(source, i)) i = scanPath(source, start, i, Identifier, source.slice(start, i), push, problem);
      // `now - 7d` is one date; a bare `now` stays a name, which the parser reads as a date only where a value goes.
      // The length first, inline: most names are neither 3 nor 5 characters long.
      else if ((i - start === 3 || i - start === 5) && dateAnchor(source, start, i) !== undefined && offsetFollows(source, i)) {
        i = scanDate(source, start, i, dateAnchor(source, start, i)!, push, problem);
      } else push(Identifier, start, i, source.slice(start, i));
      continue;
    }
    switch (c) {
      case 40: // (
        push(LParen, start, ++i, undefined);
        continue;
      case 41:
        push(RParen, start, ++i, undefined);
        continue;
      case 91:
        push(LBracket, start, ++i, undefined);
        continue;
      case 93:
        push(RBracket, start, ++i, undefined);
        continue;
      case 44:
        push(Comma, start, ++i, undefined);
        continue;
      case 61: {
        // = ==, and the reversed => and =< people type for >= and <=: one problem, and
        // the operator they meant, so the rest of the filter is still checked.
        const d = source.charCodeAt(i + 1);
        if (d === 62 || d === 60) {
          const meant = d === 62 ? ">=" : "<=";
          const typed = source.slice(i, i + 2);
          problem("E_SYNTAX", start, (i += 2), {
            params: { kind: "reversedOperator", written: typed, suggestion: meant },
            fixes: [{ title: replaceTitle(meant), start, end: i, replacement: meant }],
          });
          push(CompareOp, start, i, d === 62 ? "greaterEqual" : "lessEqual");
          continue;
        }
        i += d === 61 ? 2 : 1;
        push(CompareOp, start, i, "equals");
        continue;
      }
      case 33: // ! !=
        if (source.charCodeAt(i + 1) === 61) {
          i += 2;
          push(CompareOp, start, i, "notEquals");
        } else push(Not, start, ++i, undefined);
        continue;
      case 60: {
        // < <= <>
        const d = source.charCodeAt(i + 1);
        if (d === 61) push(CompareOp, start, (i += 2), "lessEqual");
        else if (d === 62) push(CompareOp, start, (i += 2), "notEquals");
        else push(CompareOp, start, ++i, "lessThan");
        continue;
      }
      case 62:
        if (source.charCodeAt(i + 1) === 61) push(CompareOp, start, (i += 2), "greaterEqual");
        else push(CompareOp, start, ++i, "greaterThan");
        continue;
      case 38: // &&
        if (source.charCodeAt(i + 1) === 38) {
          push(And, start, (i += 2), undefined);
        } else {
          problem("E_SYNTAX", start, ++i, {
            params: { kind: "halfOperator", character: "&", suggestion: "&&", word: "and" },
            fixes: [{ title: "Replace with '&&'", start, end: i, replacement: "&&" }],
          });
        }
        continue;
      case 124: // ||
        if (source.charCodeAt(i + 1) === 124) {
          push(Or, start, (i += 2), undefined);
        } else {
          problem("E_SYNTAX", start, ++i, {
            params: { kind: "halfOperator", character: "|", suggestion: "||", word: "or" },
            fixes: [{ title: "Replace with '||'", start, end: i, replacement: "||" }],
          });
        }
        continue;
      case 34:
      case 39: {
        // A string with no escape, line break or surrogate in it is the text between its quotes;
        // anything else, and one left open, is scanString's.
        let j = i + 1;
        let d = 0;
        while (j < length && (d = source.charCodeAt(j)) !== c && d !== 92 && d !== 10 && d !== 13 && (d < 0xd800 || d > 0xdfff)) j++;
        if (j < length && d === c) {
          push(StringLiteral, start, j + 1, source.slice(start + 1, j));
          i = j + 1;
        } else i = scanString(source, i, push, problem);
        continue;
      }
      case 96:
        i = scanQuotedName(source, start, push, problem);
        continue;
      case 36: {
        // $name: a parameter. The name is scanned as a plain name is, so `$a1` and `$straße` work.
        const end = nameCharAt(source, i + 1, true) > 0 ? nameEnd(source, i + 1 + nameCharAt(source, i + 1, true)) : i + 1;
        if (end === i + 1) {
          problem("E_SYNTAX", start, ++i, { params: { kind: "parameterName", character: "$" } });
          continue;
        }
        push(Parameter, start, end, source.slice(i + 1, end));
        i = end;
        continue;
      }
    }
    if (isDigit(c)) {
      // scanNumber's fast path, without the call: a short integer that nothing continues is exact.
      let j = i + 1;
      let acc = c - 48;
      for (let d = source.charCodeAt(j); d >= 48 && d <= 57; d = source.charCodeAt(++j)) acc = acc * 10 + (d - 48);
      if (j - i < 16 && (j - i === 1 || c !== 48) && !continuesNumber(source, j)) {
        push(NumberLiteral, start, j, acc);
        i = j;
        continue;
      }
    }
    if (isDigit(c) || c === 45 || (c === 46 && isDigit(source.charCodeAt(i + 1)))) {
      i = scanNumber(source, i, push, problem);
      continue;
    }
    if (spaceAt(source, i)) {
      i += 1;
      continue;
    }
    if (c >= 0x2018 && c <= 0x201f) {
      i = scanCurlyQuoted(source, i, push, problem);
      continue;
    }
    if (c === 46) {
      // A `.` that no name comes right before: a path has no spaces (`address.city`).
      problem("E_SYNTAX", start, ++i, { params: { kind: "pathDot", character: "." } });
      continue;
    }
    // Anything else: one problem for the whole run of unexpected characters.
    const cp = source.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    const char = String.fromCodePoint(cp);
    const last = problems[problems.length - 1];
    if (last !== undefined && last.end === start && last.params?.kind === "character") last.end = i;
    else problem("E_SYNTAX", start, i, { params: { kind: "character", character: char } });
  }
  return i;
}

function pusher(tokens: Token[], source: string): Push {
  return (type, start, end, payload) => {
    tokens.push(new Token(type.tokenTypeIdx!, start, end - 1, payload, source));
  };
}

function reporter(problems: LexProblem[]): Problem {
  return (code, start, end, extra) => {
    problems.push(lexProblem(code, start, end, extra));
  };
}

/**
 * A problem whose message is rendered when first read: a hostile string of 160,000 bad escapes has as
 * many problems, which highlighting needs every one of, but a parse shows only the first 50 by position
 * (rendering them all took a second per megabyte).
 */
function lexProblem(code: ErrorCode, start: number, end: number, extra: ProblemExtra): LexProblem {
  let message: string | undefined;
  return {
    code,
    get message() {
      return (message ??= renderMessage(code, extra.params));
    },
    start,
    end,
    ...extra,
  };
}

/** A quoted name, which may start a path (`` `zip code`.first ``). */
function scanQuotedName(source: string, start: number, push: Push, problem: Problem): number {
  let quoted = "";
  const i = scanString(source, start, (type, s, e, payload) => (pathFollows(source, e) ? (quoted = payload as string) : push(type, s, e, payload)), problem);
  return pathFollows(source, i) ? scanPath(source, start, i, QuotedIdentifier, quoted, push, problem) : i;
}

/** How a scanner hands back a token, and reports a problem. */
export type Push = (type: TokenType, start: number, end: number, payload: unknown) => void;
export type Problem = (code: ErrorCode, start: number, end: number, extra: ProblemExtra) => void;
