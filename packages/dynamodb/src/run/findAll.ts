import type { AttributeValue, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { checkFields, schemaFields, prepareEvaluate, type FilterInput, type ParseOptions } from "@itemfilter/core";
import { toDocument } from "../compile/toDocument.js";
import { fieldsPicker } from "../plan/projection.js";
import { planDynamo, type DynamoKeys, type DynamoRequest, type PlanDynamoOptions } from "../plan/planDynamo.js";
import { COVERS, type Covered } from "../plan/planTarget.js";
import { describeTable, forgetTable } from "./describeTable.js";
import { BATCH_GET_KEYS, fetchItems } from "./fetchItems.js";
import { checkEstimate, readBudget } from "./readBudget.js";
import { requestPages, type FetchPage } from "./requestPages.js";
import { callFor, send, typedKeys, type Call, type DynamoRequestEvent } from "./runCalls.js";
import { readSelected } from "./unreadableItem.js";
import { explainOrdered, findAllOrdered, type OrderOptions } from "./findOrdered.js";
import { createBackoff, type Backoff, type RetryOptions } from "./retryPolicy.js";

export type { DynamoRequestEvent } from "./runCalls.js";

export interface FindAllOptions extends PlanDynamoOptions, OrderOptions {
  /** The table, as the client names it; `TableName`, as the SDK names it, works too. */
  table?: string;
  TableName?: string;
  /** Filter text or a syntax tree; empty text matches every item. */
  filter: FilterInput;
  /**
   * false: never call DescribeTable for the table's shape; without `keys`
   * the plan is then one Scan (for a role that may not call DescribeTable).
   * Left out, a call without `keys` reads the shape once per client and
   * table (describeTable) and plans with it.
   */
  describe?: boolean;
  /** Stop after this many items (a whole number from 0). */
  limit?: number;
  /**
   * The most items the run may read, as DynamoDB counts them (ScannedCount): a
   * plan with a Scan of a table whose itemCount (from describeTable) is larger
   * stops before anything is sent, and a run that reads past it stops with
   * E_DYNAMO_READ_LIMIT.
   */
  maxItemsRead?: number;
  /** Aborting stops at once, between or during requests, with the signal's reason. */
  signal?: AbortSignal;
  /** The retry policy (README, "Retries"): throttling and 5xx are retried, each page afresh. */
  retry?: RetryOptions;
  /** A schema and parse limits, as the client takes them; the same options given at the top level win. */
  compileOptions?: ParseOptions;
  /**
   * Called after every DynamoDB call the run makes (a page of a Query or
   * Scan, a DescribeTable), with what an app logs or measures: never an
   * item, a filter value or a credential. What it throws is ignored.
   */
  onEvent?: (event: DynamoRequestEvent) => void;
}

/** A planned request with TableName, as it would be sent. */
export type ExplainedRequest = DynamoRequest & { input: DynamoRequest["input"] & { TableName: string } };

/** The options as the runner reads them: one table name, the compile options folded in. */
export function settle(options: FindAllOptions): FindAllOptions & { TableName: string } {
  if (typeof options !== "object" || options === null) throw new TypeError("findAll takes { table, filter, keys?, limit?, signal? }");
  // The order is the ordered runner's (findOrdered.ts); without orderBy, maxSortItems has nothing to bound.
  const { table, compileOptions, orderBy: _order, maxSortItems: _max, ...rest } = options;
  if (table !== undefined && options.TableName !== undefined && table !== options.TableName) throw new TypeError("findAll: give the table once, as table or TableName");
  const TableName = table ?? options.TableName;
  if (typeof TableName !== "string" || TableName === "") throw new TypeError("findAll: table must be a non-empty string");
  const limit = options.limit;
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) throw new TypeError("findAll: limit takes a whole number from 0");
  if (options.onEvent !== undefined && typeof options.onEvent !== "function") throw new TypeError("findAll: onEvent must be a function");
  const max = options.maxItemsRead;
  if (max !== undefined && !(Number.isInteger(max) && max >= 1)) throw new TypeError("findAll: maxItemsRead takes a whole number from 1");
  if (options.describe !== undefined && typeof options.describe !== "boolean") throw new TypeError("findAll: describe takes true or false");
  // One `now` for the whole call: a run plans more than once (with the keys' types), and each plan must resolve `now - 7d` alike.
  const now = rest.now ?? compileOptions?.now ?? Date.now();
  return { ...compileOptions, ...rest, TableName, now };
}

/** Whether the run reads the table's shape itself: no keys given and describe not false. */
export function describes(options: FindAllOptions): boolean {
  return options.keys === undefined && options.describe !== false;
}

/**
 * The keys to plan with: those given, else the table's shape from
 * describeTable (one DescribeTable per client and table, under the run's
 * retry policy and told to onEvent), else none (describe: false).
 */
export async function shapeFor(client: DynamoDBClient, options: FindAllOptions & { TableName: string }, call: Call, signal: AbortSignal | undefined): Promise<DynamoKeys | undefined> {
  if (!describes(options)) return options.keys;
  const keys = await describeTable(client, options.TableName, (describe) => call("DescribeTable", () => describe(signal)));
  return fromDescribe(client, options.TableName, keys);
}

