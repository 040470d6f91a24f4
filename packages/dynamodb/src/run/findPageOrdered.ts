import type { AttributeValue, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { checkFields, schemaFields, comparePoints, format, fromArray, mergeOrdered, orderPoint, resolvedDates, resolveNow, sortStage, type OrderPoint } from "@itemfilter/core";
import { toDocument } from "../compile/toDocument.js";
import { orderOption, orderTooLarge, planOrdered } from "../plan/orderDynamo.js";
import type { Covered } from "../plan/planTarget.js";
import { fieldsPicker } from "../plan/projection.js";
import { settle, type FindAllOptions } from "./findAll.js";
import type { FindPageOptions, FindPageResult } from "./findPage.js";
import { orderBinding, orderCursorNow, readOrderCursor, writeOrderCursor, type OrderCursorState } from "./orderCursor.js";
import { identityOf, orderedStream, orderRun, requestSource, startKeyNames, thenLast, type SourceContext, type SourcePage } from "./orderedSource.js";
import { projectingNames } from "./resumeKey.js";
import { readBudget } from "./readBudget.js";
import { createBackoff } from "./retryPolicy.js";
import { callFor, typedKeys } from "./runCalls.js";

type Item = Record<string, unknown>;
type Key = Record<string, AttributeValue>;

/** What one Query read on this page: each item DynamoDB returned, in its order, with its key (and the item, when handed on), and whether it is spent. */
interface Reading {
  raws: { key: Key; item: Item | undefined }[];
  pages: SourcePage[];
}

/**
 * findPage with orderBy: `limit` items after the cursor's point in the
 * order. The cursor holds that point and, per Query read in order, the
 * ExclusiveStartKey where its unread part begins; each is read again from
 * there with Limit sized to the page (items up to the point left out), so
 * page 50 reads what pages 1–49 did not, plus at most a page per Query.
 * Requests sorted locally are read again for each page.
 */
export async function findPageOrdered<T>(client: DynamoDBClient, options: FindPageOptions & { maxSortItems?: number }, maxPageLimit: number): Promise<FindPageResult<T>> {
  const { limit, cursor, orderBy, maxSortItems, ...rest } = options;
  if (!(Number.isSafeInteger(limit) && limit >= 1 && limit <= maxPageLimit)) throw new TypeError(`findPage: limit takes a whole number from 1 to ${maxPageLimit}`);
  const order = orderOption(orderBy, "findPage");
  // Relative dates resolve against the first page's `now` on every page, whatever the clock or the option says later.
  const frozen = orderCursorNow(cursor);
  const settled = settle(frozen === undefined ? (rest as FindAllOptions) : ({ ...rest, now: frozen } as FindAllOptions));
  const { filter, signal, TableName, retry, onEvent, limit: _limit, maxItemsRead, ...planOptions } = settled;
  const { keys: _keys, maxRequests: _max, consistentRead: _consistent, allowScan: _allow, segments: _segments, fields: givenFields, ...parseOptions } = planOptions;
  const fields = givenFields === undefined ? undefined : schemaFields(checkFields(givenFields), parseOptions.schema);
  const doc = toDocument(filter, parseOptions, "findPage");
  const callWith = callFor(TableName, createBackoff(retry), onEvent);
  let requests: Covered[] = planOrdered(filter, planOptions, order);
  const typed = await typedKeys(client, TableName, planOptions.keys, requests, callWith(signal), signal);
  const keys = typed ?? planOptions.keys;
  if (typed !== undefined) requests = planOrdered(filter, { ...planOptions, keys }, order);
  // A Query read in order resumes after an item given out, from its own key: with fields, the key attributes are read too.
  requests = requests.map((r) => (r.order?.how === "inOrder" ? projectingNames(r, startKeyNames(r, keys)) : r));
  const run = orderRun(order, keys, maxSortItems, "findPage");
  const pick = fields === undefined ? undefined : fieldsPicker(fields, doc, keys);
  const binding = orderBinding(TableName, format(doc), order.text, requests, keys);
  const start: { point: OrderPoint | undefined; positions: OrderCursorState["positions"] } =
    cursor === undefined ? { point: undefined, positions: requests.map(() => null) } : readOrderCursor(cursor, binding, requests.length);
  // Only a filter with relative dates carries its `now`: other cursors stay as they were.
  const dated = resolvedDates(doc.body).length > 0 ? { now: resolveNow("findPage", settled.now) } : {};
  if (requests.length === 0) return { items: [] };
  const point = start.point;
  const after = (item: Item): boolean => point === undefined || comparePoints(order, orderPoint(order, run.tieKeys, item), point) > 0;
  let taken = 0;
  const ctx: SourceContext = {
    client,
    TableName,
    keys,
    call: callWith,
    signal,
    counted: onEvent !== undefined,
    budget: readBudget(TableName, maxItemsRead),
    pageLimit: () => limit - taken + 1,
  };
  const readings = new Map<number, Reading>();
  const tooLarge = () => orderTooLarge(order, keys, run.max);
  const sorted = requests.filter((r) => r.order?.how !== "inOrder" && r.order?.last !== true).map((r) => requestSource(ctx, r, undefined, { keep: after }));
  const held = sorted.length === 0 ? [] : await sortStage(sorted, run.compare, run.max, identityOf(keys), tooLarge);
  const lastRequests = requests.filter((r) => r.order?.last === true);
  const tail = (): Promise<Item[]> => (lastRequests.length === 0 ? Promise.resolve([]) : sortStage(lastRequests.map((r) => requestSource(ctx, r, undefined, { keep: after })), run.compare, run.max, identityOf(keys), tooLarge));
  const streams: AsyncGenerator<Item, void, undefined>[] = [];
  requests.forEach((r, i) => {
    const from = start.positions[i];
    if (r.order?.how !== "inOrder" || from === "done") return;
    const reading: Reading = { raws: [], pages: [] };
    readings.set(i, reading);
    const source = requestSource(ctx, r, from ?? undefined, { keep: after, onPage: (at) => void reading.pages.push(at), onRaw: (key, item) => void reading.raws.push({ key, item }) }, true);
    streams.push(orderedStream(source, order, run.compare));
  });
  if (held.length > 0) streams.push(fromArray(held));
  const items: Item[] = [];
  try {
    for await (const item of thenLast(mergeOrdered(streams, run.compare), tail)) {
      items.push(item);
      taken = items.length;
      if (items.length > limit) break;
    }
  } finally {
    for (const stream of streams) void stream.return(undefined).catch(() => {});
  }
  const out = (list: Item[]): T[] => (pick === undefined ? list : list.map(pick)) as T[];
  if (items.length <= limit) return { items: out(items) };
  const last = orderPoint(order, run.tieKeys, items[limit - 1]!);
  const pending = (item: Item): boolean => comparePoints(order, orderPoint(order, run.tieKeys, item), last) > 0;
  const positions = requests.map((r, i): OrderCursorState["positions"][number] => {
    if (r.order?.how !== "inOrder") return null;
    const reading = readings.get(i);
    return reading === undefined ? "done" : resumeAt(reading, (start.positions[i] ?? null) as Key | null, pending);
  });
  return { items: out(items.slice(0, limit)), cursor: writeOrderCursor(binding, { point: last, positions, ...dated }) };
}

/**
 * Where a Query's unread part begins: just after the last item it gave out
 * before its first item not yet given out (that item's own key as the
 * ExclusiveStartKey, never a LastEvaluatedKey, which may be an item the
 * filter or the app's scope leaves out: issue 40), so the next page reads
 * little of what this one read; "done" when DynamoDB said there is no more
 * and nothing is pending.
 */
function resumeAt(reading: Reading, from: Key | null, pending: (item: Item) => boolean): Key | null | "done" {
  const first = reading.raws.findIndex(({ item }) => item !== undefined && pending(item));
  const before = (first === -1 ? reading.raws : reading.raws.slice(0, first)).filter(({ item }) => item !== undefined);
  if (first === -1) {
    const last = reading.pages[reading.pages.length - 1];
    if (last !== undefined && last.done && last.next === undefined) return "done";
  }
  return before.length === 0 ? from : before[before.length - 1]!.key;
}
