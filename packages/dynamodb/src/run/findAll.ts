import { QueryCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { prepareEvaluate, type FilterInput, type ParseOptions } from "@itemfilter/core";
import { planDynamo, type DynamoKeys, type DynamoRequest, type PlanDynamoOptions } from "../plan/planDynamo.js";
import { describeTable } from "./describeTable.js";
import { checkEstimate, readBudget } from "./readBudget.js";
import { requestPages, type FetchPage, type Page } from "./requestPages.js";
import { DynamoRunError } from "./dynamoRunError.js";
import { unmarshalItem } from "./unmarshalItem.js";
import { tableKeyNames, unreadableItem } from "./unreadableItem.js";
import { createBackoff, isRetryable, isThrottling, withRetry, type Backoff, type RetryOptions } from "./retryPolicy.js";

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

/** One DynamoDB call of a run, as `onEvent` hears of it. */
export interface DynamoRequestEvent {
  command: "Query" | "Scan" | "DescribeTable";
  table: string;
  /** The index read, when the request reads one. */
  index?: string;
  /** From the first attempt to the answer (or the failure), retries and their waits included, in milliseconds. */
  durationMs: number;
  outcome: "ok" | "error";
  /** Items DynamoDB returned (Count) and read (ScannedCount) for a Query or Scan page. */
  items?: number;
  scanned?: number;
  /** Read capacity units the page consumed (DynamoDB's ConsumedCapacity). */
  consumed?: number;
  /** The DynamoRunError code of a failed call. */
  error?: string;
}

/** A planned request with TableName, as it would be sent. */
export type ExplainedRequest = DynamoRequest & { input: DynamoRequest["input"] & { TableName: string } };

/** The options as the runner reads them: one table name, the compile options folded in. */
function settle(options: FindAllOptions): FindAllOptions & { TableName: string } {
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
  const callWith =
    (sig: AbortSignal | undefined): Call =>
    (operation, send, index) => {
      const sent = sendWithRetry(operation, TableName, send, backoff, sig);
      return onEvent === undefined ? sent : heard(onEvent, { command: operation, table: TableName, ...(index === undefined ? {} : { index }) }, sent);
    };
  const call = callWith(signal);
  let requests = planned;
  const keys = planOptions.keys;
  const untyped = keys !== undefined && (keys.types === undefined || keys.indexes?.some((index) => index.types === undefined) === true);
  if (untyped && requests.some((r) => r.command === "Query")) {
    requests = planDynamo(filter, { ...planOptions, keys: await keyTypes(client, TableName, keys, call, signal) });
  }
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
        let item: Record<string, unknown>;
        try {
          item = unmarshalItem(raw);
        } catch (error) {
          const names = keys === undefined ? await tableKeyNames(client, TableName, signal) : keys.sort === undefined ? [keys.partition] : [keys.partition, keys.sort];
          throw unreadableItem(error, raw, names, TableName);
        }
        if (passes !== null && !passes(item)) continue;
        // Only an item given out counts as seen: one that fails this request's residual may pass another's.
        seen?.add(id);
        yield item;
        if (++count === limit) return;
      }
    }
  }
}

function itemKey(raw: Record<string, AttributeValue>, keys: DynamoKeys): string {
  return JSON.stringify([raw[keys.partition], keys.sort === undefined ? null : raw[keys.sort]]);
}

function aborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DynamoRunError("E_ABORTED", "aborted by the caller's signal", "the signal's reason is the cause", { cause: signal.reason });
}

type Call = <T>(operation: DynamoRequestEvent["command"], send: () => Promise<T>, index?: string) => Promise<T>;

/** The call, told to the app's hook when it settles; what the hook throws is not the run's concern. */
async function heard<T>(hook: (event: DynamoRequestEvent) => void, about: Pick<DynamoRequestEvent, "command" | "table" | "index">, sent: Promise<T>): Promise<T> {
  const started = performance.now();
  const tell = (event: DynamoRequestEvent): void => {
    try {
      hook(event);
    } catch {
      // Logging must never change what a run does.
    }
  };
  const durationMs = (): number => Math.round((performance.now() - started) * 1000) / 1000;
  try {
    const answer = await sent;
    const page = answer as { Count?: number; ScannedCount?: number; ConsumedCapacity?: { CapacityUnits?: number } };
    tell({
      ...about,
      durationMs: durationMs(),
      outcome: "ok",
      ...(page.Count === undefined ? {} : { items: page.Count }),
      ...(page.ScannedCount === undefined ? {} : { scanned: page.ScannedCount }),
      ...(page.ConsumedCapacity?.CapacityUnits === undefined ? {} : { consumed: page.ConsumedCapacity.CapacityUnits }),
    });
    return answer;
  } catch (error) {
    tell({ ...about, durationMs: durationMs(), outcome: "error", ...(error instanceof DynamoRunError ? { error: error.code } : {}) });
    throw error;
  }
}

