import type { FilterDocument } from "./ast.js";

/** Documents that hold a relative date; the parser and the tree check mark them, so a filter without one costs one lookup. */
const WITH_DATES = new WeakSet<FilterDocument>();

export function markDates(doc: FilterDocument): FilterDocument {
  WITH_DATES.add(doc);
  return doc;
}

/** Whether a document still holds a relative date to resolve. */
export function hasDates(doc: FilterDocument): boolean {
  return WITH_DATES.has(doc);
}
