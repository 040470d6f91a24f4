import { DEFAULT_LIMITS, isExactNumber, matches, prepareEvaluate, type ParseOptions, type PlanKeys, type PlanRequest } from "@itemfilter/core";
import type { Item } from "./types.js";

/** What the service counts as a secondary key: an own member that is not null (as the emulator reads a table). */
function hasMember(item: Item, name: string): boolean {
  return Object.hasOwn(item, name) && item[name] !== null;
}

/**
 * Whether an item's key value is the request's: an ExactNumber is another
 * object for each reading, so two are the same when their digits are (a
 * double and an ExactNumber never are: a double's value is never an ExactNumber).
 */
function sameKey(value: unknown, key: unknown): boolean {
  return value === key || (isExactNumber(value) && isExactNumber(key) && String(value) === String(key));
}

/** Whether the service answers this request with the item: its filter (and partition) as core's `matches` reads them. */
function servedBy(request: PlanRequest, keys: PlanKeys | undefined): (item: Item) => boolean {
  if (request.operation === "listItems") return (item) => matches(item, request.filter);
  const secondary = keys?.secondary;
  const primary = keys?.primary;
  // key.primary without a filter reads the whole partition, items without the secondary key too.
  const partition = request.key?.primary;
  if (partition !== undefined && request.filter === undefined) return (item) => primary !== undefined && sameKey(item[primary], partition);
  return (item) =>
    (secondary === undefined || hasMember(item, secondary)) &&
    (request.key === undefined || (primary !== undefined && sameKey(item[primary], request.key.primary))) &&
    (request.filter === undefined || secondary === undefined || matches(item, request.filter, { secondaryKey: secondary }));
}

/**
 * For each request of a plan, a test of whether an item was already handed
 * out by an earlier request (served by it and passing its residual). A run
 * that starts in the middle of a plan, as a page from a cursor does, tells
 * duplicates apart this way, without the items of the earlier pages: the
 * plan alone says which request hands an item out first.
 */
export function servedBefore(requests: readonly PlanRequest[], keys: PlanKeys | undefined, parseOptions: ParseOptions | undefined): ((item: Item) => boolean)[] {
  // Residuals are the plan's own canonical text of an accepted filter, parsed as runPlan parses them.
  const limits: ParseOptions = { maxLength: Number.MAX_SAFE_INTEGER, maxPredicates: Number.MAX_SAFE_INTEGER, maxInValues: Number.MAX_SAFE_INTEGER, maxDepth: parseOptions?.maxDepth ?? DEFAULT_LIMITS.maxDepth };
  const handedOut = requests.map((request) => {
    const served = servedBy(request, keys);
    if (request.residual === null) return served;
    const residual = prepareEvaluate(request.residual, limits);
    return (item: Item) => served(item) && residual(item);
  });
  return requests.map((_, index) => (item) => {
    for (let j = 0; j < index; j++) if (handedOut[j]!(item)) return true;
    return false;
  });
}
