import { acceptCompletion, autocompletion, completionStatus } from "@codemirror/autocomplete";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { linter } from "@codemirror/lint";
import { EditorState, Prec, type Extension } from "@codemirror/state";
import { EditorView, keymap, ViewPlugin, type ViewUpdate } from "@codemirror/view";
import { filterResultField } from "./compileField.js";
import { completionSource } from "./completion.js";
import { explanationExtension } from "./explanation.js";
import { lintDiagnostics } from "./diagnostics.js";
import { highlightPlugin } from "./highlight.js";
import { operatorHover } from "./operatorHover.js";
import { typeOverSelection } from "./typeOverSelection.js";
import { itemfilterConfig, resolveOptions, type ItemfilterOptions } from "./options.js";

/** Calls `onChange` once at start and again whenever the compile result is a new one. */
const changeReporter = ViewPlugin.fromClass(
  class {
    constructor(view: EditorView) {
      view.state.facet(itemfilterConfig).onChange?.(view.state.field(filterResultField));
    }
    update(update: ViewUpdate): void {
      const result = update.state.field(filterResultField);
      if (result !== update.startState.field(filterResultField, false)) update.state.facet(itemfilterConfig).onChange?.(result);
    }
  },
);

const baseTheme = EditorView.baseTheme({
  ".cm-itemfilter-help": { padding: "4px 8px", maxWidth: "32em", fontFamily: "system-ui, sans-serif", lineHeight: "1.4" },
  ".cm-itemfilter-help code": { fontFamily: "ui-monospace, monospace" },
  ".cm-itemfilter-help-head code": { marginLeft: "0.5em" },
});

/**
 * One CodeMirror extension for an itemfilter input: highlighting from core's
 * tokenizer, diagnostics from the compiler (debounced), completion from
 * core's `suggest`, hover help for operators, and `onChange` with the result.
 * To change options later, put it in a Compartment and reconfigure it.
 */
export function itemfilter(options: ItemfilterOptions = {}): Extension {
  const resolved = resolveOptions(options);
  return [
    itemfilterConfig.of(resolved),
    filterResultField,
    highlightPlugin,
    // A theme's own HighlightStyle wins; this one colours the filter when there is none.
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    linter((view) => lintDiagnostics(view.state), { delay: resolved.lintDelay }),
    EditorState.languageData.of(() => [{ autocomplete: completionSource }]),
    autocompletion(),
    // Tab accepts a completion when one is open; otherwise it moves focus, as in any form field.
    // While the list is opening (CodeMirror ignores accepting for its first 75 ms) Tab does nothing,
    // rather than move focus away from a person typing fast.
    Prec.high(keymap.of([{ key: "Tab", run: (view) => acceptCompletion(view) || completionStatus(view.state) !== null }])),
    operatorHover,
    changeReporter,
    explanationExtension(),
    baseTheme,
    // Under a strict CSP, typing over a selection must not leave the browser to make a styled element.
    typeOverSelection,
    options.nonce === undefined ? [] : EditorView.cspNonce.of(options.nonce),
  ];
}