/**
 * DynamoDB refused a request for an index or a key the cached shape names
 * (an index dropped, a table re-created with other keys): the shape is read
 * again by the next call.
 */
export function staleShape(error: unknown): boolean {
  const cause = (error as { cause?: { name?: unknown; message?: unknown } })?.cause;
  if ((error as { code?: unknown })?.code !== "E_DYNAMO_REQUEST" || cause?.name !== "ValidationException") return false;
  return /index|key schema|key element|KeyConditionExpression|key attribute/i.test(String(cause.message));
}

/**
 * The requests findAll would send for this filter, with TableName, without
 * sending anything. With keys but no key types, a Query is shown as if the
 * values fit the key schema (findAll reads the types first and leaves out
 * a Query that no key can match).
 */
export function explain(options: Omit<FindAllOptions, "signal" | "limit">): ExplainedRequest[];
/**
 * The requests findAll would send for this filter on this client, sending
 * nothing but, when `keys` are not given (and describe is not false), one
 * DescribeTable per client and table for the table's shape, as findAll reads it.
 */
export function explain(client: DynamoDBClient, options: Omit<FindAllOptions, "limit">): Promise<ExplainedRequest[]>;
export function explain(first: DynamoDBClient | Omit<FindAllOptions, "signal" | "limit">, second?: Omit<FindAllOptions, "limit">): ExplainedRequest[] | Promise<ExplainedRequest[]> {
  if (second === undefined) {
    if ((first as FindAllOptions).orderBy !== undefined) return explainOrdered(first as Omit<FindAllOptions, "signal" | "limit">);
    const { TableName, filter, retry: _retry, onEvent: _onEvent, maxItemsRead: _max, describe: _describe, ...planOptions } = settle(first as FindAllOptions);
    return planDynamo(filter, planOptions).map((r) => ({ ...r, input: { TableName, ...r.input } }));
  }
  const client = first as DynamoDBClient;
  const settled = settle(second as FindAllOptions);
  const { TableName, filter, retry, onEvent, maxItemsRead: _max, describe: _describe, signal, ...planOptions } = settled;
  // Bad options and filter text are thrown before DynamoDB is asked anything.
  planDynamo(filter, { ...planOptions, allowScan: true });
  const call = callFor(TableName, createBackoff(retry), onEvent)(signal);
  if (settled.orderBy !== undefined) {
    const ordered = second as Omit<FindAllOptions, "signal" | "limit">;
    return shapeFor(client, settled, call, signal).then((keys) => explainOrdered(keys === undefined ? ordered : { ...ordered, keys }));
  }
  return shapeFor(client, settled, call, signal).then((keys) => planDynamo(filter, { ...planOptions, ...(keys === undefined ? {} : { keys }) }).map((r) => ({ ...r, input: { TableName, ...r.input } })));
}

/**
 * Every item of the table that the filter selects, as plain JSON, each once,
 * exactly the items `evaluate` selects. Pages through each request with
 * LastEvaluatedKey (an empty page with a LastEvaluatedKey is not the end:
 * DynamoDB reads 1 MB before it filters). Several requests are united by the
 * table's key. Throws FilterError for bad filter text (before anything is
 * sent), DynamoRunError for DynamoDB's refusals and for numbers a double
 * cannot hold, and the signal's reason when aborted.
 */
export function findAll<T = Record<string, unknown>>(client: DynamoDBClient, options: FindAllOptions): AsyncGenerator<T, void, undefined> {
  if (options?.orderBy !== undefined) return findAllOrdered<T>(client, options);
  // Bad options and bad filter text throw here, at the call, before anything is sent.
  const settled = settle(options);
  const { filter, limit: _limit, signal: _signal, TableName: _table, retry, onEvent: _onEvent, maxItemsRead, describe: _describe, ...planOptions } = settled;
  // Without keys the shape is read first: the filter text is checked now all the same, the guards once it is known.
  const planned = describes(settled) ? undefined : planDynamo(filter, planOptions);
  if (planned === undefined) planDynamo(filter, { ...planOptions, allowScan: true });
  else checkEstimate(settled.TableName, planned, planOptions.keys, maxItemsRead);
  const backoff = createBackoff(retry);
  return (planned === undefined ? reshaped(client, settled, backoff) : run(client, settled, planned, backoff)) as AsyncGenerator<T, void, undefined>;
}

/**
 * A run on the shape DescribeTable gave: where DynamoDB refuses a Query for
 * an index or key that shape names before any item was given out, the shape
 * is read again and the run starts over on it, once; after an item, the
 * refusal is the run's error (the next call reads the shape again).
 */
async function* reshaped(client: DynamoDBClient, options: FindAllOptions & { TableName: string }, backoff: Backoff): AsyncGenerator<Record<string, unknown>, void, undefined> {
  let given = 0;
  try {
    for await (const item of run(client, options, undefined, backoff)) {
      given++;
      yield item;
    }
  } catch (error) {
    if (given > 0 || !staleShape(error)) throw error;
    // pagesOf forgot the shape: this run reads it afresh.
    yield* run(client, options, undefined, backoff);
  }
}

