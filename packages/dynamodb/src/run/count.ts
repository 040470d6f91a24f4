import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { prepareEvaluate, stringifyJson, type FilterNode } from "@itemfilter/core";
import { planDynamo } from "../plan/planDynamo.js";
import { COVERS, partitionOf, type Covered } from "../plan/planTarget.js";
import { settle, type FindAllOptions } from "./findAll.js";
import { checkEstimate, readBudget } from "./readBudget.js";
import { requestPages, type FetchPage } from "./requestPages.js";
import { createBackoff } from "./retryPolicy.js";
import { callFor, send, typedKeys } from "./runCalls.js";
import { readSelected } from "./unreadableItem.js";

/** What count takes: findAll's options, without what shapes the items it would give. */
export type CountOptions = Omit<FindAllOptions, "limit" | "fields">;

const UNLIMITED = { maxLength: Infinity, maxPredicates: Infinity, maxDepth: Infinity, maxInValues: Infinity };

/**
 * How many items `findAll` gives for these options, without keeping any. A
 * request with no local check whose items no earlier request can give
 * (the first, or a Query of another partition of the same table or index)
 * is sent with `Select: "COUNT"` (a Scan in its parallel segments) and
 * DynamoDB's counts are summed; any other request reads its items and
 * counts those that pass its local check and that no earlier request gave
 * out. maxItemsRead applies as for findAll (a COUNT reads items too).
 */
export async function count(client: DynamoDBClient, options: CountOptions): Promise<number> {
  const settled = settle({ ...(options as FindAllOptions), limit: undefined });
  const { filter, signal, TableName, retry, onEvent, maxItemsRead, limit: _limit, ...planOptions } = settled;
  const { fields: _fields, ...given } = planOptions;
  // count checks an index's items as the whole items: no index whose items would have to be fetched by key.
  const plan = { ...given, fetch: false };
  let requests: Covered[] = planDynamo(filter, plan);
  checkEstimate(TableName, requests, plan.keys, maxItemsRead);
  const call = callFor(TableName, createBackoff(retry), onEvent);
  const typed = await typedKeys(client, TableName, plan.keys, requests, call(signal), signal);
  const keys = typed ?? plan.keys;
  if (typed !== undefined) requests = planDynamo(filter, { ...plan, keys });
  const budget = readBudget(TableName, maxItemsRead);
  const covers = requests.map((r) => (r[COVERS] === undefined ? () => true : prepareEvaluate(r[COVERS], UNLIMITED)));
  let total = 0;
  for (let index = 0; index < requests.length; index++) {
    const request = requests[index]!;
    const counted = request.residual === null && requests.slice(0, index).every((earlier) => disjoint(earlier, request));
    const { Select: _select, ProjectionExpression: _projection, ...input } = request.input;
    const sent: Covered = counted ? { ...request, input: { ...input, Select: "COUNT" } } : request;
    const fetch: FetchPage = (ExclusiveStartKey, sig, Segment) =>
      send(client, TableName, sent, call(sig), sig, onEvent !== undefined, {
        ...(ExclusiveStartKey === undefined ? {} : { ExclusiveStartKey }),
        ...(Segment === undefined ? {} : { Segment }),
        ...(budget.limit() === undefined ? {} : { Limit: budget.limit() }),
      });
    const passes = request.residual === null ? null : prepareEvaluate(request.residual, UNLIMITED);
    for await (const page of requestPages(fetch, request.input.TotalSegments ?? 1, signal)) {
      budget.spend(page.ScannedCount);
      if (counted) {
        total += page.Count ?? 0;
        continue;
      }
      for (const raw of page.Items ?? []) {
        const item = await readSelected(client, TableName, keys, raw, passes, signal);
        if (item === undefined) continue;
        if (covers.slice(0, index).some((earlier) => earlier(item))) continue;
        total++;
      }
    }
  }
  return total;
}

/** Whether two requests can give no item in common: Queries of different partitions of the same key (the same table or index). */
function disjoint(a: Covered, b: Covered): boolean {
  if (a.command !== "Query" || b.command !== "Query") return false;
  const name = (r: Covered): string | undefined => {
    const covers: FilterNode | undefined = r[COVERS];
    const first = covers?.type === "And" ? covers.operands[0] : covers;
    return first?.type === "Predicate" ? first.attribute?.name : undefined;
  };
  const pa = partitionOf(a);
  const pb = partitionOf(b);
  const na = name(a);
  return na !== undefined && na === name(b) && pa !== undefined && pb !== undefined && stringifyJson(pa) !== stringifyJson(pb);
}
