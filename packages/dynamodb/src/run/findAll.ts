import type { AttributeValue, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { checkFields, schemaFields, prepareEvaluate, type FilterInput, type ParseOptions } from "@itemfilter/core";
import { toDocument } from "../compile/toDocument.js";
import { fieldsPicker } from "../plan/projection.js";
import { planDynamo, type DynamoKeys, type DynamoRequest, type PlanDynamoOptions } from "../plan/planDynamo.js";
import { checkEstimate, readBudget } from "./readBudget.js";
import { requestPages, type FetchPage } from "./requestPages.js";
import { callFor, send, typedKeys, type DynamoRequestEvent } from "./runCalls.js";
import { readSelected } from "./unreadableItem.js";
import { createBackoff, type Backoff, type RetryOptions } from "./retryPolicy.js";

export type { DynamoRequestEvent } from "./runCalls.js";

export interface FindAllOptions extends PlanDynamoOptions {
  /** The table, as the client names it; `TableName`, as the SDK names it, works too. */
  table?: string;
  TableName?: string;
  /** Filter text or a syntax tree; empty text matches every item. */
  filter: FilterInput;
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
  const { table, compileOptions, ...rest } = options;
  if (table !== undefined && options.TableName !== undefined && table !== options.TableName) throw new TypeError("findAll: give the table once, as table or TableName");
  const TableName = table ?? options.TableName;
  if (typeof TableName !== "string" || TableName === "") throw new TypeError("findAll: table must be a non-empty string");
  const limit = options.limit;
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) throw new TypeError("findAll: limit takes a whole number from 0");
  if (options.onEvent !== undefined && typeof options.onEvent !== "function") throw new TypeError("findAll: onEvent must be a function");
  const max = options.maxItemsRead;
  if (max !== undefined && !(Number.isInteger(max) && max >= 1)) throw new TypeError("findAll: maxItemsRead takes a whole number from 1");
  return { ...compileOptions, ...rest, TableName };
}

/**
 * The requests findAll would send for this filter, with TableName, without
 * sending anything. With keys but no key types, a Query is shown as if the
 * values fit the key schema (findAll reads the types first and leaves out
 * a Query that no key can match).
 */
export function explain(options: Omit<FindAllOptions, "signal" | "limit">): ExplainedRequest[] {
  const { TableName, filter, retry: _retry, onEvent: _onEvent, maxItemsRead: _max, ...planOptions } = settle(options as FindAllOptions);
  return planDynamo(filter, planOptions).map((r) => ({ ...r, input: { TableName, ...r.input } }));
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
  // Bad options and bad filter text throw here, at the call, before anything is sent.
  const settled = settle(options);
  const { filter, limit: _limit, signal: _signal, TableName: _table, retry, onEvent: _onEvent, maxItemsRead, ...planOptions } = settled;
  const planned = planDynamo(filter, planOptions);
  checkEstimate(settled.TableName, planned, planOptions.keys, maxItemsRead);
  return run(client, settled, planned, createBackoff(retry)) as AsyncGenerator<T, void, undefined>;
}

async function* run(client: DynamoDBClient, options: FindAllOptions & { TableName: string }, planned: DynamoRequest[], backoff: Backoff): AsyncGenerator<Record<string, unknown>, void, undefined> {
  const { TableName, filter, limit, signal, retry: _retry, onEvent, maxItemsRead, ...planOptions } = options;
  const budget = readBudget(TableName, maxItemsRead);
  const fields = planOptions.fields === undefined ? undefined : schemaFields(checkFields(planOptions.fields), planOptions.schema);
  const { keys: _keys, maxRequests: _max, consistentRead: _consistent, allowScan: _allow, segments: _segments, fields: _fields, ...parseOptions } = planOptions;
  const pick = fields === undefined ? undefined : fieldsPicker(fields, toDocument(filter, parseOptions, "findAll"), planOptions.keys);
  const callWith = callFor(TableName, backoff, onEvent);
  const call = callWith(signal);
  const keys = planOptions.keys;
  const typed = await typedKeys(client, TableName, keys, planned, call, signal);
  const requests = typed === undefined ? planned : planDynamo(filter, { ...planOptions, keys: typed });
  if (limit === 0) return;
  const seen = requests.length > 1 ? new Set<string>() : null;
  let count = 0;
  for (const request of requests) {
    const passes = request.residual === null ? null : prepareEvaluate(request.residual, { maxLength: Infinity, maxPredicates: Infinity, maxDepth: Infinity, maxInValues: Infinity });
    const fetch: FetchPage = (ExclusiveStartKey, sig, Segment) =>
      send(client, TableName, request, callWith(sig), sig, onEvent !== undefined, {
        ...(ExclusiveStartKey === undefined ? {} : { ExclusiveStartKey }),
        ...(Segment === undefined ? {} : { Segment }),
        ...(budget.limit() === undefined ? {} : { Limit: budget.limit() }),
      });
    for await (const page of requestPages(fetch, request.input.TotalSegments ?? 1, signal)) {
      budget.spend(page.ScannedCount);
      for (const raw of page.Items ?? []) {
        const id = seen === null ? "" : itemKey(raw, keys!);
        if (seen !== null && seen.has(id)) continue;
        const item = await readSelected(client, TableName, keys, raw, passes, signal);
        if (item === undefined) continue;
        // Only an item given out counts as seen: one that fails this request's residual may pass another's.
        seen?.add(id);
        yield pick === undefined ? item : pick(item);
        if (++count === limit) return;
      }
    }
  }
}

function itemKey(raw: Record<string, AttributeValue>, keys: DynamoKeys): string {
  return JSON.stringify([raw[keys.partition], keys.sort === undefined ? null : raw[keys.sort]]);
}

