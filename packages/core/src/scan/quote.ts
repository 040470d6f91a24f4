import { describeValue } from "../values/checkArgument.js";
import { isNameShaped, isPlainName } from "./plainName.js";

/*
 * Quoting shared by the formatter and the decompiler. Strings are written in
 * double quotes; names that are not plain identifiers (or that are keywords)
 * are written in backticks. Both use the lexer's escapes, so the scanner reads
 * back exactly the value that was written.
 *
 * Escaped: the quote character, the backslash, and control characters
 * (C0, DEL and C1, which are invisible or move the terminal's cursor) as
 * \b \f \n \r \t or \u00XX. Everything else, non-ASCII and non-BMP text
 * included, is kept as it is, so text in any script stays readable.
 * A lone surrogate, which the lexer refuses in any form, is written as a
 * \uXXXX escape so the text shows it and parsing reports it.
 */

const SHORT: Record<number, string> = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r", 92: "\\\\" };

/** Characters that need an escape inside a quoted string or name (the quote itself is added per use). */
const NEEDS_ESCAPE = /[\u0000-\u001f\u007f-\u009f\\"`\uD800-\uDFFF]/;

function hex4(unit: number): string {
  return "\\u" + unit.toString(16).padStart(4, "0");
}

function escapeBody(text: string, quote: number): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  let out = "";
  let chunk = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let escaped: string | undefined;
    if (c === quote) escaped = "\\" + String.fromCharCode(c);
    else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 92) escaped = SHORT[c] ?? hex4(c);
    else if (c >= 0xd800 && c <= 0xdfff) {
      const pair = c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (pair) {
        i++;
        continue;
      }
      escaped = hex4(c);
    }
    if (escaped === undefined) continue;
    out += text.slice(chunk, i) + escaped;
    chunk = i + 1;
  }
  return out + text.slice(chunk);
}

/** A string literal in canonical form: `"..."` with the escapes above. */
export function quoteString(value: string): string {
  if (typeof value !== "string") throw new TypeError(`quoteString takes a string, not ${describeValue(value)}`);
  return '"' + escapeBody(value, 34) + '"';
}

/** An attribute name as written: bare when it is a plain identifier and not a keyword, else in backticks. */
export function quoteName(name: string): string {
  if (typeof name !== "string") throw new TypeError(`quoteName takes an attribute name (a string), not ${describeValue(name)}`);
  return isPlainName(name) ? name : "`" + escapeBody(name, 96) + "`";
}

/**
 * An attribute as written, path included: `address.city`, `items[0].sku`,
 * `` address.`zip code` ``. A member after the dot may be any word, keywords
 * included (the scanner reads any word there as a name); other members are in backticks.
 */
export function quotePath(name: string, path: readonly (string | number)[] | undefined): string {
  let out = quoteName(name);
  if (path === undefined) return out;
  for (const step of path) out += typeof step === "number" ? `[${step}]` : "." + (isNameShaped(step) ? step : "`" + escapeBody(step, 96) + "`");
  return out;
}
