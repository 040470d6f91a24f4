import type { Diagnostic as LintDiagnostic } from "@codemirror/lint";
import type { EditorState } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import type { Fix } from "@itemfilter/core";
import { filterResult } from "./compileField.js";

/**
 * The compiler's diagnostics as CodeMirror lint diagnostics: the span is the
 * range (an empty span, such as end of input, becomes a point marker), the
 * message is the person's, the stable error code is the `source` (which the
 * lint tooltip and panel show under the message: the message does not repeat
 * it), and each fix the library knows is an action (a button in the lint
 * tooltip and panel) that applies it.
 */
export function lintDiagnostics(state: EditorState): LintDiagnostic[] {
  const result = filterResult(state);
  if (result.ok) return [];
  const length = state.doc.length;
  return result.diagnostics.map((d) => {
    const from = Math.min(Math.max(d.span.start.offset, 0), length);
    const to = Math.min(Math.max(d.span.end.offset, from), length);
    const lint: LintDiagnostic = { from, to, severity: "error", source: d.code, message: d.message, markClass: "cm-itemfilter-error-mark" };
    const actions = (d.fixes ?? []).map((fix) => ({ name: fix.title, apply: (view: EditorView, at: number) => applyFix(view, fix, at - from) }));
    return actions.length === 0 ? lint : { ...lint, actions };
  });
}

/**
 * Applies a fix. `shift` is how far the diagnostic has moved since it was
 * made (lint keeps diagnostics mapped through later edits), so the fix's
 * span, made with it, moves as much. A span past the text is not applied.
 */
export function applyFix(view: EditorView, fix: Fix, shift = 0): void {
  const from = fix.span.start.offset + shift;
  const to = fix.span.end.offset + shift;
  if (from < 0 || to < from || to > view.state.doc.length) return;
  view.dispatch({ changes: { from, to, insert: fix.replacement }, selection: { anchor: from + fix.replacement.length }, userEvent: "input.fix" });
}
