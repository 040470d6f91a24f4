import { escapeForDisplay } from "../values/escapeForDisplay.js";
import type { LineIndex } from "../messages/location.js";
import type { Span } from "../messages/location.js";

/** A source line as a code frame shows it, and where the caret underline under a span goes. */
export interface MarkedSpan {
  /** `3 | the line`, escaped and cut to a window around the span when long. */
  readonly source: string;
  /** Spaces as wide as the gutter, for the lines under `source`. */
  readonly pad: string;
  /** White space up to the span (tabs kept, so the caret lines up however a terminal expands them). */
  readonly lead: string;
  /** How many carets underline the span: at least 1, at most 80. */
  readonly carets: number;
}

/**
 * The frame of the line a span starts on. Control and bidi characters are
 * shown as \uXXXX escapes (escapeForDisplay), so a filter cannot drive the
 * terminal; escaping can widen characters, so the caret is measured on the
 * escaped text. `lineShift` is added to the line number shown.
 */
export function markSpan(index: LineIndex, span: Span, lineShift: number): MarkedSpan {
  const { line, column, offset } = span.start;
  const text = index.lineText(line);
  const gutter = String(line + lineShift);
  const pad = " ".repeat(gutter.length);
  const col = Math.min(column - 1, text.length);
  const sameLine = span.end.line === line ? span.end.offset - offset : text.length - col;
  const width = Math.max(1, Math.min(sameLine, text.length - col));
  const { before, marked, after } = window(text, col, width);
  const shownBefore = escapeForDisplay(before, true);
  const shownMarked = escapeForDisplay(marked, true);
  return {
    source: `${gutter} | ${shownBefore}${shownMarked}${escapeForDisplay(after, true)}`,
    pad,
    lead: shownBefore.replace(/[^\t]/g, " "),
    carets: Math.max(1, Math.min(shownMarked.length, 80)),
  };
}

/**
 * The line split at the span; a very long line is cut to a window around the
 * column, so a 1 MB one-line filter still prints a readable frame.
 */
function window(text: string, at: number, width: number): { before: string; marked: string; after: string } {
  if (text.length <= 200) return { before: text.slice(0, at), marked: text.slice(at, at + width), after: text.slice(at + width) };
  const from = Math.max(0, at - 60);
  const to = Math.min(text.length, at + 80);
  const end = Math.min(at + width, to);
  return {
    before: (from > 0 ? "…" : "") + text.slice(from, at),
    marked: text.slice(at, end),
    after: text.slice(end, to) + (to < text.length ? "…" : ""),
  };
}
