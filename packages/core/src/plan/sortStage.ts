/** The most items a local sort holds when `maxSortItems` is left out. */
export const DEFAULT_MAX_SORT_ITEMS = 10_000;

/** A whole number from 1, or the default; a TypeError naming the caller otherwise. */
export function maxSortItemsOption(value: unknown, call: string): number {
  if (value === undefined) return DEFAULT_MAX_SORT_ITEMS;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`${call}: maxSortItems takes a whole number from 1 (default ${DEFAULT_MAX_SORT_ITEMS}), not ${typeof value === "number" ? String(value) : typeof value}`);
  }
  return value;
}

/**
 * The items of the requests no target reads in order, sorted: read to the
 * end (the first item in the order may come last), each distinct item
 * (by `identity`) held once, and `tooLarge` thrown as soon as more than
 * `max` are held, before any item is handed out. So the memory is bounded
 * by `max`, and the error comes exactly when the sort would hold more.
 */
export async function sortStage<T>(sources: readonly AsyncIterable<T>[], compare: (a: T, b: T) => number, max: number, identity: (item: T) => string, tooLarge: (max: number) => Error): Promise<T[]> {
  const held: T[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    for await (const item of source) {
      const id = identity(item);
      if (seen.has(id)) continue;
      seen.add(id);
      held.push(item);
      if (held.length > max) throw tooLarge(max);
    }
  }
  return held.sort(compare);
}

/** An array as an async iterator, for merging a sorted part with streams. */
export async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T, void, undefined> {
  yield* items;
}
