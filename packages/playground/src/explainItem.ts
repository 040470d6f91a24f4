import { setExplanation, type FilterMode } from "@itemfilter/codemirror";
import { explainMatch, formatExplanation, plan, readNumber, type FilterNode, type PredicateNode, type Scalar } from "@itemfilter/core";
import type { Client } from "@itemfilter/client";
import type { EditorView } from "@codemirror/view";
import type { Item, TableInfo } from "./api.js";
import { byId } from "./dom.js";

const NO_SPAN = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

function equals(name: string, value: Scalar): PredicateNode {
  const literal = typeof value === "string" ? { type: "String" as const, value, span: NO_SPAN } : { type: "Number" as const, value, span: NO_SPAN };
  return { type: "Predicate", attribute: { type: "Attribute", name, span: NO_SPAN }, operator: "equals", operatorSpan: NO_SPAN, value: literal, span: NO_SPAN };
}

/** A key typed in the box: a number, every digit kept, where the key attribute holds numbers (and a store holds that number), else the text. */
export function keyValue(text: string, table: TableInfo, attribute: string): Scalar {
  if (table.schema.attributes[attribute]?.type !== "number" || !/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return text;
  const read = readNumber(text);
  return "value" in read ? read.value : text;
}

/**
 * The item with this key, read through the client as any plan is (one
 * partition query where the keys allow it); undefined when there is none.
 */
export async function itemByKey(client: Client, table: TableInfo, primary: Scalar, secondary: Scalar | undefined, signal: AbortSignal): Promise<Item | undefined> {
  const keys = { primary: table.primaryKey, ...(table.secondaryKey === undefined ? {} : { secondary: table.secondaryKey }) };
  const conditions: FilterNode[] = [equals(table.primaryKey, primary)];
  if (secondary !== undefined && table.secondaryKey !== undefined) conditions.push(equals(table.secondaryKey, secondary));
  const tree: FilterNode = conditions.length === 1 ? conditions[0]! : { type: "And", operands: conditions, span: NO_SPAN };
  const run = client.executePlan(plan(tree, { keys }), { table: table.name, keys, limit: 1, signal });
  const first = await run.next();
  await run.return?.(undefined as never);
  return first.done === true ? undefined : (first.value as Item);
}

/**
 * Explains `item` against the editor's filter: the deciding conditions
 * underlined in the editor with their reasons beside them, and the same as
 * a text frame in the "Why" section. Returns whether it matched.
 */
export function showExplanation(view: EditorView, item: Item, table: TableInfo, mode: FilterMode, label: string): boolean {
  const text = view.state.doc.toString();
  const explanation = explainMatch(text, item, {
    schema: table.schema,
    ...(mode === "query" && table.secondaryKey !== undefined ? { secondaryKey: table.secondaryKey } : {}),
  });
  view.dispatch({ effects: setExplanation.of(explanation) });
  const section = byId("why-section");
  byId("why-heading").textContent = `Why ${label} ${explanation.matched ? "matches" : "does not match"}`;
  byId("why-text").textContent = formatExplanation(text, explanation);
  section.hidden = false;
  return explanation.matched;
}

/**
 * Hides the "Why" section. The editor's underlines go by themselves when the
 * text changes (and this runs inside such an update, where dispatching is not allowed).
 */
export function hideExplanation(): void {
  byId("why-section").hidden = true;
}

/** Hides the "Why" section, or shows `message` there instead, and clears the editor's underlines. */
export function clearExplanation(view: EditorView, message?: string): void {
  view.dispatch({ effects: setExplanation.of(null) });
  if (message === undefined) {
    hideExplanation();
    return;
  }
  byId("why-heading").textContent = "Why";
  byId("why-text").textContent = message;
  byId("why-section").hidden = false;
}
