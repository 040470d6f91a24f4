import { highlightingFor } from "@codemirror/language";
import { RangeSetBuilder, type EditorState } from "@codemirror/state";
import { Decoration, ViewPlugin, type DecorationSet, type EditorView, type ViewUpdate } from "@codemirror/view";
import { tags, type Tag } from "@lezer/highlight";
import { tokenize, type SyntaxToken } from "@itemfilter/core";

/**
 * The highlight tag of each token, so that any CodeMirror theme (any
 * HighlightStyle) colours the filter. `and`/`or`/`not` are keywords and
 * `&&`/`||`/`!` logic operators; operator words are `operatorKeyword`, which
 * themes without it style as `keyword`.
 */
export function tokenTag(token: SyntaxToken): Tag {
  switch (token.kind) {
    case "keyword":
      return /^[A-Za-z]/.test(token.text) ? tags.keyword : tags.logicOperator;
    case "operator":
      return /^[A-Za-z]/.test(token.text) ? tags.operatorKeyword : tags.compareOperator;
    case "attribute":
      return tags.propertyName;
    case "string":
      return tags.string;
    case "number":
      return tags.number;
    case "boolean":
      return tags.bool;
    case "parameter":
      return tags.special(tags.variableName);
    case "punctuation":
      return token.text === "," ? tags.separator : token.text === "(" || token.text === ")" ? tags.paren : tags.squareBracket;
    case "error":
      return tags.invalid;
  }
}

/**
 * Mark decorations for every token: the theme's class for its tag, and a
 * stable `cm-itemfilter-<kind>` class for hosts and tests.
 */
export function highlightDecorations(state: EditorState): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const token of tokenize(state.doc.toString())) {
    if (token.end <= token.start) continue;
    const themed = highlightingFor(state, [tokenTag(token)]);
    const cls = themed === null ? `cm-itemfilter-${token.kind}` : `cm-itemfilter-${token.kind} ${themed}`;
    builder.add(token.start, token.end, Decoration.mark({ class: cls }));
  }
  return builder.finish();
}

export const highlightPlugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = highlightDecorations(view.state);
    }
    update(update: ViewUpdate): void {
      // A reconfiguration may bring another theme, and with it other classes.
      if (update.docChanged || update.transactions.some((tr) => tr.reconfigured)) this.decorations = highlightDecorations(update.state);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
