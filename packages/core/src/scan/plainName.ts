import { OPERATORS } from "../values/operators.js";

// Which names can be written without backticks, without the scanner (and so
// without chevrotain): quoting names for messages, fixes and the formatter
// needs only this.

/** The words that are not operators but are reserved all the same, as documented. */
export const STRUCTURE_WORDS: readonly string[] = ["in", "between", "is", "null", "notNull", "and", "or", "not", "true", "false"];

// Built on first use: a set built at load would stay in every bundle of the core (the matches-only
// one too), since no bundler can prove building it free of effects.
let reserved: ReadonlySet<string> | undefined;
const RESERVED = (): ReadonlySet<string> => (reserved ??= new Set([...STRUCTURE_WORDS, ...OPERATORS.flatMap((op) => op.words)].map((w) => w.toLowerCase())));

/** The shape of a name, as the scanner reads one (lexer.ts keeps the same pattern for isWord). */
const PLAIN_NAME = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{M}\p{Nd}_]*$/u;

/** Whether a word (any case) is reserved. */
export function isKeyword(word: string): boolean {
  return RESERVED().has(word.toLowerCase());
}

/** Whether text has the shape of a name, keyword or not: what may follow `$` in a parameter. */
export function isNameShaped(text: string): boolean {
  return PLAIN_NAME.test(text);
}

/** Whether a name can be written without backticks. */
export function isPlainName(name: string): boolean {
  return PLAIN_NAME.test(name) && !RESERVED().has(name.toLowerCase());
}
