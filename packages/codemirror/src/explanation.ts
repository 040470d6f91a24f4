import type { Explanation } from "@itemfilter/core";
import { RangeSetBuilder, StateEffect, StateField, type Extension } from "@codemirror/state";
import { Decoration, EditorView, WidgetType, type DecorationSet } from "@codemirror/view";

/** The reason of one deciding condition, shown after it. Text only: a reason quotes item data. */
class ReasonWidget extends WidgetType {
  constructor(
    readonly reason: string,
    readonly counted: boolean,
  ) {
    super();
  }

  override eq(other: ReasonWidget): boolean {
    return other.reason === this.reason && other.counted === this.counted;
  }

  toDOM(): HTMLElement {
    const label = document.createElement("span");
    label.className = `cm-itemfilter-why-reason ${this.counted ? "cm-itemfilter-why-yes" : "cm-itemfilter-why-no"}`;
    label.textContent = this.reason;
    return label;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}

/**
 * An explanation from core's `explainMatch` as decorations over the filter
 * text: each deciding condition underlined (class `cm-itemfilter-why-yes`
 * where its answer counted towards a match, `cm-itemfilter-why-no` where it
 * made the filter false), with its reason as a label after it and as the
 * mark's title. Spans outside a document of `docLength` characters are
 * clamped, so a stale explanation never throws.
 */
export function explanationDecorations(explanation: Explanation, docLength: number): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const sorted = [...explanation.predicates].sort((a, b) => a.span.start.offset - b.span.start.offset || a.span.end.offset - b.span.end.offset);
  let last = -1;
  for (const p of sorted) {
    const from = Math.min(Math.max(p.span.start.offset, 0), docLength);
    const to = Math.min(Math.max(p.span.end.offset, from), docLength);
    // Deciding conditions never overlap; a hand-made explanation might, and the builder needs order.
    if (from < last || from === to) continue;
    const counted = p.holds !== p.negated;
    const kind = counted ? "cm-itemfilter-why-yes" : "cm-itemfilter-why-no";
    builder.add(from, to, Decoration.mark({ class: `cm-itemfilter-why ${kind}`, attributes: { title: p.reason } }));
    builder.add(to, to, Decoration.widget({ widget: new ReasonWidget(p.reason, counted), side: 1 }));
    last = to;
  }
  return builder.finish();
}

/** Shows an explanation in the editor (`null` clears it): `view.dispatch({ effects: setExplanation.of(e) })`. */
export const setExplanation = StateEffect.define<Explanation | null>();

/**
 * The explanation shown, as decorations. Editing the text clears it, since
 * its spans point into the text it was made for. Part of `itemfilter()`.
 */
export const explanationField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, tr) {
    let next = tr.docChanged ? Decoration.none : decorations;
    for (const effect of tr.effects) {
      if (effect.is(setExplanation)) next = effect.value === null ? Decoration.none : explanationDecorations(effect.value, tr.state.doc.length);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const explanationTheme = EditorView.baseTheme({
  ".cm-itemfilter-why": { textDecoration: "underline 2px", textUnderlineOffset: "3px" },
  ".cm-itemfilter-why.cm-itemfilter-why-yes": { textDecorationColor: "#1a7f37" },
  ".cm-itemfilter-why.cm-itemfilter-why-no": { textDecorationColor: "#cf222e" },
  ".cm-itemfilter-why-reason": { marginLeft: "0.5em", padding: "0 0.4em", borderRadius: "3px", fontSize: "85%", fontFamily: "system-ui, sans-serif" },
  ".cm-itemfilter-why-reason.cm-itemfilter-why-yes": { background: "#dafbe1", color: "#116329" },
  ".cm-itemfilter-why-reason.cm-itemfilter-why-no": { background: "#ffebe9", color: "#a40e26" },
});

/** The field and its theme, for an editor that shows explanations without the rest of `itemfilter()`. */
export function explanationExtension(): Extension {
  return [explanationField, explanationTheme];
}
