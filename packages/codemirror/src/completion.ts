import { pickedCompletion, startCompletion, type Completion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import type { EditorView } from "@codemirror/view";
import { OPERATORS, quoteString, suggest, tokenize, type OperatorInfo, type Scalar, type Suggestion, type SuggestionKind } from "@itemfilter/core";
import { itemfilterConfig, type EditorSchema, type ResolvedOptions } from "./options.js";

const COMPLETION_TYPE: Record<SuggestionKind | "schemaValue", string> = {
  attribute: "property",
  operator: "operator",
  keyword: "keyword",
  value: "constant",
  punctuation: "text",
  schemaValue: "enum",
};

/** Operators by every way of writing them (canonical forms, symbols, words), for completion info. */
function operatorFor(label: string): OperatorInfo | undefined {
  const lower = label.toLowerCase();
  if (lower === "is null") return OPERATORS.find((op) => op.name === "null");
  if (lower === "is not null") return OPERATORS.find((op) => op.name === "notNull");
  return OPERATORS.find((op) => op.symbols.includes(label) || op.words.some((w) => w.toLowerCase() === lower));
}

/**
 * Inserts the label and a space after it when the next character is not white space,
 * then opens completion again: after an attribute come operators, after an operator values.
 */
function insertThenContinue(view: EditorView, completion: Completion, from: number, to: number): void {
  const next = view.state.sliceDoc(to, to + 1);
  const insert = next === "" || !/\s/.test(next) ? `${completion.label} ` : completion.label;
  view.dispatch({
    changes: { from, to, insert },
    selection: { anchor: from + insert.length },
    userEvent: "input.complete",
    annotations: pickedCompletion.of(completion),
  });
  startCompletion(view);
}

/** `""` goes in with the cursor between the quotes. */
function insertEmptyString(view: EditorView, completion: Completion, from: number, to: number): void {
  view.dispatch({ changes: { from, to, insert: '""' }, selection: { anchor: from + 1 }, userEvent: "input.complete", annotations: pickedCompletion.of(completion) });
}

function toCompletion(item: Suggestion): Completion {
  const completion: Completion = { label: item.label, type: COMPLETION_TYPE[item.kind] };
  if (item.detail !== undefined) completion.detail = item.detail;
  if (item.kind === "operator") {
    const info = operatorFor(item.label);
    if (info !== undefined) completion.info = `${info.summary}. Example: ${info.example}${info.query ? "" : " (not in key queries)"}`;
  }
  if (item.kind === "value" && item.label === '""') completion.apply = insertEmptyString;
  else if (item.kind === "attribute" || item.kind === "operator" || item.kind === "keyword") completion.apply = insertThenContinue;
  return completion;
}

/** The schema values of the attribute the value at `from` belongs to: the nearest attribute written before it. */
function schemaValues(text: string, from: number, schema: EditorSchema | undefined): readonly Scalar[] {
  if (schema === undefined) return [];
  let name: string | undefined;
  for (const token of tokenize(text)) {
    if (token.start >= from) break;
    if (token.kind === "attribute") name = token.text.startsWith("`") ? token.text.slice(1, -1).replace(/``/g, "`") : token.text;
  }
  if (name === undefined) return [];
  const attrs = schema.attributes;
  for (const stored of Object.keys(attrs)) {
    const spec = attrs[stored]!;
    if (stored === name || spec.aliases?.includes(name) === true) return spec.values ?? [];
  }
  return [];
}

/** Completions at `pos` for the configured mode and schema; null when there is nothing to offer. */
export function filterCompletions(text: string, pos: number, options: ResolvedOptions): CompletionResult | null {
  const found = suggest(text, pos, {
    ...options.limits,
    mode: options.mode === "query" ? "query" : "list",
    ...(options.schema === undefined ? {} : { schema: options.schema }),
    ...(options.secondaryKey === undefined ? {} : { secondaryKey: options.secondaryKey }),
  });
  const options_: Completion[] = [];
  const placeholders = new Set(found.items.filter((i) => i.kind === "value").map((i) => i.label));
  if (placeholders.size > 0 && options.mode !== "query") {
    // A value goes here: offer the attribute's known values of the types the operator takes.
    const word = text.slice(found.from, found.to).toLowerCase();
    for (const value of schemaValues(text, found.from, options.schema)) {
      if (typeof value === "string" ? !placeholders.has('""') : !placeholders.has("0")) continue;
      const label = typeof value === "string" ? quoteString(value) : String(value);
      if (label.toLowerCase().startsWith(word)) options_.push({ label, type: COMPLETION_TYPE.schemaValue, detail: "value" });
    }
  }
  options_.push(...found.items.map(toCompletion));
  if (options_.length === 0) return null;
  // suggest has filtered and ordered the items already; CodeMirror keeps that order.
  return { from: found.from, to: found.to, options: options_, filter: false };
}

/** Where typing opens completion by itself: in a word, or after white space, `(`, `[`, `,` or a path's `.` (not right after `"x"` or `)`). */
function opensHere(text: string, result: CompletionResult, pos: number): boolean {
  return result.from < pos || pos === 0 || /[\s(\[,.]/.test(text.charAt(pos - 1));
}

/** The completion source the extension registers as language data. */
export function completionSource(context: CompletionContext): CompletionResult | null {
  const options = context.state.facet(itemfilterConfig);
  const text = context.state.doc.toString();
  const result = filterCompletions(text, context.pos, options);
  if (result === null || (!context.explicit && !opensHere(text, result, context.pos))) return null;
  return result;
}
