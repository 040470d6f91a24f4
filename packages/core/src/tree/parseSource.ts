import { EOF, type IRecognitionException, type IToken } from "chevrotain";
import type { FilterDocument, FilterNode } from "../syntax/ast.js";
import { FilterError, isStackOverflow, type Diagnostic, type DiagnosticParams } from "../messages/errors.js";
import type { LexProblem, Token } from "../scan/lexer.js";
import { giveBack, lexReused } from "../scan/reusedTokens.js";
import { resolveLimits, type Limits } from "../values/limits.js";
import { LineIndex } from "../messages/location.js";
import { newParseState, parser } from "../syntax/parser.js";
import { FAILED, parseAsScanned, SCAN_AS_PARSED } from "../syntax/parseAsScanned.js";
import { clearDetails, contextMessage, detailsOf } from "../syntax/parserMessages.js";
import { renderMessage } from "../messages/renderMessage.js";
import { replaceTitle } from "../messages/messageText.js";
import { STACK_LIMIT } from "../messages/limitMessages.js";
import { describeValue } from "../values/checkArgument.js";
import { bindParams, checkParamsOption, markParams, type Params } from "./bindParams.js";
import { markDates } from "../syntax/datedDocuments.js";
import type { DateOptions } from "../values/dateOptions.js";

/** What parsing takes below the schema: limits and `$name` values (schema/parse.ts adds the schema). */
export interface TreeOptions extends Partial<Limits>, DateOptions {
  /**
   * Values for the filter's `$name` parameters. parse() binds them only when
   * given (without them it keeps the placeholders); every function that
   * compiles or runs a filter binds them, and a `$name` without a value is
   * E_PARAM_MISSING. A value never passes through the parser.
   */
  params?: Params;
}

const NO_ERRORS: IRecognitionException[] = [];
const LENGTH_PARAMS = (length: number, limit: number): DiagnosticParams => ({ kind: "length", length, limit });
/** The index of every unlocated parse: its spans are all NO_SPAN whatever the source, so one serves them all. */
const UNLOCATED = new LineIndex("", false);

/** Most diagnostics one error carries; hostile input cannot make a huge report. */
const MAX_DIAGNOSTICS = 50;

/**
 * parse(), with `locate` false giving every node NO_SPAN: for callers that
 * only need the tree's meaning, and redo the work located if it fails.
 * Diagnostics are located either way. `asScanned` false skips the parse
 * that scans as it goes, for a caller that expects the text to fail.
 */
export function parseSource(source: string, options: TreeOptions | undefined, locate: boolean, asScanned = true, bind = true, parsed?: { hasDates: boolean }): FilterDocument {
  if (typeof source !== "string") throw new TypeError(`parse takes filter text (a string), not ${describeValue(source)}`);
  const limits = resolveLimits(options);
  if (source.length > limits.maxLength) {
    // Only the start of an oversized source is looked at, so rejecting it costs almost nothing.
    const index = new LineIndex(source.slice(0, limits.maxLength + 1));
    throw new FilterError([
      {
        code: "E_LIMIT",
        message: renderMessage("E_LIMIT", LENGTH_PARAMS(source.length, limits.maxLength)),
        hint: "raise maxLength to accept longer filters",
        params: LENGTH_PARAMS(source.length, limits.maxLength),
        span: index.span(limits.maxLength, limits.maxLength + 1),
      },
    ]);
  }
  const index = locate ? new LineIndex(source) : UNLOCATED;
  const flags = { hasParams: false, hasDates: false };
  let body: FilterNode | null | typeof FAILED = FAILED;
  if (asScanned && source.length >= SCAN_AS_PARSED) {
    const scanState = newParseState(index, limits);
    body = parseAsScanned(source, scanState);
    flags.hasParams = scanState.hasParams;
    flags.hasDates = scanState.hasDates === true;
  }
  if (body === FAILED) body = parseScanned(source, index, locate, limits, flags);
  let doc: FilterDocument = { type: "Filter", body, span: index.span(0, source.length) };
  if (flags.hasParams) {
    markParams(doc);
    // Unbound, a parameter's type is not known: the schema checks it once bound.
    if (bind) doc = bindParams(doc, checkParamsOption("parse", options?.params));
  }
  // Marked (for trees made from this one), and told to the caller, so the schema's parse (schema/parse.ts) resolves the dates (resolveDates.ts) with no lookup for a filter without any.
  if (flags.hasDates) markDates(doc);
  if (parsed !== undefined) parsed.hasDates = flags.hasDates;
  return doc;
}

