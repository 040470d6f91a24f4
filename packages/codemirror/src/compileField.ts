import { StateField, type EditorState } from "@codemirror/state";
import { compileFilter, type FilterResult } from "./compileFilter.js";
import { itemfilterConfig } from "./options.js";

function compileState(state: EditorState): FilterResult {
  return compileFilter(state.doc.toString(), state.facet(itemfilterConfig));
}

/**
 * The document compiled in the configured mode, kept in the state so the
 * linter, `onChange` and the host all read one result per change.
 * Recompiled only when the text or the options change.
 */
export const filterResultField = StateField.define<FilterResult>({
  create: compileState,
  update(value, tr) {
    if (!tr.docChanged && tr.startState.facet(itemfilterConfig) === tr.state.facet(itemfilterConfig)) return value;
    return compileState(tr.state);
  },
});

/** The current compile result of an editor state that has the `itemfilter(...)` extension. */
export function filterResult(state: EditorState): FilterResult {
  return state.field(filterResultField);
}
