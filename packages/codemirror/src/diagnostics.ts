import type { Diagnostic as LintDiagnostic } from "@codemirror/lint";
import type { EditorState } from "@codemirror/state";
import { filterResult } from "./compileField.js";

/**
 * The compiler's diagnostics as CodeMirror lint diagnostics: the span is the
 * range (an empty span, such as end of input, becomes a point marker) and
 * the message starts with the stable error code.
 */
export function lintDiagnostics(state: EditorState): LintDiagnostic[] {
  const result = filterResult(state);
  if (result.ok) return [];
  const length = state.doc.length;
  return result.diagnostics.map((d) => {
    const from = Math.min(Math.max(d.span.start.offset, 0), length);
    const to = Math.min(Math.max(d.span.end.offset, from), length);
    return { from, to, severity: "error", source: d.code, message: `${d.code}: ${d.message}`, markClass: "cm-itemfilter-error-mark" };
  });
}
