import type { ListFilter, QueryFilter } from "../values/filters.js";
import { checkCountOption, checkOptions, checkStringOption } from "../values/checkArgument.js";
import { isRecord } from "./itemValue.js";
import { predicateTest, type ValueTest } from "./predicateTest.js";
import { checkListFilterJson, checkQueryFilterJson } from "./checkFilterJson.js";

export interface MatchOptions {
  /** The table's secondary key: the attribute a QueryFilter tests. Required for a QueryFilter. */
  secondaryKey?: string;
  /** Most values in one `in` list when the filter is validated. Default 100. */
  maxInValues?: number;
}

/** What `matches` takes: one ListFilter, an array of them (combined with AND), or a QueryFilter. */
export type MatchFilter = ListFilter | readonly ListFilter[] | QueryFilter;

/** A prepared filter: true when the item passes. Never throws for an item from JSON. */
export type Matcher = (item: unknown) => boolean;

const hasOwn = Object.hasOwn;

/**
 * Whether an item passes a filter, by the rules of grammar/semantics.md. The
 * filter is validated and turned into a closure once, then kept (weakly) with
 * the filter object, so calling this in a loop costs one lookup per item.
 * A changed filter is noticed and prepared again.
 *
 * Throws FilterError for an invalid filter, and TypeError for a QueryFilter
 * without `options.secondaryKey` (a programming error, not bad input).
 */
export function matches(item: unknown, filter: MatchFilter, options?: MatchOptions): boolean {
  if (options !== undefined) checkMatchOptions("matches", options);
  return cachedMatcher(filter, options)(item);
}

/** The closure `matches` uses, for callers that test many items against one filter. */
export function prepareFilter(filter: MatchFilter, options?: MatchOptions): Matcher {
  if (options !== undefined) checkMatchOptions("prepareFilter", options);
  return build(filter, options).matcher;
}

function checkMatchOptions(fn: string, options: unknown): void {
  checkOptions(fn, options, "secondaryKey, maxInValues");
  if (options === null) return;
  checkStringOption(fn, "secondaryKey", (options as MatchOptions).secondaryKey);
  checkCountOption(fn, "maxInValues", (options as MatchOptions).maxInValues);
}

interface Prepared {
  matcher: Matcher;
  /** What the filter said when it was prepared; the matcher is reused only while the filter still says it. */
  seal: Seal;
  secondaryKey: string | undefined;
  maxInValues: number | undefined;
}

/**
 * Per filter entry: the entry object, its item, operator and value as read
 * then, and a copy of an array value's elements (or null). Flat, so checking
 * it on every call is a few identity comparisons.
 */
interface Seal {
  isArray: boolean;
  length: number;
  flat: unknown[];
}

const cache = new WeakMap<object, Prepared>();

function cachedMatcher(filter: MatchFilter, options: MatchOptions | undefined): Matcher {
  if (typeof filter !== "object" || filter === null) return build(filter, options).matcher; // throws FilterError
  const hit = cache.get(filter);
  if (hit !== undefined && hit.secondaryKey === options?.secondaryKey && hit.maxInValues === options?.maxInValues && unchanged(filter, hit.seal)) {
    return hit.matcher;
  }
  const prepared = build(filter, options);
  cache.set(filter, prepared);
  return prepared.matcher;
}

function build(filter: MatchFilter, options: MatchOptions | undefined): Prepared {
  const common = { secondaryKey: options?.secondaryKey, maxInValues: options?.maxInValues };
  if (isRecord(filter) && !hasOwn(filter, "item")) {
    const key = options?.secondaryKey;
    if (typeof key !== "string") {
      throw new TypeError("matches: a filter without 'item' is a QueryFilter, which needs options.secondaryKey (the attribute it tests)");
    }
    const query = checkQueryFilterJson(filter, { maxInValues: options?.maxInValues }, "matches");
    return { ...common, seal: seal(filter), matcher: attributeMatcher(key, predicateTest(query.operator, query.value)) };
  }
  const list = checkListFilterJson(filter, { maxInValues: options?.maxInValues }, "matches");
  return { ...common, seal: seal(filter), matcher: listMatcher(list) };
}

function attributeMatcher(name: string, test: ValueTest): Matcher {
  const onNonRecord = test(undefined);
  return (item) => (isRecord(item) ? test(hasOwn(item, name) ? item[name] : undefined) : onNonRecord);
}

function listMatcher(filters: readonly ListFilter[]): Matcher {
  const n = filters.length;
  if (n === 0) return () => true;
  if (n === 1) return attributeMatcher(filters[0]!.item, predicateTest(filters[0]!.operator, filters[0]!.value));
  const names = filters.map((f) => f.item);
  const tests = filters.map((f) => predicateTest(f.operator, f.value));
  // An item without attributes gets the same answer every time: each test of a missing value.
  const onNonRecord = tests.every((t) => t(undefined));
  return (item) => {
    if (!isRecord(item)) return onNonRecord;
    for (let i = 0; i < n; i++) {
      const name = names[i]!;
      if (!tests[i]!(hasOwn(item, name) ? item[name] : undefined)) return false;
    }
    return true;
  };
}

/** Taken after validation succeeded, so every entry is a plain object. */
function seal(filter: object): Seal {
  const entries = (Array.isArray(filter) ? filter : [filter]) as Partial<ListFilter>[];
  const flat: unknown[] = [];
  for (const e of entries) flat.push(e, e.item, e.operator, e.value, Array.isArray(e.value) ? e.value.slice() : null);
  return { isArray: Array.isArray(filter), length: entries.length, flat };
}

/** Whether a filter still says what it said when sealed (members, and one level into array values). */
function unchanged(filter: object, seal: Seal): boolean {
  if (!seal.isArray) return sameEntry(filter, seal.flat, 0);
  if (!Array.isArray(filter) || filter.length !== seal.length) return false;
  for (let i = 0; i < seal.length; i++) if (!sameEntry(filter[i], seal.flat, 5 * i)) return false;
  return true;
}

function sameEntry(entry: unknown, flat: readonly unknown[], j: number): boolean {
  // A replaced entry counts as a change even when it says the same: comparing identity first is the cheap test.
  if (entry !== flat[j]) return false;
  const e = entry as Partial<ListFilter>;
  if (e.item !== flat[j + 1] || e.operator !== flat[j + 2] || e.value !== flat[j + 3]) return false;
  const elements = flat[j + 4] as readonly unknown[] | null;
  if (elements === null) return true;
  const value = e.value as readonly unknown[];
  if (value.length !== elements.length) return false;
  for (let k = 0; k < elements.length; k++) if (value[k] !== elements[k]) return false;
  return true;
}
