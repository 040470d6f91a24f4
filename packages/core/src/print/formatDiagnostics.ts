import type { Diagnostic } from "../errors.js";
import { FilterError } from "../errors.js";
import { LineIndex } from "../syntax/location.js";

export interface FormatDiagnosticsOptions {
  /** Wrap the code and the caret line in ANSI colour. Off by default. */
  color?: boolean;
}

const RED = "\u001b[31m";
const BOLD = "\u001b[1m";
const RESET = "\u001b[0m";

/**
 * Renders diagnostics the way a compiler does: the code and message, then
 * the source line with a caret underline under the span.
 *
 *     E_SYNTAX: expected a value after '=', found end of input (1:7)
 *     1 | name =
 *       |       ^
 */
export function formatDiagnostics(
  source: string,
  error: FilterError | readonly Diagnostic[],
  options?: FormatDiagnosticsOptions,
): string {
  const diagnostics = error instanceof FilterError ? error.diagnostics : error;
  const color = options?.color === true;
  const index = new LineIndex(source);
  return diagnostics.map((d) => frame(d, index, color)).join("\n\n");
}

function frame(d: Diagnostic, index: LineIndex, color: boolean): string {
  const paint = (style: string, text: string): string => (color ? style + text + RESET : text);
  if (d.path !== undefined) return `${paint(BOLD + RED, d.code)}: ${d.message} (at ${d.path})`;
  const { line, column, offset } = d.span.start;
  const head = `${paint(BOLD + RED, d.code)}: ${d.message} (${line}:${column})`;
  const text = index.lineText(line);
  const gutter = String(line);
  const pad = " ".repeat(gutter.length);
  // Keep tabs under tabs so the caret lines up however the terminal expands them.
  const lead = text.slice(0, column - 1).replace(/[^\t]/g, " ");
  const sameLine = d.span.end.line === line ? d.span.end.offset - offset : text.length - (column - 1);
  const width = Math.max(1, Math.min(sameLine, text.length - (column - 1)));
  const shownLine = text.length > 200 ? clip(text, column - 1) : { text, lead };
  return [
    head,
    `${gutter} | ${shownLine.text}`,
    `${pad} | ${shownLine === undefined ? lead : shownLine.lead}${paint(RED, "^".repeat(Math.min(width, 80)))}`,
  ].join("\n");
}

/** A window of a very long line around the column, so a 1 MB one-line filter still prints a readable frame. */
function clip(text: string, at: number): { text: string; lead: string } {
  const from = Math.max(0, at - 60);
  const to = Math.min(text.length, at + 80);
  const prefix = from > 0 ? "…" : "";
  const suffix = to < text.length ? "…" : "";
  const lead = (prefix + text.slice(from, at)).replace(/[^\t]/g, " ");
  return { text: prefix + text.slice(from, to) + suffix, lead };
}
