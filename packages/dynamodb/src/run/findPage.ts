import type { AttributeValue, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { checkFields, schemaFields, format, prepareEvaluate, resolvedDates, resolveNow } from "@itemfilter/core";
import { toDocument } from "../compile/toDocument.js";
import { planDynamo, type DynamoRequest } from "../plan/planDynamo.js";
import { COVERS, type Covered } from "../plan/planTarget.js";
import { fieldsPicker } from "../plan/projection.js";
import { cursorBinding, cursorNow, readCursor, writeCursor, type CursorState } from "./dynamoCursor.js";
import type { DynamoKeys } from "../plan/dynamoKeys.js";
import { forgetTable } from "./describeTable.js";
import { BATCH_GET_KEYS, fetchItems } from "./fetchItems.js";
import { describes, settle, shapeFor, staleShape, type FindAllOptions } from "./findAll.js";
import { createBackoff } from "./retryPolicy.js";
import { callFor, send, typedKeys } from "./runCalls.js";
import { findPageOrdered } from "./findPageOrdered.js";
import { keyOfItem, projectingNames, resumeNames } from "./resumeKey.js";
import { readSelected, tableKeyNames } from "./unreadableItem.js";
import { DynamoRunError } from "./dynamoRunError.js";

/** The key to resume after an item from: its own values of the key attributes. */
function resumeAfter(raw: Record<string, AttributeValue>, names: readonly string[]): Record<string, AttributeValue> {
  const key = keyOfItem(raw, names);
  if (key === undefined) throw new DynamoRunError("E_CURSOR", `an item came without its key attributes (${names.join(", ")}), so a page has nowhere to resume from`, "this is not expected; report it");
  return key;
}

function withoutCounts(keys: DynamoKeys): DynamoKeys {
  const { itemCount: _items, sizeBytes: _size, indexes, ...rest } = keys;
  return { ...rest, ...(indexes === undefined ? {} : { indexes: indexes.map(({ itemCount: _count, ...index }) => index) }) };
}

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
 * carries the whole state (the request, and the key of the last item handed
 * out in it, after which DynamoDB resumes: never a key DynamoDB stopped on,
 * which may be an item the filter or the app's scope leaves out), sealed to the
 * table, the filter, the plan (each request's index) and the keys: nothing
 * is kept between pages, and an altered or foreign cursor is E_CURSOR
 * before anything is sent. An item an earlier request gave out is told
 * apart by that request's exact condition, so the pages joined are findAll's
 * items, each once.
 */
export async function findPage<T = Record<string, unknown>>(client: DynamoDBClient, options: FindPageOptions): Promise<FindPageResult<T>> {
  if (options?.orderBy !== undefined) return findPageOrdered<T>(client, options, MAX_PAGE_LIMIT);
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
  // Relative dates resolve against the first page's `now` on every page, whatever the clock or the option says later.
  const frozen = cursorNow(cursor);
  const settled = settle(frozen === undefined ? (rest as FindAllOptions) : ({ ...rest, now: frozen } as FindAllOptions));
  const { filter, signal, TableName, retry, onEvent, limit: _limit, describe: _describe, ...planOptions } = settled;
  const { keys: _keys, maxRequests: _max, consistentRead: _consistent, allowScan: _allow, fields: givenFields, fetch: _fetch, ...parseOptions } = planOptions;
  const fields = givenFields === undefined ? undefined : schemaFields(checkFields(givenFields), parseOptions.schema);
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
  const start: CursorState = cursor === undefined ? { request: 0 } : readCursor(cursor, binding, requests.length);
  // Only a filter with relative dates carries its `now`: other cursors stay as they were.
  const dated = resolvedDates(doc.body).length > 0 ? { now: resolveNow("findPage", settled.now) } : {};
  const covers = requests.map((r) => (r[COVERS] === undefined ? () => true : prepareEvaluate(r[COVERS], UNLIMITED)));
  // A cursor resumes after the last item handed out, from that item's own key (never from a key DynamoDB stopped on,
  // which may be an item the filter or the app's scope leaves out): so the items read must carry their key attributes.
  let tableKeys: string[] | undefined = keys === undefined ? undefined : [keys.partition, ...(keys.sort === undefined ? [] : [keys.sort])];
  const keyNames = async (): Promise<string[]> => {
    tableKeys ??= await tableKeyNames(client, TableName, signal);
    if (tableKeys === undefined) throw new DynamoRunError("E_CURSOR", `DescribeTable gave no key schema for '${TableName}', so a page has nowhere to resume from`, "give findPage the table's keys");
    return tableKeys;
  };
  if (requests.some((r) => r.input.ProjectionExpression !== undefined)) {
    const names = await keyNames();
    requests = requests.map((r) => projectingNames(r, resumeNames(names, keys, r)));
  }
  const items: Record<string, unknown>[] = [];
  let last: { request: number; raw: Record<string, AttributeValue> } | undefined;
  for (let index = start.request; index < requests.length; index++) {
    const request: DynamoRequest = requests[index]!;
    const passes = request.residual === null ? null : prepareEvaluate(request.residual, UNLIMITED);
    // An item fetched by key is checked as it is now against what the request gives out (the index is eventually consistent).
    const current = request.fetch === undefined ? null : covers[index]!;
    const checks = current === null ? passes : (item: unknown) => current(item) && (passes === null || passes(item));
    let key = index === start.request ? start.startKey : undefined;
    do {
      const page = await send(client, TableName, request, call, signal, onEvent !== undefined, key === undefined ? {} : { ExclusiveStartKey: key });
      const raws = page.Items ?? [];
      let whole: (Record<string, AttributeValue> | undefined)[] = raws;
      for (let at = 0; at < raws.length; at++) {
        // The index's items give keys: the whole items are fetched 100 at a time, as they are reached.
        if (request.fetch !== undefined && at % BATCH_GET_KEYS === 0) whole = [...raws.slice(0, at), ...(await fetchItems(client, TableName, request, raws.slice(at, at + BATCH_GET_KEYS), call, backoff, signal, onEvent !== undefined))];
        // The index's own item: a page resumes after it (a fetched item may have changed its index keys since).
        const raw = raws[at]!;
        const read = whole[at];
        // An item deleted since the index was written is skipped.
        if (read === undefined) continue;
        const item = await readSelected(client, TableName, keys, read, checks, signal);
        if (item === undefined) continue;
        if (covers.slice(0, index).some((earlier) => earlier(item))) continue;
        if (items.length === limit) {
          // Another item follows: the next page starts after the last one handed out, or at this request's start.
          const after = last?.request === index ? resumeAfter(last.raw, resumeNames(await keyNames(), keys, request)) : undefined;
          return { items: items as T[], cursor: writeCursor(binding, { request: index, ...(after === undefined ? {} : { startKey: after }), ...dated }) };
        }
        items.push(pick === undefined ? item : pick(item));
        last = { request: index, raw };
      }
      key = page.LastEvaluatedKey;
    } while (key !== undefined);
  }
  return { items: items as T[] };
}

