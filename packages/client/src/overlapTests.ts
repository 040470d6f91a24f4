import { prepareFilter, type PlanRequest } from "@itemfilter/core";
import type { Item } from "./types.js";

/** Per request of a plan: whether an item of it may also come from an earlier request, or from a later one. */
export interface Overlap {
  earlier: (item: Item) => boolean;
  later: (item: Item) => boolean;
}

const always = (): boolean => true;
const never = (): boolean => false;

/**
 * Whether a request may hand out the item, as far as the client can tell
 * locally: a listItems request's filter by core's `matches` (the service
 * selects what it selects, grammar/semantics.md) and its residual. A
 * queryItems request may hand out anything: its partition is the table's
 * primary key, and the key names a caller gives may not be the table's
 * (issue 17), so no local test can say what it returns. A filter core
 * refuses is the service's to refuse; until then it may hand out anything.
 */
function mayHandOut(request: PlanRequest, residual: (item: Item) => boolean): (item: Item) => boolean {
  if (request.operation !== "listItems") return always;
  let served: (item: unknown) => boolean;
  try {
    // Any number of `in` values: the plan's limits were the caller's to set.
    served = prepareFilter(request.filter, { maxInValues: Number.MAX_SAFE_INTEGER });
  } catch {
    return always;
  }
  return (item) => served(item) && residual(item);
}

function anyOf(tests: readonly ((item: Item) => boolean)[]): (item: Item) => boolean {
  if (tests.length === 0) return never;
  if (tests.includes(always)) return always;
  if (tests.length === 1) return tests[0]!;
  return (item) => {
    for (const test of tests) if (test(item)) return true;
    return false;
  };
}

/**
 * For each request of a plan, which of its items can be duplicates: an item
 * handed out by requests i < j passes both their local tests, so request i
 * need remember only items that pass a later request's test (`later`), and
 * request j need look up only items that pass an earlier one's (`earlier`).
 * Every other item is handed out by its request alone, and needs no digest.
 * `residuals` are the requests' residual tests, in plan order.
 */
export function overlapTests(requests: readonly PlanRequest[], residuals: readonly ((item: Item) => boolean)[]): Overlap[] {
  const handOut = requests.map((request, i) => mayHandOut(request, residuals[i]!));
  return requests.map((_, r) => ({ earlier: anyOf(handOut.slice(0, r)), later: anyOf(handOut.slice(r + 1)) }));
}
