import type { AttributeValue, QueryCommandInput, ScanCommandInput } from "@aws-sdk/client-dynamodb";
import { attributes, FilterError, matches, type ListFilter } from "@itemfilter/core";
import { RequestError, type Item, type Page, type TableScope } from "@itemfilter/emulator";
import { compileDynamo } from "../compile/compileDynamo.js";
import { readableAttributes } from "../run/unreadableItem.js";
import { pageKey, type DynamoTable, type PageTarget } from "./pageKeys.js";

type Raw = Record<string, AttributeValue>;
type Output = { Items?: Raw[]; LastEvaluatedKey?: Raw };

/** One scoped page to read: the first call's input (with its ExclusiveStartKey) and what to check on each item. */
export interface ScopedRead {
  table: DynamoTable;
  kind: "Scan" | "Query";
  input: ScanCommandInput | QueryCommandInput;
  scope: TableScope;
  /** The request's own filters, all checked on the items here (DynamoDB is given only the scope, so it returns every item in it). */
  filters: readonly ListFilter[];
  /** Whether DynamoDB applies the scope exactly (a Scan's FilterExpression): then every item it returns is in the scope. */
  scopeSent: boolean;
  limit: number | undefined;
  pageSize: number;
  target: PageTarget | undefined;
  maxCalls: number;
}

export interface ScopedIo {
  call(kind: "Scan" | "Query", input: ScanCommandInput | QueryCommandInput): Promise<Output>;
  /** The item as JSON, or a RequestError 422 that names it. */
  readItem(table: DynamoTable, raw: Raw): Item;
}

const expressions = new WeakMap<TableScope, ReturnType<typeof compileDynamo> | null>();

/**
 * The scope as a Scan's FilterExpression, so DynamoDB returns only items in
 * it; null where DynamoDB's expressions cannot say it, and the scope is then
 * checked on every item here. A Query's FilterExpression may not name a key
 * attribute, so a Query (one partition) is never given it.
 */
export function scopeExpression(scope: TableScope): ReturnType<typeof compileDynamo> | null {
  let found = expressions.get(scope);
  if (found === undefined) {
    try {
      found = compileDynamo(scope.document);
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      found = null;
    }
    expressions.set(scope, found);
  }
  return found;
}

/**
 * A Query the planner made for the request's filters, without its
 * FilterExpression: DynamoDB then returns every item of the key range, and
 * the scope and the filters are both checked here. Placeholders only the
 * filter used go too, since DynamoDB refuses one sent unused.
 */
export function keyRangeOnly(input: Omit<QueryCommandInput, "TableName">): Omit<QueryCommandInput, "TableName"> {
  const { FilterExpression: _filter, ExpressionAttributeNames, ExpressionAttributeValues, ...rest } = input;
  const used = new Set(`${rest.KeyConditionExpression ?? ""} ${rest.ProjectionExpression ?? ""}`.match(/[#:][A-Za-z0-9_]+/g) ?? []);
  const keep = <T>(map: Record<string, T> | undefined): Record<string, T> | undefined => {
    const entries = Object.entries(map ?? {}).filter(([token]) => used.has(token));
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  };
  const names = keep(ExpressionAttributeNames);
  const values = keep(ExpressionAttributeValues);
  return { ...rest, ...(names === undefined ? {} : { ExpressionAttributeNames: names }), ...(values === undefined ? {} : { ExpressionAttributeValues: values }) };
}

/**
 * The item if it is in the scope, undefined if it is not. An item that
 * cannot be read as JSON is judged by the attributes that can: outside the
 * scope, it is passed over as any other; in it, the 422 names it (it is the
 * caller's own). Only where the unreadable attribute is one the scope names
 * is it unknown whether the item is the caller's, and the 422 then names no
 * key and no attribute.
 */
function inScope(read: ScopedRead, io: ScopedIo, raw: Raw): Item | undefined {
  try {
    const item = io.readItem(read.table, raw);
    return read.scopeSent || read.scope.test(item) ? item : undefined;
  } catch (error) {
    if (!(error instanceof RequestError) || error.status !== 422 || read.scopeSent) throw error;
    const { item: readable, unreadable } = readableAttributes(raw);
    const named = new Set(attributes(read.scope.document));
    if (unreadable.some((name) => named.has(name))) {
      throw new RequestError(422, `an item of table ${JSON.stringify(read.table.name)} that this read reaches cannot be read as JSON, in an attribute the key's scope names, so whether it is in the scope cannot be told; the table's owner must fix the item`);
    }
    if (!read.scope.test(readable)) return undefined;
    throw error;
  }
}

/** DynamoDB's largest Limit. */
const MAX_LIMIT = 2 ** 31 - 1;

/**
 * DynamoDB's Limit for a call of a page with a `limit`: the items in the
 * scope still wanted are the least it must evaluate, doubled on each call
 * after the first, so a page reads at most about twice what it needs however
 * sparse the scope is, in few calls. It depends only on what the page has
 * seen in the scope. Without a `limit`, none: each call reads up to 1 MB.
 */
function callLimit(limit: number | undefined, wanted: number, calls: number): number | undefined {
  if (limit === undefined) return undefined;
  return Math.min(MAX_LIMIT, wanted * 2 ** Math.min(calls - 1, 31));
}

/**
 * One page under a scope, as though the table held only the items in it
 * (the emulator's Store.ts, ScopedRead): `limit` counts the items in the
 * scope DynamoDB's calls return (DynamoDB's own Limit counts the others too,
 * so it only bounds each call: callLimit), the page fills with those that match the filters, and
 * the stopKey is the key of the last of them evaluated, sent once another
 * follows. Past maxCalls calls the page ends where DynamoDB stopped: a
 * position that may be an item outside the scope, returned `opaque` for the
 * handler to seal; so is nothing else.
 */
export async function scopedPage(read: ScopedRead, io: ScopedIo): Promise<Page> {
  const items: Item[] = [];
  const budget = read.limit ?? Infinity;
  let evaluated = 0;
  let last: Raw | undefined;
  let full = false;
  let startKey = read.input.ExclusiveStartKey;
  for (let calls = 1; ; calls++) {
    const Limit = callLimit(read.limit, full ? 1 : budget - evaluated, calls);
    const out = await io.call(read.kind, { ...read.input, ...(Limit === undefined ? {} : { Limit }), ...(startKey === undefined ? {} : { ExclusiveStartKey: startKey }) });
    for (const raw of out.Items ?? []) {
      const item = inScope(read, io, raw);
      if (item === undefined) continue;
      // The page was full already: this item in the scope shows that more follow.
      if (full) return { items, stopKey: pageKey(read.table, last!, read.target) };
      evaluated++;
      last = raw;
      if (read.filters.length === 0 || matches(item, [...read.filters])) items.push(item);
      full = evaluated >= budget || items.length >= read.pageSize;
    }
    if (out.LastEvaluatedKey === undefined) return { items };
    if (calls >= read.maxCalls) {
      // Full, it goes on after its last item (in the scope); otherwise from where DynamoDB stopped, sealed.
      if (full) return { items, stopKey: pageKey(read.table, last!, read.target) };
      return { items, stopKey: pageKey(read.table, out.LastEvaluatedKey, read.target), opaque: true };
    }
    startKey = out.LastEvaluatedKey;
  }
}
