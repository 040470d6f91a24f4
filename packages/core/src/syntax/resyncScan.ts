import { tokenMatcher, type IToken, type TokenType } from "chevrotain";

/**
 * Chevrotain's findReSyncTokenType for one syntax error, at every depth of
 * the rule stack it climbs. Chevrotain's answer at depth d: the first token,
 * from the next on, that one of the rules at depths 0..d can resync at (one
 * of its follow set), and of the types that match it, the first in stack
 * order. Chevrotain flattens the stack's follow sets and scans from the next
 * token at every depth the error climbs, so d² steps for an error d rules
 * deep (issue 33 §4). Here the tokens are scanned once, as far as the
 * depths asked for need: a token answers every open depth down to the
 * outermost rule it resyncs, so the work is the follow sets plus the tokens
 * scanned, not their product.
 */
export class ResyncScan {
  /** The types at the outermost depth whose follow set holds each. */
  private readonly outermost = new Map<TokenType, number>();
  private readonly types: TokenType[];
  /** Depths from here up are answered. */
  private open: number;
  /** The next token to look at, counted as LA counts (1 is the next). */
  private k = 1;

  /**
   * `follows` are the follow sets from depth 0 (the outermost rule, whose
   * set holds EOF, which ends every scan) to the rule that failed.
   */
  constructor(
    readonly error: unknown,
    private readonly follows: readonly (readonly TokenType[])[],
    private readonly la: (k: number) => IToken,
  ) {
    follows.forEach((types, depth) => {
      for (const type of types) if (!this.outermost.has(type)) this.outermost.set(type, depth);
    });
    this.types = new Array<TokenType>(follows.length);
    this.open = follows.length;
  }

  /** The type to resync at for the rule stack cut at `depth`. */
  typeAt(depth: number): TokenType {
    while (this.open > depth) {
      const token = this.la(this.k++);
      let outermost = this.open;
      for (const [type, at] of this.outermost) if (at < outermost && tokenMatcher(token, type)) outermost = at;
      if (outermost === this.open) continue;
      this.types.fill(this.follows[outermost]!.find((type) => tokenMatcher(token, type))!, outermost, this.open);
      this.open = outermost;
    }
    return this.types[depth]!;
  }
}
