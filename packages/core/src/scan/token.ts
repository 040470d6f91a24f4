import type { IToken, TokenType } from "chevrotain";
import { ALL_TOKENS } from "./tokens.js";

/** Token types by tokenTypeIdx (chevrotain numbers them as they are created). */
const TYPES: TokenType[] = [];
for (const type of ALL_TOKENS) TYPES[type.tokenTypeIdx!] = type;

/**
 * A token as Chevrotain reads it, kept lean: offsets only (lines are worked
 * out on error), and `payload` holding the decoded value (string value,
 * number, unquoted name, or canonical operator). Its text and type are
 * worked out when read: the parser reads neither on the way to a tree, and
 * one object of five fields and no string of its own per token (rather than
 * six fields and a copy of its text) is less to allocate and less for the
 * garbage collector to copy while a long filter is parsed (packages/bench,
 * figures 1a and 3).
 */
export class Token implements IToken {
  // Declared, not defined: a defined class field is set to undefined before the
  // constructor assigns it, which cost a tenth of the lexer's time (figure 1a).
  declare readonly tokenTypeIdx: number;
  declare readonly startOffset: number;
  /** The offset of the token's last character, as Chevrotain has it (one before the end). */
  declare readonly endOffset: number;
  declare readonly payload: unknown;
  declare private readonly source: string;

  constructor(tokenTypeIdx: number, startOffset: number, endOffset: number, payload: unknown, source: string) {
    this.tokenTypeIdx = tokenTypeIdx;
    this.startOffset = startOffset;
    this.endOffset = endOffset;
    this.payload = payload;
    this.source = source;
  }

  /** This object made another token, of another text: the lexer's reused tokens (reusedTokens.ts). */
  refill(tokenTypeIdx: number, startOffset: number, endOffset: number, payload: unknown, source: string): void {
    const self = this as unknown as { tokenTypeIdx: number; startOffset: number; endOffset: number; payload: unknown; source: string };
    self.tokenTypeIdx = tokenTypeIdx;
    self.startOffset = startOffset;
    self.endOffset = endOffset;
    self.payload = payload;
    self.source = source;
  }

  get image(): string {
    return this.source.slice(this.startOffset, this.endOffset + 1);
  }

  /** The same token in a text that has `by` more characters before it (`source`). */
  shifted(by: number, source: string): Token {
    return new Token(this.tokenTypeIdx, this.startOffset + by, this.endOffset + by, this.payload, source);
  }

  get tokenType(): TokenType {
    return TYPES[this.tokenTypeIdx]!;
  }
}
