import { prepareFilter, type ListFilter } from "@itemfilter/core";

type Item = Record<string, unknown>;

/**
 * The test a data reduction keeps items by: whether some of the listItems
 * filters matches the item (an empty filter matches every item; no filter at
 * all keeps none). Built from plain data, so a worker thread scanning part of
 * the file builds the very same test.
 */
export function keepOf(filters: readonly (readonly ListFilter[])[]): (item: Item) => boolean {
  // Prepared as the emulator prepares a request's filter.
  const tests = filters.map((filter): ((item: Item) => boolean) => (filter.length === 0 ? () => true : (prepareFilter([...filter]) as (item: Item) => boolean)));
  if (tests.length === 0) return () => false;
  if (tests.length === 1) return tests[0]!;
  return (item) => tests.some((test) => test(item));
}
