import type { AttributeValue, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { inOrderStream, itemComparator, maxSortItemsOption, prepareEvaluate, stringifyJson, type OrderBy } from "@itemfilter/core";
import type { DynamoKeys } from "../plan/dynamoKeys.js";
import type { Covered } from "../plan/planTarget.js";
import { DynamoRunError } from "./dynamoRunError.js";
import type { ReadBudget } from "./readBudget.js";
import { requestPages, type FetchPage } from "./requestPages.js";
import { send, type Call } from "./runCalls.js";
import { readSelected } from "./unreadableItem.js";

type Item = Record<string, unknown>;
type Key = Record<string, AttributeValue>;

const UNLIMITED = { maxLength: Infinity, maxPredicates: Infinity, maxDepth: Infinity, maxInValues: Infinity };

/** A page of one request as its source read it: where it started and where the next starts (none: the last). */
export interface SourcePage {
  start: Key | undefined;
  next: Key | undefined;
  done: boolean;
}

/** What one request's source needs: how to send, what it may read, and what to note. */
export interface SourceContext {
  client: DynamoDBClient;
  TableName: string;
  keys: DynamoKeys | undefined;
  call: (signal: AbortSignal | undefined) => Call;
  signal: AbortSignal | undefined;
  counted: boolean;
  budget: ReadBudget;
  /** The most items a page of a request read in order asks for (Limit): enough for what is still wanted. */
  pageLimit?: (() => number | undefined) | undefined;
}

export interface SourceHooks {
  keep?: (item: Item) => boolean;
  onPage?: (page: SourcePage) => void;
  onItem?: (item: Item) => void;
  onPageDone?: (page: SourcePage) => void;
  /** Each item DynamoDB returned, in its order, with its key as an ExclusiveStartKey takes it, and the item when it was handed on. */
  onRaw?: (key: Key, item: Item | undefined) => void;
}

/** The attributes of an ExclusiveStartKey for a request: the table's keys, and the index's when it reads one. */
export function startKeyNames(request: Covered, keys: DynamoKeys | undefined): string[] {
  if (keys === undefined) return [];
  const index = request.input.IndexName === undefined ? undefined : keys.indexes?.find((i) => i.name === request.input.IndexName);
  return [...new Set([keys.partition, ...(keys.sort === undefined ? [] : [keys.sort]), ...(index === undefined ? [] : [index.partition, ...(index.sort === undefined ? [] : [index.sort])].flat())])];
}

/**
 * One request's matching items, page by page from `start` (a Scan in its
 * segments, for a request that is sorted anyway), each through the
 * request's residual and `keep`.
 */
export async function* requestSource(ctx: SourceContext, request: Covered, start: Key | undefined, hooks: SourceHooks = {}, inOrder = false): AsyncGenerator<Item, void, undefined> {
  const passes = request.residual === null ? null : prepareEvaluate(request.residual, UNLIMITED);
  const segments = inOrder || start !== undefined ? 1 : (request.input.TotalSegments ?? 1);
  const sent: Covered = segments === 1 && request.input.TotalSegments !== undefined ? { ...request, input: (({ TotalSegments: _t, ...rest }) => rest)(request.input) } : request;
  let first = start;
  const fetch: FetchPage = (ExclusiveStartKey, sig, Segment) => {
    const wanted = inOrder ? ctx.pageLimit?.() : undefined;
    const budgetLimit = ctx.budget.limit();
    const Limit = wanted === undefined ? budgetLimit : budgetLimit === undefined ? wanted : Math.min(wanted, budgetLimit);
    const key = ExclusiveStartKey ?? first;
    first = undefined;
    return send(ctx.client, ctx.TableName, sent, ctx.call(sig), sig, ctx.counted, {
      ...(key === undefined ? {} : { ExclusiveStartKey: key }),
      ...(Segment === undefined ? {} : { Segment }),
      ...(Limit === undefined ? {} : { Limit }),
    });
  };
  let at: Key | undefined = start;
  const names = hooks.onRaw === undefined ? [] : startKeyNames(request, ctx.keys);
  const keyOf = (raw: Key): Key => Object.fromEntries(names.filter((n) => raw[n] !== undefined).map((n) => [n, raw[n]!]));
  for await (const page of requestPages(fetch, segments, ctx.signal)) {
    ctx.budget.spend(page.ScannedCount);
    const current: SourcePage = { start: at, next: page.LastEvaluatedKey, done: false };
    at = page.LastEvaluatedKey;
    hooks.onPage?.(current);
    for (const raw of page.Items ?? []) {
      // An item the local check leaves out is passed over even when it cannot be read (readSelected).
      const item = await readSelected(ctx.client, ctx.TableName, ctx.keys, raw, passes, ctx.signal);
      const kept = item !== undefined && (hooks.keep === undefined || hooks.keep(item));
      hooks.onRaw?.(keyOf(raw), kept ? item : undefined);
      if (!kept) continue;
      hooks.onItem?.(item);
      yield item;
    }
    current.done = true;
    hooks.onPageDone?.(current);
  }
}

/** The order's comparator with the table's keys breaking ties, and the local sort's bound. */
export function orderRun(order: OrderBy, keys: DynamoKeys | undefined, maxSortItems: unknown, call: string): { compare: (a: Item, b: Item) => number; max: number; tieKeys: { primary: string; secondary?: string } | undefined } {
  const max = maxSortItemsOption(maxSortItems, call);
  const tieKeys = keys === undefined ? undefined : keys.sort === undefined ? { primary: keys.partition } : { primary: keys.partition, secondary: keys.sort };
  return { compare: itemComparator(order, tieKeys), max, tieKeys };
}

/** A request read in order as a stream in the full order; DynamoDB breaking its order is E_DYNAMO_REQUEST. */
export function orderedStream(source: AsyncIterable<Item>, order: OrderBy, compare: (a: Item, b: Item) => number): AsyncGenerator<Item, void, undefined> {
  return inOrderStream(source, order, compare, () => new DynamoRunError("E_DYNAMO_REQUEST", `DynamoDB returned a Query out of its sort key's order, so the items cannot be given in the order ${order.text}`, "this is not expected of DynamoDB; report it with the table's key schema"));
}

/**
 * The merged streams, then the requests marked `last` (items without the
 * order's value, which come after every other): those are read, sorted by
 * the keys within the bound, only once the merge is spent.
 */
export async function* thenLast<T>(merged: AsyncIterable<T>, last: () => Promise<T[]>): AsyncGenerator<T, void, undefined> {
  yield* merged;
  yield* await last();
}

/** Tells items apart in the local sort: the table's key values, or the whole item without keys. */
export function identityOf(keys: DynamoKeys | undefined): (item: Item) => string {
  if (keys === undefined) return (item) => stringifyJson(item);
  return (item) => stringifyJson([item[keys.partition] ?? null, keys.sort === undefined ? null : (item[keys.sort] ?? null)]);
}
