import { DescribeTableCommand, QueryCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { prepareEvaluate, type FilterInput } from "@itemfilter/core";
import { planDynamo, type DynamoKeys, type DynamoRequest, type PlanDynamoOptions } from "../plan/planDynamo.js";
import type { KeyType } from "../plan/keyCondition.js";
import { DynamoRunError } from "./dynamoRunError.js";
import { unmarshalItem } from "./unmarshalItem.js";
import { tableKeyNames, unreadableItem } from "./unreadableItem.js";
import { createBackoff, isRetryable, isThrottling, withRetry, type Backoff, type RetryOptions } from "./retryPolicy.js";

export interface FindAllOptions extends PlanDynamoOptions {
  TableName: string;
  /** Filter text or a syntax tree; empty text matches every item. */
  filter: FilterInput;
  /** Stop after this many items (a whole number from 0). */
  limit?: number;
  /** Aborting stops at once, between or during requests, with the signal's reason. */
  signal?: AbortSignal;
  /** The retry policy (README, "Retries"): throttling and 5xx are retried, each page afresh. */
  retry?: RetryOptions;
}

/** A planned request with TableName, as it would be sent. */
export type ExplainedRequest = DynamoRequest & { input: DynamoRequest["input"] & { TableName: string } };

function checkOptions(options: FindAllOptions): void {
  if (typeof options !== "object" || options === null) throw new TypeError("findAll takes { TableName, filter, keys?, limit?, signal? }");
  if (typeof options.TableName !== "string" || options.TableName === "") throw new TypeError("findAll: TableName must be a non-empty string");
  const limit = options.limit;
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) throw new TypeError("findAll: limit takes a whole number from 0");
}

/**
 * The requests findAll would send for this filter, with TableName, without
 * sending anything. With keys but no key types, a Query is shown as if the
 * values fit the key schema (findAll reads the types first and leaves out
 * a Query that no key can match).
 */
export function explain(options: Omit<FindAllOptions, "signal" | "limit">): ExplainedRequest[] {
  checkOptions(options as FindAllOptions);
  const { TableName, filter, ...planOptions } = options;
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
export function findAll(client: DynamoDBClient, options: FindAllOptions): AsyncGenerator<Record<string, unknown>, void, undefined> {
  // Bad options and bad filter text throw here, at the call, before anything is sent.
  checkOptions(options);
  const { filter, limit: _limit, signal: _signal, TableName: _table, retry, ...planOptions } = options;
  return run(client, options, planDynamo(filter, planOptions), createBackoff(retry));
}

async function* run(client: DynamoDBClient, options: FindAllOptions, planned: DynamoRequest[], backoff: Backoff): AsyncGenerator<Record<string, unknown>, void, undefined> {
  const { TableName, filter, limit, signal, retry: _retry, ...planOptions } = options;
  const call = <T>(operation: string, send: () => Promise<T>): Promise<T> => sendWithRetry(operation, TableName, send, backoff, signal);
  let requests = planned;
  const keys = planOptions.keys;
  if (keys !== undefined && keys.types === undefined && requests.some((r) => r.command === "Query")) {
    const types = await keyTypes(client, TableName, keys, call, signal);
    requests = planDynamo(filter, { ...planOptions, keys: { ...keys, types } });
  }
  if (limit === 0) return;
  const seen = requests.length > 1 ? new Set<string>() : null;
  let count = 0;
  for (const request of requests) {
    const passes = request.residual === null ? null : prepareEvaluate(request.residual, { maxLength: Infinity, maxPredicates: Infinity, maxDepth: Infinity, maxInValues: Infinity });
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await send(client, request, TableName, start, call, signal);
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
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
  }
}

function itemKey(raw: Record<string, AttributeValue>, keys: DynamoKeys): string {
  return JSON.stringify([raw[keys.partition], keys.sort === undefined ? null : raw[keys.sort]]);
}

function aborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

type Call = <T>(operation: string, send: () => Promise<T>) => Promise<T>;

async function send(
  client: DynamoDBClient,
  request: DynamoRequest,
  TableName: string,
  ExclusiveStartKey: Record<string, AttributeValue> | undefined,
  call: Call,
  signal: AbortSignal | undefined,
): Promise<{ Items?: Record<string, AttributeValue>[]; LastEvaluatedKey?: Record<string, AttributeValue> }> {
  const input = { TableName, ...request.input, ...(ExclusiveStartKey === undefined ? {} : { ExclusiveStartKey }) };
  const command = request.command === "Query" ? new QueryCommand(input) : new ScanCommand(input);
  return call(request.command, () => client.send(command as QueryCommand, signal === undefined ? {} : { abortSignal: signal }));
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

/** The key attributes' types from the table's key schema; keys that are not the table's keys are a DynamoRunError. */
async function keyTypes(client: DynamoDBClient, TableName: string, keys: DynamoKeys, call: Call, signal: AbortSignal | undefined): Promise<{ partition?: KeyType; sort?: KeyType }> {
  const table = (await call("DescribeTable", () => client.send(new DescribeTableCommand({ TableName }), signal === undefined ? {} : { abortSignal: signal }))).Table;
  const hash = table?.KeySchema?.find((k) => k.KeyType === "HASH")?.AttributeName;
  const range = table?.KeySchema?.find((k) => k.KeyType === "RANGE")?.AttributeName;
  if (hash !== keys.partition || range !== keys.sort) {
    throw new DynamoRunError(
      "E_DYNAMO_TABLE",
      `table '${TableName}' has the partition key '${hash}'${range === undefined ? " and no sort key" : ` and the sort key '${range}'`}, not the keys given`,
      `pass keys: { partition: ${JSON.stringify(hash)}${range === undefined ? "" : `, sort: ${JSON.stringify(range)}`} }`,
    );
  }
  const typeOf = (name: string | undefined): KeyType | undefined =>
    table?.AttributeDefinitions?.find((d) => d.AttributeName === name)?.AttributeType as KeyType | undefined;
  return { partition: typeOf(hash), ...(range === undefined ? {} : { sort: typeOf(range) }) };
}