async function send(
  client: DynamoDBClient,
  TableName: string,
  request: DynamoRequest,
  call: Call,
  signal: AbortSignal | undefined,
  counted: boolean,
  page: { ExclusiveStartKey?: Record<string, AttributeValue>; Segment?: number; Limit?: number },
): Promise<Page> {
  const input = { TableName, ...request.input, ...page, ...(counted ? { ReturnConsumedCapacity: "TOTAL" as const } : {}) };
  const command = request.command === "Query" ? new QueryCommand(input) : new ScanCommand(input);
  return call(request.command, () => client.send(command as QueryCommand, signal === undefined ? {} : { abortSignal: signal }), request.input.IndexName);
}

/** One call under the retry policy; what it cannot get past is a DynamoRunError that shows DynamoDB's error. */
async function sendWithRetry<T>(operation: string, TableName: string, send: () => Promise<T>, backoff: Backoff, signal: AbortSignal | undefined): Promise<T> {
  aborted(signal);
  try {
    return await withRetry(send, backoff, signal);
  } catch (error) {
    aborted(signal);
    throw refused(operation, TableName, error, backoff.retries);
  }
}

function refused(operation: string, TableName: string, error: unknown, retries: number): DynamoRunError {
  const name = error instanceof Error ? error.name : "Error";
  const detail = error instanceof Error ? error.message : String(error);
  if (isRetryable(error)) {
    return new DynamoRunError(
      "E_DYNAMO_BUSY",
      `DynamoDB did not run the ${operation} on table '${TableName}' through ${retries} retries in a row: ${name}: ${detail}`,
      isThrottling(error) ? "DynamoDB is throttling the table: try again later, or give it more capacity" : "DynamoDB is failing or unreachable: try again later",
      { cause: error },
    );
  }
  return new DynamoRunError(
    "E_DYNAMO_REQUEST",
    `DynamoDB could not run the ${operation} on table '${TableName}': ${name}: ${detail}`,
    name === "ResourceNotFoundException" ? "check the table name and the endpoint or region" : "the message is DynamoDB's; the SDK's error is the cause",
    { cause: error },
  );
}

/**
 * The keys given, with the types of the table's and the indexes' keys from
 * the table's (cached) description; keys or indexes that are not the table's are a DynamoRunError.
 */
async function keyTypes(client: DynamoDBClient, TableName: string, keys: DynamoKeys, call: Call, signal: AbortSignal | undefined): Promise<DynamoKeys> {
  const shape = await describeTable(client, TableName, (describe) => call("DescribeTable", () => describe(signal)));
  const { partition: hash, sort: range } = shape;
  if (hash !== keys.partition || range !== keys.sort) {
    throw new DynamoRunError(
      "E_DYNAMO_TABLE",
      `table '${TableName}' has the partition key '${hash}'${range === undefined ? " and no sort key" : ` and the sort key '${range}'`}, not the keys given`,
      `pass keys: { partition: ${JSON.stringify(hash)}${range === undefined ? "" : `, sort: ${JSON.stringify(range)}`} }, or keys: await describeTable(client, table)`,
    );
  }
  const indexes = keys.indexes?.map((index) => {
    const described = shape.indexes?.find((d) => d.name === index.name);
    if (described === undefined || described.partition !== index.partition || described.sort !== index.sort) {
      throw new DynamoRunError("E_DYNAMO_TABLE", `table '${TableName}' has no index '${index.name}' with the keys given`, "pass keys: await describeTable(client, table), which names the table's indexes as they are");
    }
    return index.types === undefined ? { ...index, types: described.types! } : index;
  });
  return { ...keys, types: keys.types ?? shape.types!, ...(indexes === undefined ? {} : { indexes }) };
}