async function* run(client: DynamoDBClient, options: FindAllOptions & { TableName: string }, given: DynamoRequest[] | undefined, backoff: Backoff): AsyncGenerator<Record<string, unknown>, void, undefined> {
  const { TableName, filter, limit, signal, retry: _retry, onEvent, maxItemsRead, describe: _describe, ...planOptions } = options;
  const budget = readBudget(TableName, maxItemsRead);
  const fields = planOptions.fields === undefined ? undefined : schemaFields(checkFields(planOptions.fields), planOptions.schema);
  const { keys: _keys, maxRequests: _max, consistentRead: _consistent, allowScan: _allow, segments: _segments, fields: _fields, fetch: _fetch, ...parseOptions } = planOptions;
  const callWith = callFor(TableName, backoff, onEvent);
  const call = callWith(signal);
  const keys = await shapeFor(client, options, call, signal);
  let planned = given;
  if (planned === undefined) {
    planned = planDynamo(filter, { ...planOptions, ...(keys === undefined ? {} : { keys }) });
    checkEstimate(TableName, planned, keys, maxItemsRead);
  }
  const pick = fields === undefined ? undefined : fieldsPicker(fields, toDocument(filter, parseOptions, "findAll"), keys);
  const typed = await typedKeys(client, TableName, keys, planned, call, signal);
  const requests: Covered[] = typed === undefined ? planned : planDynamo(filter, { ...planOptions, keys: typed });
  if (limit === 0) return;
  const seen = requests.length > 1 ? new Set<string>() : null;
  let count = 0;
  for (const request of requests) {
    const passes = request.residual === null ? null : prepareEvaluate(request.residual, UNLIMITED);
    // An item fetched by key is checked as it is now against what the request gives out.
    const current = request.fetch === undefined || request[COVERS] === undefined ? null : prepareEvaluate(request[COVERS], UNLIMITED);
    const checks = current === null ? passes : (item: unknown) => current(item) && (passes === null || passes(item));
    const fetch: FetchPage = (ExclusiveStartKey, sig, Segment) =>
      send(client, TableName, request, callWith(sig), sig, onEvent !== undefined, {
        ...(ExclusiveStartKey === undefined ? {} : { ExclusiveStartKey }),
        ...(Segment === undefined ? {} : { Segment }),
        ...(budget.limit() === undefined ? {} : { Limit: budget.limit() }),
      });
    for await (const page of pagesOf(request, requestPages(fetch, request.input.TotalSegments ?? 1, signal), keys)) {
      budget.spend(page.ScannedCount);
      const raws = page.Items ?? [];
      for (let at = 0; at < raws.length; at += BATCH_GET_KEYS) {
        const chunk = raws.slice(at, at + BATCH_GET_KEYS);
        const whole = request.fetch === undefined ? chunk : await fetchItems(client, TableName, request, chunk, call, backoff, signal, onEvent !== undefined);
        if (request.fetch !== undefined) budget.spend(whole.filter((raw) => raw !== undefined).length);
        for (const raw of whole) {
          // An item deleted since the index was written is skipped.
          if (raw === undefined) continue;
          const id = seen === null ? "" : itemKey(raw, keys!);
          if (seen !== null && seen.has(id)) continue;
          const item = await readSelected(client, TableName, keys, raw, checks, signal);
          if (item === undefined) continue;
          // Only an item given out counts as seen: one that fails this request's residual may pass another's.
          seen?.add(id);
          yield pick === undefined ? item : pick(item);
          if (++count === limit) return;
        }
      }
    }
  }
}

const UNLIMITED = { maxLength: Infinity, maxPredicates: Infinity, maxDepth: Infinity, maxInValues: Infinity };

/**
 * The pages of a request; where DynamoDB refuses it for an index or key the
 * shape read with DescribeTable names, that shape is forgotten, so the next
 * call reads it afresh (this one fails: items may have been given out).
 */
async function* pagesOf<P>(request: DynamoRequest, pages: AsyncGenerator<P, void, undefined>, keys: DynamoKeys | undefined): AsyncGenerator<P, void, undefined> {
  try {
    yield* pages;
  } catch (error) {
    if (keys !== undefined && request.command === "Query" && staleShape(error)) shapeOrigin.get(keys)?.();
    throw error;
  }
}

// Set by shapeFor's caller: which client and table a shape came from, to forget it.
const shapeOrigin = new WeakMap<DynamoKeys, () => void>();

/** Marks a shape as describeTable's for this client and table, so a refusal for a stale index forgets it. */
export function fromDescribe(client: DynamoDBClient, table: string, keys: DynamoKeys): DynamoKeys {
  shapeOrigin.set(keys, () => forgetTable(client, table));
  return keys;
}

function itemKey(raw: Record<string, AttributeValue>, keys: DynamoKeys): string {
  return JSON.stringify([raw[keys.partition], keys.sort === undefined ? null : raw[keys.sort]]);
}

