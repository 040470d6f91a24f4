import { compileFilter, resolveOptions, type FilterResult, type ResolvedOptions } from "@itemfilter/codemirror";
import type { TableInfo } from "./api.js";
import { byId, h } from "./dom.js";

/** The table's find options, made once per table (resolving them checks the schema). */
const findOptions = new WeakMap<TableInfo, ResolvedOptions>();

/**
 * How many requests find would run this text in, when the current mode
 * (list or query: one request) rejects it and find accepts it; undefined
 * otherwise, such as for text that is not a filter at all.
 */
export function findRequests(result: FilterResult, table: TableInfo): number | undefined {
  if (result.ok || result.mode === "find") return undefined;
  let options = findOptions.get(table);
  if (options === undefined) {
    const keys = { primary: table.primaryKey, ...(table.secondaryKey === undefined ? {} : { secondary: table.secondaryKey }) };
    options = resolveOptions({ mode: "find", schema: table.schema, keys });
    findOptions.set(table, options);
  }
  const found = compileFilter(result.text, options);
  return found.ok && found.mode === "find" ? found.plan.requests.length : undefined;
}

/**
 * Shows, or hides, the way out of a mode that cannot send the filter: one
 * button that switches to find, keeping the text, and runs it.
 */
export function renderModeOffer(result: FilterResult, requests: number | undefined, switchToFind: () => void): void {
  const offer = byId("mode-offer");
  if (requests === undefined) {
    offer.hidden = true;
    offer.replaceChildren();
    return;
  }
  const one = result.mode === "list" ? "listItems" : "queryItems";
  const plan = requests === 0 ? "no request at all (it matches nothing)" : requests === 1 ? "one request and a check here" : `${requests} requests`;
  const button = h("button", { text: "Run it in find mode", attrs: { type: "button", id: "switch-to-find" } });
  button.addEventListener("click", switchToFind);
  offer.replaceChildren(h("span", { text: `One ${one} request cannot express this filter; find runs it as a plan of ${plan}. ` }), button);
  offer.hidden = false;
}
