import { stringifyJson } from "@itemfilter/core";
import type { Item } from "./api.js";
import { h } from "./dom.js";

function cell(value: unknown): string {
  if (value === undefined) return "";
  return typeof value === "string" ? value : stringifyJson(value);
}

/**
 * The items as a table: a column per attribute, in order of first appearance,
 * after a column of "why?" buttons when `onWhy` is given (it explains that row's item).
 */
export function renderResults(table: HTMLTableElement, items: readonly Item[], onWhy?: (item: Item, row: number) => void): void {
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
  const whyHead = onWhy === undefined ? [] : [h("th", { class: "why-col", attrs: { scope: "col" } }, h("span", { class: "visually-hidden", text: "explain" }))];
  const head = h("thead", {}, h("tr", {}, ...whyHead, ...columns.map((name) => h("th", { text: name, attrs: { scope: "col" } }))));
  const body = h("tbody");
  items.forEach((item, row) => {
    const cells = columns.map((name) => h("td", { text: cell(item[name]) }));
    if (onWhy !== undefined) {
      const why = h("button", { class: "link why", text: "why?", attrs: { type: "button", "aria-label": `Why row ${row + 1} matches` } });
      why.addEventListener("click", () => onWhy(item, row));
      cells.unshift(h("td", { class: "why-col" }, why));
    }
    body.append(h("tr", {}, ...cells));
  });
  table.replaceChildren(...(items.length === 0 ? [] : [head, body]));
}
