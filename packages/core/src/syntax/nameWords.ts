import type { IToken } from "chevrotain";
import { dateAnchor } from "../scan/scanDate.js";
import { Identifier } from "../scan/tokens.js";

// Names that the grammar reads as something else where they stand: `size` and `fold` before `(`,
// `now` and `today` where a value goes (parser.ts).

/** Whether a name token is the word `size` or `fold` (in any case), which a `(` makes DynamoDB's size() or fold(). */
export function isFunctionWord(name: IToken | undefined): boolean {
  // The length first: most names are not four characters. Compared in place, as keywords are
  // (| 32 maps only A-Z onto a-z): reading image would slice the source and lower-case the slice.
  if (name === undefined || name.tokenType !== Identifier || name.endOffset! - name.startOffset !== 3) return false;
  const word = (name as unknown as { payload: unknown }).payload;
  if (typeof word !== "string") return false;
  const a = word.charCodeAt(0) | 32;
  const b = word.charCodeAt(1) | 32;
  const c = word.charCodeAt(2) | 32;
  const d = word.charCodeAt(3) | 32;
  return (a === 115 && b === 105 && c === 122 && d === 101) || (a === 102 && b === 111 && c === 108 && d === 100); // "size", "fold"
}

/** Whether the function word of a subject is `fold`. */
export function isFoldWord(word: IToken): boolean {
  return word.image.toLowerCase() === "fold";
}

/** Whether a name token is the word `now` or `today` (in any case, not a path), which reads as a date where a value goes. */
export function isDateWord(tok: IToken): boolean {
  return tok.tokenType === Identifier && typeof (tok as unknown as { payload: unknown }).payload === "string" && dateAnchor(tok.image, 0, tok.image.length) !== undefined;
}
