import { EditorState } from "@codemirror/state";
import { explanationDecorations, explanationField, itemfilter, setExplanation } from "@itemfilter/codemirror";
import { explainMatch, type Explanation } from "@itemfilter/core";
import { describe, expect, it } from "vitest";

/** The marks of a decoration set as [from, to, class, title]; widgets (the reason labels) as [at, "widget", reason]. */
function decorations(set: ReturnType<typeof explanationDecorations>): unknown[] {
  const out: unknown[] = [];
  set.between(0, Number.MAX_SAFE_INTEGER, (from, to, value) => {
    const spec = value.spec as { class?: string; attributes?: { title?: string }; widget?: { reason: string } };
    out.push(spec.widget !== undefined ? [from, "widget", spec.widget.reason] : [from, to, spec.class, spec.attributes?.title]);
  });
  return out;
}

describe("explanations in the editor", () => {
  const text = 'age >= 30 and plan = "pro"';

  it.each([
    [
      "a non-match: the false condition, marked no",
      { age: 40, plan: "free" },
      [
        [14, 26, "cm-itemfilter-why cm-itemfilter-why-no", 'plan is "free", not "pro"'],
        [26, "widget", 'plan is "free", not "pro"'],
      ],
    ],
    [
      "a match: both conditions, marked yes",
      { age: 40, plan: "pro" },
      [
        [0, 9, "cm-itemfilter-why cm-itemfilter-why-yes", "age is 40, >= 30"],
        [9, "widget", "age is 40, >= 30"],
        [14, 26, "cm-itemfilter-why cm-itemfilter-why-yes", 'plan is "pro"'],
        [26, "widget", 'plan is "pro"'],
      ],
    ],
  ])("%s", (_name, item, expected) => {
    expect(decorations(explanationDecorations(explainMatch(text, item), text.length))).toEqual(expected);
  });

  it("marks a condition under `not` by whether it counted, not by its own answer", () => {
    const negated = "not (a = 1)";
    expect(decorations(explanationDecorations(explainMatch(negated, { a: 2 }), negated.length))[0]).toEqual([5, 10, "cm-itemfilter-why cm-itemfilter-why-yes", "a is 2, not 1"]);
  });

  it("clamps spans past the end of the text and skips overlaps, never throwing", () => {
    const stale: Explanation = {
      matched: false,
      predicates: [
        { span: { start: { offset: 2, line: 1, column: 3 }, end: { offset: 50, line: 1, column: 51 } }, operator: "equals", attribute: "a", value: 1, present: false, holds: false, negated: false, reason: "a is missing" },
        { span: { start: { offset: 3, line: 1, column: 4 }, end: { offset: 4, line: 1, column: 5 } }, operator: "equals", attribute: "b", value: 1, present: false, holds: false, negated: false, reason: "b is missing" },
      ],
    };
    expect(decorations(explanationDecorations(stale, 5))).toEqual([
      [2, 5, "cm-itemfilter-why cm-itemfilter-why-no", "a is missing"],
      [5, "widget", "a is missing"],
    ]);
  });

  it("is shown by the setExplanation effect, and cleared by an edit or by null", () => {
    let state = EditorState.create({ doc: text, extensions: itemfilter() });
    const shown = () => decorations(state.field(explanationField)).length;
    expect(shown()).toBe(0);
    state = state.update({ effects: setExplanation.of(explainMatch(text, { age: 1, plan: "pro" })) }).state;
    expect(shown()).toBe(2);
    state = state.update({ changes: { from: 0, insert: " " } }).state;
    expect(shown()).toBe(0);
    state = state.update({ effects: setExplanation.of(explainMatch(text, { age: 1, plan: "pro" })) }).state;
    state = state.update({ effects: setExplanation.of(null) }).state;
    expect(shown()).toBe(0);
  });
});
