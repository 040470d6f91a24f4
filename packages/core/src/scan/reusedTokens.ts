import { lex, lexFrom, type LexResult, type Push } from "./lexer.js";
import { Token } from "./token.js";

/**
 * Most characters of a text whose tokens are kept for the next one: a
 * thousand tokens or so. A longer text is lexed into new tokens, so a huge
 * filter's are not kept alive after its parse.
 */
const MOST_KEPT = 4096;

/** The vector of the last text lexed here; its Token objects are refilled by the next. */
const vector: Token[] = [];
/** Tokens pushed so far into `vector` by the scan under way. */
let count = 0;
/** Whether `vector` is with a caller, between lexReused() and giveBack(). */
let lent = false;

/**
 * lex(), into one vector and Token objects kept from text to text and
 * refilled, rather than about 2 KB of new ones for a typical filter
 * (issue 44, figure 1a: less for the garbage collector). The tokens are the
 * caller's until it calls giveBack(), and the next call overwrites them, so
 * the caller must keep none past that: the parse (tree/parseSource.ts)
 * copies payloads and offsets into its nodes and builds its errors before it
 * gives them back. While they are lent, or for a long text, this is lex().
 */
export function lexReused(source: string): LexResult {
  if (lent || source.length > MOST_KEPT) return lex(source);
  lent = true;
  // A parse that was cut short may have left Chevrotain's end-of-input padding on the vector.
  while (vector.length > 0 && !(vector[vector.length - 1] instanceof Token)) vector.pop();
  count = 0;
  const problems: LexResult["problems"] = [];
  lexFrom(source, 0, source.length, vector, problems, refiller(source));
  // Cut to this text's tokens: writing the length keeps the vector's storage when it shrinks by little.
  if (vector.length > count) vector.length = count;
  return { tokens: vector, problems };
}

/** Ends the loan of lexReused()'s tokens; tokens from lex() need none. */
export function giveBack(tokens: Token[]): void {
  if (tokens === vector) lent = false;
}

function refiller(source: string): Push {
  return (type, start, end, payload) => {
    const k = count++;
    if (k < vector.length) vector[k]!.refill(type.tokenTypeIdx!, start, end - 1, payload, source);
    else vector.push(new Token(type.tokenTypeIdx!, start, end - 1, payload, source));
  };
}
