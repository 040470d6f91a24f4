import { escapeForDisplay } from "./escapeForDisplay.js";
import { replaceTitle, shownText } from "../messageText.js";
import type { Problem, ProblemExtra, Push } from "./lexer.js";
import { QuotedIdentifier, StringLiteral } from "./tokens.js";

// The lexer's scanners for quoted text: strings, backtick-quoted names, and
// the curly-quoted text people paste from documents.

const ESCAPES: Record<string, string> = { '"': '"', "'": "'", "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * Strings and backtick-quoted names share one scanner and one set of
 * escapes, so any name can be written; a name also takes \` for a backtick.
 */
export function scanString(source: string, start: number, push: Push, problem: Problem): number {
  const quote = source.charCodeAt(start);
  const isName = quote === 96;
  const type = isName ? QuotedIdentifier : StringLiteral;
  const what = isName ? "quoted name" : "string";
  const n = source.length;
  let i = start + 1;
  let chunkStart = i;
  let value = "";
  for (;;) {
    if (i >= n) {
      problem("E_SYNTAX", `unterminated ${what}: add the closing ${String.fromCharCode(quote)}`, start, start + 1, closing(quote, n));
      push(type, start, n, value + source.slice(chunkStart, n));
      return n;
    }
    const c = source.charCodeAt(i);
    if (c === quote) {
      value += source.slice(chunkStart, i);
      if (isName && value === "") problem("E_SYNTAX", "an attribute name cannot be empty", start, i + 1);
      push(type, start, i + 1, value);
      return i + 1;
    }
    if (c === 10 || c === 13) {
      problem("E_SYNTAX", `unterminated ${what}: add the closing ${String.fromCharCode(quote)} (write \\n for a line break inside it)`, start, start + 1, closing(quote, i));
      value += source.slice(chunkStart, i);
      push(type, start, i, value);
      return i;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const pair = c <= 0xdbff && (source.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (!pair) problem("E_SYNTAX", "a lone surrogate is not valid text", i, i + 1);
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
        problem("E_SYNTAX", "invalid escape: \\u needs exactly four hex digits, as in \\u00e9", i, Math.min(n, i + 6));
        i += 2;
      } else if (unit >= 0xd800 && unit <= 0xdbff) {
        const low = source[i + 6] === "\\" && source[i + 7] === "u" ? hex4(source, i + 8) : -1;
        if (low >= 0xdc00 && low <= 0xdfff) {
          value += String.fromCharCode(unit, low);
          i += 12;
        } else {
          problem("E_SYNTAX", `invalid escape: \\u${source.slice(i + 2, i + 6)} is a high surrogate and needs a low surrogate escape after it`, i, i + 6);
          i += 6;
        }
      } else if (unit >= 0xdc00 && unit <= 0xdfff) {
        problem("E_SYNTAX", `invalid escape: \\u${source.slice(i + 2, i + 6)} is a lone low surrogate`, i, i + 6);
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
      const shown = e === "\n" || e === "\r" ? "a line break" : `'\\${escapeForDisplay(e)}'`;
      const escapes = `\\" \\' \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX${isName ? " \\`" : ""}`;
      const fixes = e === "\n" || e === "\r" ? [] : [{ title: "Escape the backslash", start: i, end: i + 2, replacement: `\\\\${e}` }];
      problem("E_SYNTAX", `invalid escape ${shown}: use one of ${escapes}`, i, i + 2, { params: { escape: `\\${e}` }, fixes });
      i += 2;
      if (e === "\n" || e === "\r") {
        problem("E_SYNTAX", `unterminated ${what}: add the closing ${String.fromCharCode(quote)}`, start, start + 1, closing(quote, i - 2));
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
function closing(quote: number, at: number): ProblemExtra {
  const q = String.fromCharCode(quote);
  return { params: { quote: q }, fixes: [{ title: `Add the closing ${q}`, start: at, end: at, replacement: q }] };
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
    problem("E_SYNTAX", `curly quotes do not quote a string; use straight quotes: ${straight}${shownText(text)}${straight}`, start, j + 1, {
      params: { text },
      fixes: [{ title: replaceTitle(replacement), start, end: j + 1, replacement }],
    });
    push(StringLiteral, start, j + 1, text);
    return j + 1;
  }
  // The fix quotes the rest of the line, which is what a lone curly quote most often opens.
  let end = start + 1;
  while (end < source.length && source.charCodeAt(end) !== 10 && source.charCodeAt(end) !== 13) end++;
  const replacement = straightQuoted(source.slice(start + 1, end), straight);
  problem("E_SYNTAX", `unexpected character '${source[start]}': use straight quotes (${straight}) around a string`, start, start + 1, {
    params: { character: source[start]!, suggestion: straight },
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
