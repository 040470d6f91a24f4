import type { IRecognitionException, IToken } from "chevrotain";
import type { FilterNode } from "./ast.js";
import { lexFrom, type LexProblem, type Token } from "../scan/lexer.js";
import { parser, type ParseState } from "./parser.js";

/**
 * Filters at least this long are scanned a chunk at a time as the parser
 * reaches them. Scanning every token first keeps them all alive until the
 * tree is built: at a megabyte of filter, that is most of what the garbage
 * collector copies (packages/bench, figure 3). A short filter is one chunk
 * either way.
 */
export const SCAN_AS_PARSED = 4096;
/** Characters scanned at a time (about 800 tokens of a typical filter). */
const CHUNK = 4096;
export const FAILED: unique symbol = Symbol("failed");

/**
 * A parse that scans as it goes and lets go of the tokens behind the parser.
 * It gives a tree only for a filter with no problem at all; anything else
 * (a scanning problem, a syntax error, a limit, a value problem, an exhausted
 * stack) gives FAILED, and the caller parses the text again from all its
 * tokens, which alone reports errors. So it changes no answer, only the
 * speed and memory of a clean parse.
 */
export function parseAsScanned(source: string, state: ParseState): FilterNode | null | typeof FAILED {
  const vector: Token[] = [];
  const problems: LexProblem[] = [];
  const n = source.length;
  let at = lexFrom(source, 0, Math.min(n, CHUNK), vector, problems);
  if (problems.length > 0 || vector.length === 0) return FAILED;
  const scanMore = (tokens: IToken[], needed: number): boolean => {
    do at = lexFrom(source, at, Math.min(n, at + CHUNK), tokens as Token[], problems);
    while (at < n && tokens.length < needed && problems.length === 0);
    if (problems.length > 0) throw FAILED;
    return at >= n;
  };
  parser.state = state;
  parser.begin(vector);
  parser.scanned = at < n ? vector.length : Infinity;
  parser.scanMore = scanMore;
  try {
    const body = parser.parseFilter();
    const errors = (parser as unknown as { _errors: IRecognitionException[] })._errors;
    // The parser must have met the real end: a rule that read past the scanned tokens would have met the padding.
    return errors.length === 0 && state.problems.length === 0 && parser.scanned === Infinity ? body : FAILED;
  } catch {
    return FAILED;
  } finally {
    parser.stopScanning();
  }
}
