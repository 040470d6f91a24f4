import { replaceTitle } from "../messages/messageText.js";
import type { Problem, ProblemExtra, Push } from "./lexer.js";
import { QuotedIdentifier, StringLiteral } from "./tokens.js";

// The lexer's scanners for quoted text: strings, backtick-quoted names, and
// the curly-quoted text people paste from documents.

const ESCAPES: Record<string, string> = { '"': '"', "'": "'", "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
/** The escapes a message about a bad one lists. */
const STRING_ESCAPES = ['\\"', "\\'", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\uXXXX"];
const NAME_ESCAPES = [...STRING_ESCAPES, "\\`"];

/**
 * Strings and backtick-quoted names share one scanner and one set of
 * escapes, so any name can be written; a name also takes \` for a backtick.
 */
export function scanString(source: string, start: number, push: Push, problem: Problem): number {
  const quote = source.charCodeAt(start);
  const isName = quote === 96;
  const type = isName ? QuotedIdentifier : StringLiteral;
  const unterminated = isName ? "unterminatedName" : "unterminatedString";
  const n = source.length;
  let i = start + 1;
  let chunkStart = i;
  let value = "";
  for (;;) {
    if (i >= n) {
      problem("E_SYNTAX", start, start + 1, closing(unterminated, quote, n));
      push(type, start, n, value + source.slice(chunkStart, n));
      return n;
    }
    const c = source.charCodeAt(i);
    if (c === quote) {
      value += source.slice(chunkStart, i);
      if (isName && value === "") problem("E_SYNTAX", start, i + 1, { params: { kind: "emptyName" } });
      push(type, start, i + 1, value);
      return i + 1;
    }
    if (c === 10 || c === 13) {
      problem("E_SYNTAX", start, start + 1, closing(`${unterminated}Line`, quote, i));
      value += source.slice(chunkStart, i);
      push(type, start, i, value);
      return i;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const pair = c <= 0xdbff && (source.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (!pair) problem("E_SYNTAX", i, i + 1, { params: { kind: "loneSurrogate" } });
      i += pair ? 2 : 1;
      continue;
    }
    if (c !== 92) {
      i++;
      continue;
    }
    value += source.slice(chunkStart, i);
    const e = source[i + 1];
    if (e === "u") {
      const unit = hex4(source, i + 2);
      if (unit < 0) {
        problem("E_SYNTAX", i, Math.min(n, i + 6), { params: { kind: "escapeHex" } });
        i += 2;
      } else if (unit >= 0xd800 && unit <= 0xdbff) {
        const low = source[i + 6] === "\\" && source[i + 7] === "u" ? hex4(source, i + 8) : -1;
        if (low >= 0xdc00 && low <= 0xdfff) {
          value += String.fromCharCode(unit, low);
          i += 12;
        } else {
          problem("E_SYNTAX", i, i + 6, { params: { kind: "escapeHighSurrogate", escape: source.slice(i, i + 6) } });
          i += 6;
        }
      } else if (unit >= 0xdc00 && unit <= 0xdfff) {
        problem("E_SYNTAX", i, i + 6, { params: { kind: "escapeLowSurrogate", escape: source.slice(i, i + 6) } });
        i += 6;
      } else {
        value += String.fromCharCode(unit);
        i += 6;
      }
    } else if (e !== undefined && (Object.hasOwn(ESCAPES, e) || (isName && e === "`"))) {
      value += e === "`" ? "`" : ESCAPES[e];
      i += 2;
    } else if (e === undefined) {
      i += 1;
    } else {
      const lineBreak = e === "\n" || e === "\r";
      const allowed = isName ? NAME_ESCAPES : STRING_ESCAPES;
      const fixes = lineBreak ? [] : [{ title: "Escape the backslash", start: i, end: i + 2, replacement: `\\\\${e}` }];
      problem("E_SYNTAX", i, i + 2, { params: { kind: lineBreak ? "escapeLineBreak" : "escape", escape: `\\${e}`, allowed }, fixes });
      i += 2;
      if (e === "\n" || e === "\r") {
        problem("E_SYNTAX", start, start + 1, closing(unterminated, quote, i - 2));
        push(type, start, i, value);
        return i;
      }
    }
    chunkStart = i;
  }
}

/** Curly quotes: U+2018-U+201B are single, U+201C-U+201F double (opening, closing and low forms alike). */
function isCurly(c: number): boolean {
  return c >= 0x2018 && c <= 0x201f;
}

/** The closing quote an unterminated string or name needs, inserted at `at`. */
function closing(kind: string, quote: number, at: number): ProblemExtra {
  const q = String.fromCharCode(quote);
  return { params: { kind, quote: q }, fixes: [{ title: `Add the closing ${q}`, start: at, end: at, replacement: q }] };
}

/** Text in straight quotes, escaped so the scanner reads back exactly `text`. */
function straightQuoted(text: string, straight: string): string {
  return straight + text.replace(/\\/g, "\\\\").split(straight).join(`\\${straight}`) + straight;
}

/**
 * Text in curly quotes, as word processors and chat apps write it: one
 * problem for the whole of it, and a string token holding the text so the
 * rest of the filter is still checked. A curly quote without a partner on its
 * line is a problem of its own.
 */
export function scanCurlyQuoted(source: string, start: number, push: Push, problem: Problem): number {
  const double = source.charCodeAt(start) >= 0x201c;
  const straight = double ? '"' : "'";
  for (let j = start + 1; j < source.length; j++) {
    const c = source.charCodeAt(j);
    if (c === 10 || c === 13) break;
    if (!isCurly(c) || c >= 0x201c !== double) continue;
    const text = source.slice(start + 1, j);
    const replacement = straightQuoted(text, straight);
    problem("E_SYNTAX", start, j + 1, {
      params: { kind: "curlyQuotes", text, quote: straight },
      fixes: [{ title: replaceTitle(replacement), start, end: j + 1, replacement }],
    });
    push(StringLiteral, start, j + 1, text);
    return j + 1;
  }
  // The fix quotes the rest of the line, which is what a lone curly quote most often opens.
  let end = start + 1;
  while (end < source.length && source.charCodeAt(end) !== 10 && source.charCodeAt(end) !== 13) end++;
  const replacement = straightQuoted(source.slice(start + 1, end), straight);
  problem("E_SYNTAX", start, start + 1, {
    params: { kind: "curlyQuote", character: source[start]!, suggestion: straight },
    fixes: [{ title: replaceTitle(replacement), start, end, replacement }],
  });
  return start + 1;
}

function hex4(source: string, at: number): number {
  if (at + 4 > source.length) return -1;
  for (let k = at; k < at + 4; k++) if (!isHex(source.charCodeAt(k))) return -1;
  return parseInt(source.slice(at, at + 4), 16);
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}
