import { applyFix, type FilterResult } from "@itemfilter/codemirror";
import { formatDiagnostics } from "@itemfilter/core";
import type { EditorView } from "@codemirror/view";
import { h } from "./dom.js";

/**
 * The errors of a filter, one item each: a button that selects its span, the
 * message (for the person typing), a button per fix the library knows, the
 * code frame, and the developer's hint apart, labelled as such. All of it is
 * set as text, never HTML: messages quote what was typed.
 */
export function renderErrors(list: HTMLElement, count: HTMLElement, result: FilterResult & { ok: false }, view: EditorView): void {
  count.textContent = `(${result.diagnostics.length})`;
  list.replaceChildren(
    ...result.diagnostics.map((d) => {
      const where = `${d.span.start.line}:${d.span.start.column}`;
      const go = h("button", { class: "link", text: `${d.code} at ${where}`, attrs: { type: "button", "aria-label": `${d.code} at line ${d.span.start.line}, column ${d.span.start.column}: go to it` } });
      go.addEventListener("click", () => {
        const length = view.state.doc.length;
        view.dispatch({ selection: { anchor: Math.min(d.span.start.offset, length), head: Math.min(d.span.end.offset, length) }, scrollIntoView: true });
        view.focus();
      });
      const fixes = (d.fixes ?? []).map((fix) => {
        const button = h("button", { class: "fix", text: fix.title, attrs: { type: "button", "aria-label": `Fix ${d.code}: ${fix.title}` } });
        button.addEventListener("click", () => {
          applyFix(view, fix);
          view.focus();
        });
        return button;
      });
      // The frame without the hint line: the hint has its own place below.
      const frame = formatDiagnostics(result.text, [{ code: d.code, message: d.message, span: d.span }]);
      const parts: HTMLElement[] = [go, h("p", { class: "message", text: d.message })];
      if (fixes.length > 0) parts.push(h("p", { class: "fixes" }, ...fixes));
      parts.push(h("pre", { class: "code frame", text: frame }));
      if (d.hint !== undefined) parts.push(h("p", { class: "dev-hint" }, h("span", { class: "label", text: "For the developer: " }), d.hint));
      return h("li", { class: "error" }, ...parts);
    }),
  );
}
