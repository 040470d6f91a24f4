import type { Diagnostic } from "../messages/errors.js";
import { FilterError } from "../messages/errors.js";
import { describeValue } from "../values/checkArgument.js";
import { escapeForDisplay } from "../values/escapeForDisplay.js";
import { isSpan, LineIndex, type Span } from "../messages/location.js";
import { markSpan } from "./markSpan.js";

export interface FormatDiagnosticsOptions {
  /** Wrap the code and the caret line in ANSI colour. Off by default. */
  color?: boolean;
  /**
   * The line number of the source's first line, for a source that is one
   * line of a larger text (a file read line by line). Default 1. Frames and
   * `(line:column)` are numbered from it; spans are not changed.
   */
  firstLine?: number;
}

/**
 * What formatDiagnostics renders: a FilterError's diagnostics, or anything of
 * the same shape, such as the warnings of attributeWarnings.
 */
export interface DiagnosticLike {
  readonly code: string;
  readonly message: string;
  /** The developer's next step; printed on a `hint:` line under the frame. */
  readonly hint?: string;
  readonly span: Span;
  readonly path?: string;
}

const RED = "\u001b[31m";
const BOLD = "\u001b[1m";
const RESET = "\u001b[0m";

/**
 * Renders diagnostics the way a compiler does: the code and message, then
 * the source line with a caret underline under the span, then the hint for
 * the developer where there is one.
 *
 *     E_SYNTAX: expected a value after '=', found end of input (1:7)
 *     1 | name =
 *       |       ^
 *
 *     E_LIMIT: this filter is 20 characters long; at most 10 are allowed (1:11)
 *     1 | a = 1 and b = 2 and c
 *       |           ^
 *       = hint: raise maxLength to accept longer filters
 *
 * Control and bidi characters in the source line and in the message are
 * shown as \uXXXX escapes (escapeForDisplay), so a filter cannot drive the
 * terminal it is printed on; the caret still lines up. Takes a FilterError
 * or an array of diagnostics; anything else is a TypeError.
 */
export function formatDiagnostics(
  source: string,
  error: FilterError | readonly (Diagnostic | DiagnosticLike)[],
  options?: FormatDiagnosticsOptions,
): string {
  if (typeof source !== "string") throw new TypeError(`formatDiagnostics takes the filter text (a string) first, not ${describeValue(source)}`);
  const diagnostics = error instanceof FilterError ? error.diagnostics : checkDiagnostics(error);
  if (options !== undefined && (typeof options !== "object" || options === null)) {
    throw new TypeError(`formatDiagnostics takes options as an object ({ color?, firstLine? }), not ${describeValue(options)}`);
  }
  const firstLine = options?.firstLine ?? 1;
  if (!Number.isSafeInteger(firstLine) || firstLine < 1) {
    throw new TypeError(`formatDiagnostics: options.firstLine is the line number of the source's first line, a whole number from 1, not ${describeValue(firstLine)}`);
  }
  const color = options?.color === true;
  const index = new LineIndex(source);
  return diagnostics.map((d) => frame(d, index, color, firstLine - 1)).join("\n\n");
}

function checkDiagnostics(value: unknown): readonly DiagnosticLike[] {
  const what = "formatDiagnostics takes a FilterError or an array of diagnostics ({ code, message, span })";
  if (!Array.isArray(value)) throw new TypeError(`${what}, not ${describeValue(value)}`);
  for (let i = 0; i < value.length; i++) {
    const d: unknown = value[i];
    if (typeof d !== "object" || d === null || typeof (d as DiagnosticLike).code !== "string" || typeof (d as DiagnosticLike).message !== "string") {
      throw new TypeError(`${what}; element ${i} is ${describeValue(d)}`);
    }
    const { path, span } = d as DiagnosticLike;
    if (path !== undefined && typeof path !== "string") throw new TypeError(`${what}; element ${i} has a path that is not a string`);
    const hint = (d as DiagnosticLike).hint;
    if (hint !== undefined && typeof hint !== "string") throw new TypeError(`${what}; element ${i} has a hint that is not a string`);
    if (path === undefined && !isSpan(span)) throw new TypeError(`${what}; element ${i} has no valid span ({ start, end } of { offset, line, column })`);
  }
  return value as readonly DiagnosticLike[];
}

function frame(d: DiagnosticLike, index: LineIndex, color: boolean, lineShift: number): string {
  const body = framed(d, index, color, lineShift);
  if (d.hint === undefined) return body;
  const pad = d.path !== undefined ? "" : " ".repeat(String(d.span.start.line + lineShift).length);
  return `${body}\n${pad} = hint: ${escapeForDisplay(d.hint)}`;
}

function framed(d: DiagnosticLike, index: LineIndex, color: boolean, lineShift: number): string {
  const paint = (style: string, text: string): string => (color ? style + text + RESET : text);
  const code = paint(BOLD + RED, escapeForDisplay(d.code));
  const message = escapeForDisplay(d.message);
  if (d.path !== undefined) return `${code}: ${message} (at ${escapeForDisplay(d.path)})`;
  const { line, column } = d.span.start;
  const head = `${code}: ${message} (${line + lineShift}:${column})`;
  const marked = markSpan(index, d.span, lineShift);
  return [head, marked.source, `${marked.pad} | ${marked.lead}${paint(RED, "^".repeat(marked.carets))}`].join("\n");
}