/**
 * A clean parse of a long filter without spans, as parseSource's (scanned as
 * it goes), whose top-level `and` hands each operand to `sink` as it is
 * parsed rather than keeping them: the result is then SUNK. False where the
 * text does not parse (any problem, or longer than maxLength) or the sink
 * threw (it refused an operand): the caller then goes straight to the parse
 * that reports errors. Undefined where the parse gives way for a text that
 * may be fine: too short to scan as it is parsed, an `or` at the top, a
 * parameter or a relative date (bound and resolved only over a whole tree); the caller then parses
 * again with parseSource. (Not FAILED, whose module's types reach
 * Chevrotain's, which the package's declarations must not.)
 */
export function parseSinking(source: string, options: TreeOptions | undefined, sink: (node: FilterNode) => void): FilterNode | null | false | undefined {
  if (source.length < SCAN_AS_PARSED) return undefined;
  const limits = resolveLimits(options);
  if (source.length > limits.maxLength) return false;
  const state = newParseState(UNLOCATED, limits);
  state.sink = (node) => {
    if (state.hasParams || state.hasDates === true) throw FAILED;
    sink(node);
  };
  const body = parseAsScanned(source, state);
  if (state.hasParams || state.hasDates === true || state.orAfterSunk === true) return undefined;
  return body === FAILED ? false : body;
}

/** The parse of all of a filter's tokens, scanned first, with every problem it has reported. */
export function parseScanned(source: string, index: LineIndex, locate: boolean, limits: Limits, flags?: { hasParams: boolean; hasDates: boolean }): FilterNode | null {
  const { tokens, problems } = lexReused(source);
  try {
    return parseTokens(source, tokens, problems, index, locate, limits, flags);
  } finally {
    // Nothing below keeps a token: nodes hold payloads and offsets, diagnostics are built from them.
    giveBack(tokens);
  }
}

function parseTokens(source: string, tokens: Token[], problems: LexProblem[], index: LineIndex, locate: boolean, limits: Limits, flags?: { hasParams: boolean; hasDates: boolean }): FilterNode | null {
  let body: FilterNode | null = null;
  let errors = NO_ERRORS;
  const state = newParseState(index, limits);
  if (tokens.length > 0) {
    clearDetails();
    parser.state = state;
    parser.begin(tokens);
    try {
      body = parser.parseFilter();
    } catch (error) {
      if (error instanceof FilterError) throw error;
      // Past the engine's stack, Chevrotain's own finally blocks overflow too and can surface
      // as another RangeError ("Invalid array length"); any RangeError here is that exhaustion.
      // The next parse starts with parser.begin(), which resets its rule stack, so the instance stays usable.
      if (isStackOverflow(error) || error instanceof RangeError) {
        throw new FilterError([
          {
            code: "E_LIMIT",
            ...STACK_LIMIT,
            span: index.span(0, source.length),
          },
        ]);
      }
      throw error;
    } finally {
      // The public getter clones the array (with lodash) on every read; look first, clone only if needed.
      const raw = (parser as unknown as { _errors?: IRecognitionException[] })._errors;
      errors = raw !== undefined && raw.length === 0 ? NO_ERRORS : parser.errors;
      parser.releaseTokens();
    }
  }

  if (flags !== undefined && state.hasParams) flags.hasParams = true;
  if (flags !== undefined && state.hasDates === true) flags.hasDates = true;
  if (problems.length > 0 || errors.length > 0 || state.problems.length > 0) {
    const all = problems.concat(state.problems);
    for (const e of errors.slice(0, MAX_DIAGNOSTICS)) {
      const p = fromRecognition(e, tokens, source);
      if (!isCascade(p, problems, tokens, source.length)) all.push(p);
    }
    throw new FilterError(toDiagnostics(all, locate ? index : new LineIndex(source)));
  }
  return body;
}

