import type { Item } from "./api.js";
import { h } from "./dom.js";

function cell(value: unknown): string {
  if (value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The items as a table: a column per attribute, in order of first appearance. */
export function renderResults(table: HTMLTableElement, items: readonly Item[]): void {
  const columns: string[] = [];
  const known = new Set<string>();
  for (const item of items) {
    for (const name of Object.keys(item)) {
      if (!known.has(name)) {
        known.add(name);
        columns.push(name);
      }
    }
  }
  const head = h("thead", {}, h("tr", {}, ...columns.map((name) => h("th", { text: name, attrs: { scope: "col" } }))));
  const body = h("tbody");
  for (const item of items) body.append(h("tr", {}, ...columns.map((name) => h("td", { text: cell(item[name]) }))));
  table.replaceChildren(...(items.length === 0 ? [] : [head, body]));
}
