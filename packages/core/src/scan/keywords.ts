import type { TokenType } from "chevrotain";
import type { Operator } from "../values/operators.js";
import { OPERATORS } from "../values/operators.js";
import { And, Between, BooleanLiteral, CompareOp, In, Is, Not, NotNull, Null, Or } from "./tokens.js";

export interface Keyword {
  type: TokenType;
  /** The token's payload: the canonical operator of a CompareOp, the value of a BooleanLiteral. */
  payload?: Operator | boolean;
}

/** The keywords, by their spelling in lower case; any letter case of one is that keyword (`AND`, `Between`). */
const KEYWORDS = new Map<string, Keyword>([
  ["in", { type: In }],
  ["between", { type: Between }],
  ["is", { type: Is }],
  ["null", { type: Null }],
  ["notnull", { type: NotNull }],
  ["and", { type: And }],
  ["or", { type: Or }],
  ["not", { type: Not }],
  ["true", { type: BooleanLiteral, payload: true }],
  ["false", { type: BooleanLiteral, payload: false }],
]);
for (const op of OPERATORS) {
  for (const word of op.words) if (!KEYWORDS.has(word.toLowerCase())) KEYWORDS.set(word.toLowerCase(), { type: CompareOp, payload: op.name });
}

/**
 * The keywords as a trie the lexer steps through as it reads a name, one
 * array read per character, so telling a keyword from a name costs no
 * comparison after the name is read (issue 44, figure 1a: comparing each
 * name with the keywords of its length was a fifth of the lexer's time).
 * State s's row is KEYWORD_STEPS[s * 128, s * 128 + 128), indexed by
 * (character | 32): that maps A-Z onto a-z and no other character of a name
 * onto a letter, so the walk ignores letter case. State 0 is no keyword
 * (its row leads back to it), KEYWORD_START the root, and KEYWORD_ENDS[s]
 * the keyword a name that ends in state s is, if any.
 */
export const KEYWORD_START = 1 << 7;
const steps: number[] = new Array(2 * 128).fill(0);
const ends: (Keyword | undefined)[] = [undefined, undefined];
for (const [word, kw] of KEYWORDS) {
  let state = 1;
  for (let i = 0; i < word.length; i++) {
    const at = state * 128 + (word.charCodeAt(i) | 32);
    if (steps[at] === 0) {
      steps[at] = ends.length;
      ends.push(undefined);
      for (let j = 0; j < 128; j++) steps.push(0);
    }
    state = steps[at]!;
  }
  ends[state] = kw;
}
export const KEYWORD_STEPS = Uint16Array.from(steps);
export const KEYWORD_ENDS: readonly (Keyword | undefined)[] = ends;
