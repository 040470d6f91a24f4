import type { DynamoKeys } from "../plan/dynamoKeys.js";
import type { DynamoRequest } from "../plan/planDynamo.js";
import { DynamoRunError } from "./dynamoRunError.js";

/**
 * maxItemsRead: what a run may read, counted as DynamoDB counts it
 * (ScannedCount, before the FilterExpression). Each page asks for at most the
 * budget left (and 1 when it is spent, to learn whether anything is left), so
 * a run reads at most one item past the bound before it stops.
 */
export interface ReadBudget {
  /** The page Limit to send, or undefined when there is no bound. */
  limit(): number | undefined;
  /** Counts a page's ScannedCount; past the bound, the E_DYNAMO_READ_LIMIT error. */
  spend(scanned: number | undefined): void;
}

export function readBudget(table: string, max: number | undefined): ReadBudget {
  let read = 0;
  return {
    limit: () => (max === undefined ? undefined : Math.max(1, max - read)),
    spend(scanned) {
      read += scanned ?? 0;
      if (max !== undefined && read > max) {
        throw new DynamoRunError(
          "E_DYNAMO_READ_LIMIT",
          `this filter read more than ${max} ${max === 1 ? "item" : "items"} of table '${table}', the most it may read; nothing more was read`,
          "narrow the filter to a partition or an index (explain shows the plan), or raise maxItemsRead",
          { params: { table, limit: max, read } },
        );
      }
    },
  };
}

/** Before anything is sent: a Scan reads the whole table, which DescribeTable's item count estimates. */
export function checkEstimate(table: string, requests: readonly DynamoRequest[], keys: DynamoKeys | undefined, max: number | undefined): void {
  const items = keys?.itemCount;
  if (max === undefined || items === undefined || items <= max || !requests.some((r) => r.command === "Scan")) return;
  throw new DynamoRunError(
    "E_DYNAMO_READ_LIMIT",
    `this filter has to read the whole table '${table}', about ${items} items, more than the ${max} it may read`,
    "nothing was sent; the estimate is DescribeTable's ItemCount: narrow the filter to a partition or an index, or raise maxItemsRead",
    { params: { table, limit: max, estimate: items } },
  );
}
