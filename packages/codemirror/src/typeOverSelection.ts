import { EditorView } from "@codemirror/view";

/**
 * Typing over a selection, handled by CodeMirror rather than by the browser.
 * Left to Chromium's contenteditable, a character typed over a selection
 * that starts in a highlighted token is wrapped in an element with an inline
 * `style` (it keeps the deleted text's colour), which a strict CSP (no
 * `style-src-attr`) blocks and reports as a violation (issue 40 §3: select
 * all, then type). Here such an `insertText` replaces the selection as a
 * transaction, through the editor's input handlers (so bracket closing and
 * completion see it as typing), and the browser's default is prevented, so
 * no element with a style is ever made. Composition (IME) input is left to
 * CodeMirror, which reads it from the DOM.
 */
export const typeOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== "insertText" || event.isComposing || view.composing) return false;
    const text = event.data;
    const { state } = view;
    if (text === null || text === "" || state.selection.ranges.every((range) => range.empty)) return false;
    if (state.readOnly || !state.facet(EditorView.editable)) return false;
    event.preventDefault();
    const main = state.selection.main;
    const insert = () => state.update(state.replaceSelection(text), { scrollIntoView: true, userEvent: "input.type" });
    const handled = state.selection.ranges.length === 1 && state.facet(EditorView.inputHandler).some((handler) => handler(view, main.from, main.to, text, insert));
    if (!handled) view.dispatch(insert());
    return true;
  },
});
