import type { OrderBy } from "../semantics/orderBy.js";
import { quoteName } from "../scan/quote.js";
import type { Plan, PlanKeys, PlanRequest, RequestOrder } from "./planTypes.js";

/**
 * An ordered plan: each request marked read in order (a partition query whose
 * secondary key is the order's attribute: the service returns a partition
 * in that order, backwards with `searchForward: false` for `desc`) or
 * sorted locally, with why; and how the plan joins them. The requests are
 * those of the unordered plan: the order never changes what is read.
 */
export function orderPlan(plan: Plan, order: OrderBy, keys: PlanKeys | undefined): Plan {
  const by = order.text.slice(0, order.text.lastIndexOf(" "));
  const secondary = keys?.secondary;
  const servesOrder = secondary !== undefined && order.path === undefined && order.name === secondary;
  const requests = plan.requests.map((r): PlanRequest => {
    if (r.operation === "queryItems" && r.key !== undefined && servesOrder) {
      const why = `a partition comes in its secondary key ${quoteName(secondary)}'s order${order.direction === "desc" ? ", read backwards (searchForward false)" : ""}`;
      return { ...r, ...(order.direction === "desc" ? { searchForward: false as const } : {}), order: { how: "inOrder", why } };
    }
    return { ...r, order: { how: "sorted", why: sortedWhy(r, by, keys) } satisfies RequestOrder };
  });
  const inOrder = requests.filter((r) => r.order!.how === "inOrder").length;
  const how = inOrder === 0 && requests.length > 0 ? "sorted" : requests.length <= 1 ? "inOrder" : "merged";
  return { ...plan, requests, order: { by: order.text, how } };
}

function sortedWhy(r: PlanRequest, by: string, keys: PlanKeys | undefined): string {
  const serving = keys?.secondary === undefined ? "" : `; a partition query (${quoteName(keys.primary)} = value) would come in ${quoteName(keys.secondary)} order`;
  if (r.operation === "listItems") return `listItems returns items in key order, not by ${by}${serving}`;
  if (r.key === undefined) return `this query comes in secondary-key order, not by ${by}`;
  return keys?.secondary === undefined ? `a partition query of a table without a secondary key comes in no order` : `a partition query comes in ${quoteName(keys.secondary)} order, not by ${by}`;
}
