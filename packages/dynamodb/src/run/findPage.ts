import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { checkFields, format, prepareEvaluate } from "@itemfilter/core";
import { toDocument } from "../compile/toDocument.js";
import { planDynamo, type DynamoRequest } from "../plan/planDynamo.js";
import { COVERS, type Covered } from "../plan/planTarget.js";
import { fieldsPicker } from "../plan/projection.js";
import { cursorBinding, readCursor, writeCursor, type CursorState } from "./dynamoCursor.js";
import { forgetTable } from "./describeTable.js";
import { describes, settle, shapeFor, staleShape, type FindAllOptions } from "./findAll.js";
import { BATCH_GET_KEYS, fetchItems } from "./fetchItems.js";
import type { DynamoKeys } from "../plan/dynamoKeys.js";
import { createBackoff } from "./retryPolicy.js";
import { callFor, send, typedKeys } from "./runCalls.js";

function withoutCounts(keys: DynamoKeys): DynamoKeys {
  const { itemCount: _items, sizeBytes: _size, indexes, ...rest } = keys;
  return { ...rest, ...(indexes === undefined ? {} : { indexes: indexes.map(({ itemCount: _count, ...index }) => index) }) };
}
import { readItem } from "./unreadableItem.js";

/** The most items one page may ask for (as the service client's findPage). */
export const MAX_PAGE_LIMIT = 10_000;

export interface FindPageOptions extends Omit<FindAllOptions, "limit" | "maxItemsRead" | "segments"> {
  /** The items on this page, 1 to 10,000. */
  limit: number;
  /** The previous page's cursor; none for the first page. */
  cursor?: string;
}

export interface FindPageResult<T> {
  items: T[];
  /** Present only when more items follow: the last page never comes empty after a full one. */
  cursor?: string;
}

const UNLIMITED = { maxLength: Infinity, maxPredicates: Infinity, maxDepth: Infinity, maxInValues: Infinity };

/**
 * One page of the items findAll gives out, in findAll's order: `limit`
 * items from where the cursor says, and a cursor when another item follows.
 * Queries where the filter pins a partition or an index's key, as findAll;
 * a Scan is read in one segment, so that pages follow one order. The cursor
 * carries the whole state (the request, the ExclusiveStartKey of the
 * DynamoDB page the next item is on, and its place there), sealed to the
 * table, the filter, the plan (each request's index) and the keys: nothing
 * is kept between pages, and an altered or foreign cursor is E_CURSOR
 * before anything is sent. An item an earlier request gave out is told
 * apart by that request's exact condition, so the pages joined are findAll's
 * items, each once.
 */
export async function findPage<T = Record<string, unknown>>(client: DynamoDBClient, options: FindPageOptions): Promise<FindPageResult<T>> {
  try {
    return await onePage<T>(client, options);
  } catch (error) {
    // A shape DescribeTable gave that DynamoDB refuses (an index dropped): read it again and make the page on it, once.
    const { limit: _limit, cursor: _cursor, ...rest } = options;
    const settled = settle(rest as FindAllOptions);
    if (!describes(settled) || !staleShape(error)) throw error;
    forgetTable(client, settled.TableName);
    return onePage<T>(client, options);
  }
}

async function onePage<T>(client: DynamoDBClient, options: FindPageOptions): Promise<FindPageResult<T>> {
  const { limit, cursor, ...rest } = (options ?? {}) as FindPageOptions;
  if (!(Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_PAGE_LIMIT)) throw new TypeError(`findPage: limit takes a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  const settled = settle(rest as FindAllOptions);
  const { filter, signal, TableName, retry, onEvent, limit: _limit, describe: _describe, ...planOptions } = settled;
  const { keys: _keys, maxRequests: _max, consistentRead: _consistent, allowScan: _allow, fields: givenFields, fetch: _fetch, ...parseOptions } = planOptions;
  const fields = givenFields === undefined ? undefined : checkFields(givenFields);
  const doc = toDocument(filter, parseOptions, "findPage");
  const backoff = createBackoff(retry);
  const call = callFor(TableName, backoff, onEvent)(signal);
  // Bad filter text is refused before DynamoDB is asked for the table's shape.
  if (describes(settled)) planDynamo(filter, { ...planOptions, allowScan: true, segments: 1 });
  const shape = await shapeFor(client, settled, call, signal);
  let requests: Covered[] = planDynamo(filter, { ...planOptions, ...(shape === undefined ? {} : { keys: shape }), segments: 1 });
  const typed = await typedKeys(client, TableName, shape, requests, call, signal);
  const keys = typed ?? shape;
  if (typed !== undefined) requests = planDynamo(filter, { ...planOptions, keys, segments: 1 });
  const pick = fields === undefined ? undefined : fieldsPicker(fields, doc, keys);
  // The counts DescribeTable reports change every few hours: a cursor is bound to the keys and indexes, not to them.
  const binding = cursorBinding(TableName, format(doc), requests.map(({ reason: _reason, refused: _refused, ...r }) => r), keys === undefined ? undefined : withoutCounts(keys));
  const start: CursorState = cursor === undefined ? { request: 0, skip: 0 } : readCursor(cursor, binding, requests.length);
  const covers = requests.map((r) => (r[COVERS] === undefined ? () => true : prepareEvaluate(r[COVERS], UNLIMITED)));
  const items: Record<string, unknown>[] = [];
  for (let index = start.request; index < requests.length; index++) {
    const request: DynamoRequest = requests[index]!;
    const passes = request.residual === null ? null : prepareEvaluate(request.residual, UNLIMITED);
    const fetched = request.fetch === undefined ? null : covers[index]!;
    let key = index === start.request ? start.startKey : undefined;
    let skip = index === start.request ? start.skip : 0;
    do {
      const page = await send(client, TableName, request, call, signal, onEvent !== undefined, key === undefined ? {} : { ExclusiveStartKey: key });
      const raws = page.Items ?? [];
      let whole: (typeof raws[number] | undefined)[] = raws;
      let from = -1;
      for (let at = skip; at < raws.length; at++) {
        if (fetched !== null && (from < 0 || at >= from + BATCH_GET_KEYS)) {
          // The index's items give keys: the whole items are fetched 100 at a time, from this place on.
          from = at;
          whole = [...raws.slice(0, at), ...(await fetchItems(client, TableName, request, raws.slice(at, at + BATCH_GET_KEYS), call, backoff, signal, onEvent !== undefined))];
        }
        const raw = whole[at];
        // An item deleted since the index was written is skipped; one changed since is checked as it is now.
        if (raw === undefined) continue;
        const item = await readItem(client, TableName, keys, raw, signal);
        if (fetched !== null && !fetched(item)) continue;
        if (passes !== null && !passes(item)) continue;
        if (covers.slice(0, index).some((earlier) => earlier(item))) continue;
        if (items.length === limit) return { items: items as T[], cursor: writeCursor(binding, { request: index, ...(key === undefined ? {} : { startKey: key }), skip: at }) };
        items.push(pick === undefined ? item : pick(item));
      }
      skip = 0;
      key = page.LastEvaluatedKey;
    } while (key !== undefined);
  }
  return { items: items as T[] };
}
