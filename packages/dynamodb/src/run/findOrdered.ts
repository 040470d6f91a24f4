import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { checkFields, fromArray, mergeOrdered, schemaFields, sortStage } from "@itemfilter/core";
import { toDocument } from "../compile/toDocument.js";
import { orderOption, orderTooLarge, planOrdered } from "../plan/orderDynamo.js";
import type { Covered } from "../plan/planTarget.js";
import { fieldsPicker } from "../plan/projection.js";
import { settle, type ExplainedRequest, type FindAllOptions } from "./findAll.js";
import { checkEstimate, readBudget } from "./readBudget.js";
import { createBackoff } from "./retryPolicy.js";
import { callFor, typedKeys } from "./runCalls.js";
import { identityOf, orderedStream, orderRun, requestSource, thenLast, type SourceContext } from "./orderedSource.js";

/** findAll's and explain's options with an order. */
export interface OrderOptions {
  /** `"PATH"`, `"PATH asc"` or `"PATH desc"`: the items in this order (grammar/semantics.md, Order). */
  orderBy?: string;
  /** The most items a local sort may hold (10,000 when left out); past it, E_ORDER_TOO_LARGE before any item. */
  maxSortItems?: number;
}

type Item = Record<string, unknown>;

/** explain with orderBy: each request with `order` (read in order or sorted, and why), a Query read backwards for `desc`. */
export function explainOrdered(options: Omit<FindAllOptions, "signal" | "limit">): ExplainedRequest[] {
  const { orderBy, maxSortItems: _max, ...rest } = options;
  const order = orderOption(orderBy, "explain");
  const { TableName, filter, retry: _retry, onEvent: _onEvent, maxItemsRead: _read, ...planOptions } = settle(rest as FindAllOptions);
  return planOrdered(filter, planOptions, order).map((r) => ({ ...r, input: { TableName, ...r.input } }));
}

/**
 * findAll with orderBy: the Queries read in order become streams, merged
 * (each read a page at a time, Limit sized to what is still wanted); the
 * other requests are read whole and sorted locally within maxSortItems.
 * allowScan, maxItemsRead and limit apply as for findAll.
 */
export function findAllOrdered<T>(client: DynamoDBClient, options: FindAllOptions): AsyncGenerator<T, void, undefined> {
  const { orderBy, maxSortItems, ...rest } = options;
  const order = orderOption(orderBy, "findAll");
  const settled = settle(rest as FindAllOptions);
  const { filter, limit, signal: _signal, TableName: _table, retry, onEvent: _onEvent, maxItemsRead, ...planOptions } = settled;
  const run = orderRun(order, planOptions.keys, maxSortItems, "findAll");
  const planned = planOrdered(filter, planOptions, order);
  checkEstimate(settled.TableName, planned, planOptions.keys, maxItemsRead);
  return runOrdered(client, settled, planned, order, run, createBackoff(retry)) as AsyncGenerator<T, void, undefined>;
}

async function* runOrdered(
  client: DynamoDBClient,
  options: FindAllOptions & { TableName: string },
  planned: Covered[],
  order: ReturnType<typeof orderOption>,
  run: ReturnType<typeof orderRun>,
  backoff: ReturnType<typeof createBackoff>,
): AsyncGenerator<Item, void, undefined> {
  const { TableName, filter, limit, signal, retry: _retry, onEvent, maxItemsRead, ...planOptions } = options;
  const { keys: _keys, maxRequests: _max, consistentRead: _consistent, allowScan: _allow, segments: _segments, fields: _fields, ...parseOptions } = planOptions;
  const fields = planOptions.fields === undefined ? undefined : schemaFields(checkFields(planOptions.fields), planOptions.schema);
  const callWith = callFor(TableName, backoff, onEvent);
  const typed = await typedKeys(client, TableName, planOptions.keys, planned, callWith(signal), signal);
  const keys = typed ?? planOptions.keys;
  const requests = typed === undefined ? planned : planOrdered(filter, { ...planOptions, keys }, order);
  const pick = fields === undefined ? undefined : fieldsPicker(fields, toDocument(filter, parseOptions, "findAll"), keys);
  if (limit === 0) return;
  let given = 0;
  const ctx: SourceContext = {
    client,
    TableName,
    keys,
    call: callWith,
    signal,
    counted: onEvent !== undefined,
    budget: readBudget(TableName, maxItemsRead),
    // A stream read in order asks for what the caller still wants, and one more to know what follows.
    pageLimit: () => (limit === undefined ? undefined : limit - given + 1),
  };
  const tooLarge = () => orderTooLarge(order, keys, run.max);
  const sorted = requests.filter((r) => r.order?.how !== "inOrder" && r.order?.last !== true).map((r) => requestSource(ctx, r, undefined));
  const held = sorted.length === 0 ? [] : await sortStage(sorted, run.compare, run.max, identityOf(keys), tooLarge);
  const last = requests.filter((r) => r.order?.last === true);
  const tail = (): Promise<Item[]> => (last.length === 0 ? Promise.resolve([]) : sortStage(last.map((r) => requestSource(ctx, r, undefined)), run.compare, run.max, identityOf(keys), tooLarge));
  const streams = requests.filter((r) => r.order?.how === "inOrder").map((r) => orderedStream(requestSource(ctx, r, undefined, {}, true), order, run.compare));
  if (held.length > 0) streams.push(fromArray(held));
  try {
    for await (const item of thenLast(mergeOrdered(streams, run.compare), tail)) {
      given++;
      yield pick === undefined ? item : pick(item);
      if (given === limit) return;
    }
  } finally {
    for (const stream of streams) void stream.return(undefined).catch(() => {});
  }
}