function toDiagnostics(problems: LexProblem[], index: LineIndex): Diagnostic[] {
  problems.sort((a, b) => a.start - b.start);
  const out: Diagnostic[] = [];
  let last: LexProblem | undefined;
  for (const p of problems) {
    if (last !== undefined && last.start === p.start && last.message === p.message) continue;
    last = p;
    out.push(toDiagnostic(p, index));
    if (out.length === MAX_DIAGNOSTICS) break;
  }
  return out;
}

function toDiagnostic(p: LexProblem, index: LineIndex): Diagnostic {
  const d: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { code: p.code, message: p.message, span: index.span(p.start, p.end) };
  if (p.hint !== undefined) d.hint = p.hint;
  d.params = p.params ?? {};
  if (p.fixes !== undefined && p.fixes.length > 0) {
    d.fixes = p.fixes.map((f) => ({ title: f.title, span: index.span(f.start, f.end), replacement: f.replacement }));
  }
  return d;
}

function offsets(tok: IToken, length: number): [number, number] {
  return tok.tokenType === EOF || Number.isNaN(tok.startOffset) ? [length, length] : [tok.startOffset, tok.endOffset! + 1];
}

function fromRecognition(e: IRecognitionException, tokens: Token[], source: string): LexProblem {
  const tok = e.token;
  const [start, end] = offsets(tok, source.length);
  // Finding the token costs a search, so only for the errors that can use it.
  const at = e.name === "NotAllInputParsedException" || e.name === "MismatchedTokenException" ? tokens.indexOf(tok as Token) : -1;
  const context = contextMessage(e.name, tokens, at, source);
  if (context !== undefined) return { code: "E_SYNTAX", message: renderMessage("E_SYNTAX", context.params), start, end, params: context.params, fixes: [context.fix] };
  const details = detailsOf(e.message);
  let message = e.message;
  const params: Record<string, DiagnosticParams[string]> = { ...details?.params };
  if (e.name === "NotAllInputParsedException" && at > 0 && details !== undefined) {
    // Chevrotain gives no previous token here, so find it to say where the filter stopped making sense.
    params.after = tokens[at - 1]!.image;
    message = renderMessage("E_SYNTAX", params);
  }
  const problem: LexProblem = { code: "E_SYNTAX", message, start, end, params };
  // An empty span is the end of the text: a fix there inserts (a closing bracket).
  if (details?.replacement !== undefined && (start < end || start === source.length)) {
    const title = details.title ?? replaceTitle(details.replacement);
    problem.fixes = [{ title, start, end, replacement: details.replacement }];
  }
  return problem;
}

/**
 * A parser error at the first token after a scanning problem, or at a token
 * with a scanning problem inside it, is usually caused by it (`a = #` is one
 * mistake, not two), so only the scanning problem is kept.
 * Problems arrive in source order; the token search is binary, so hostile
 * input with many errors stays linear.
 */
function isCascade(p: LexProblem, problems: LexProblem[], tokens: Token[], length: number): boolean {
  let q: LexProblem | undefined;
  for (const candidate of problems) {
    // A token the scanner already refused (an unterminated string) needs no second error.
    if (candidate.start >= p.start && candidate.start < p.end) return true;
    if (candidate.end > p.start) break;
    q = candidate;
  }
  if (q === undefined) return false;
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.startOffset < q.end) lo = mid + 1;
    else hi = mid;
  }
  return (lo < tokens.length ? tokens[lo]!.startOffset : length) === p.start;
}
