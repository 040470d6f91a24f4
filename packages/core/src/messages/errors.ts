import { boundMessage, cutText, MAX_QUOTED } from "./messageText.js";
import type { Span } from "./location.js";
import type { NumberValue } from "../values/ExactNumber.js";

/** Stable error codes. Each is documented in grammar/README.md with an example and its fix. */
export type ErrorCode =
  | "E_SYNTAX"
  | "E_NUMBER"
  | "E_VALUE_TYPE"
  | "E_BETWEEN_BOUNDS"
  | "E_OR_UNSUPPORTED"
  | "E_NOT_UNSUPPORTED"
  | "E_QUERY_OPERATOR"
  | "E_QUERY_ATTRIBUTE"
  | "E_QUERY_SHAPE"
  | "E_EMPTY"
  | "E_LIMIT"
  | "E_UNKNOWN_ATTRIBUTE"
  | "E_ATTRIBUTE_TYPE"
  | "E_FILTER_JSON"
  | "E_IN_MIXED_TYPES"
  | "E_PLAN_TOO_LARGE"
  | "E_PARAM_MISSING";

/** A replacement of the text at `span` that the library knows would fix a diagnostic. */
export interface Fix {
  /** What the fix does, for a button or a menu: `Replace with 'age'`. */
  readonly title: string;
  readonly span: Span;
  readonly replacement: string;
}

/** Plain JSON values a message is made of, so an app can word or translate it from `code` and `params`. */
/** Values a message is rendered from; a number is exact (an ExactNumber past a double). */
export type DiagnosticParams = Readonly<Record<string, string | NumberValue | boolean | null | readonly (string | NumberValue)[]>>;

export interface Diagnostic {
  readonly code: ErrorCode;
  /**
   * One line for the person who typed the filter: what is wrong in the text
   * and what would be right. Never names a function, option or operation.
   */
  readonly message: string;
  /** The developer's next step (`use find or plan`, `raise maxRequests`), where there is one. */
  readonly hint?: string;
  /** The values the message is made of (the name, the limit, the suggestion). */
  readonly params?: DiagnosticParams;
  /** Edits that fix this diagnostic, best first. */
  readonly fixes?: readonly Fix[];
  readonly span: Span;
  /** For filters checked as JSON rather than text: where in the JSON, such as `filter[2].value`. */
  readonly path?: string;
}

/** The only error the core throws for bad input. `code` is the first diagnostic's code. */
export class FilterError extends Error {
  readonly code: ErrorCode;
  readonly diagnostics: readonly Diagnostic[];

  constructor(raw: readonly Diagnostic[]) {
    // Messages quote source text; bounding here, once, keeps every message
    // and hint one line of at most MAX_MESSAGE characters, free of terminal
    // control and bidi characters, whichever module wrote it (bounding is
    // idempotent, so a bounded diagnostic is kept as it is).
    const diagnostics = raw.map(bounded);
    const first = diagnostics[0];
    if (first === undefined) throw new TypeError("FilterError needs at least one diagnostic");
    const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : "";
    const where = first.path ?? `${first.span.start.line}:${first.span.start.column}`;
    super(`${first.code} at ${where}: ${first.message}${more}`);
    this.name = "FilterError";
    this.code = first.code;
    this.diagnostics = diagnostics;
  }
}

function bounded(d: Diagnostic): Diagnostic {
  const message = boundMessage(d.message);
  const hint = d.hint === undefined ? undefined : boundMessage(d.hint);
  // Every diagnostic has params, so an app can always word a message from code and params.
  const params = d.params === undefined ? {} : boundParams(d.params);
  if (message === d.message && hint === d.hint && params === d.params) return d;
  const out: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { ...d, message };
  if (hint !== undefined) out.hint = hint;
  out.params = params;
  return out;
}

/** Strings in params are the user's text as the message quotes it: cut to MAX_QUOTED (the span points at the whole). */
function boundParams(params: DiagnosticParams): DiagnosticParams {
  let changed = false;
  const out: Record<string, DiagnosticParams[string]> = {};
  for (const [k, v] of Object.entries(params)) {
    const next = typeof v === "string" ? cutText(v, MAX_QUOTED) : Array.isArray(v) ? v.map((x) => (typeof x === "string" ? cutText(x, MAX_QUOTED) : x)) : v;
    if (next !== v && (typeof v === "string" || (next as unknown[]).some((x, i) => x !== (v as unknown[])[i]))) changed = true;
    out[k] = next;
  }
  return changed ? out : params;
}

export function isFilterError(value: unknown): value is FilterError {
  return value instanceof FilterError;
}

/** V8 and SpiderMonkey/JSC phrase stack exhaustion differently; all are RangeError or InternalError. */
export function isStackOverflow(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === "RangeError" || error.name === "InternalError") &&
    /call stack|too much recursion|stack overflow/i.test(error.message)
  );
}

/**
 * A mistake in an app's `scope` option: the app's own condition, never the
 * person's text, so it is a programming error (a TypeError, which no
 * `catch (e) { if (isFilterError(e)) showToPerson(e) }` shows as the
 * person's). `diagnostics` point into the scope's text; `code` is E_SCOPE.
 * Thrown whatever the person typed: the scope is checked first.
 */
export class ScopeError extends TypeError {
  readonly code = "E_SCOPE" as const;
  readonly diagnostics: readonly Diagnostic[];

  constructor(fn: string, what: string, diagnostics: readonly Diagnostic[] = []) {
    super(`${fn}: options.scope ${what}`);
    this.name = "ScopeError";
    this.diagnostics = diagnostics;
  }
}

export function isScopeError(value: unknown): value is ScopeError {
  return value instanceof ScopeError;
}
