import { readingEveryName } from "./everyName.js";
import { QueryCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { DynamoKeys } from "../plan/dynamoKeys.js";
import type { DynamoRequest } from "../plan/planDynamo.js";
import { describeTable } from "./describeTable.js";
import { DynamoRunError } from "./dynamoRunError.js";
import type { Page } from "./requestPages.js";
import { isRetryable, isThrottling, RequestTimeoutError, withRetry, type Backoff } from "./retryPolicy.js";

// The calls a run makes (findAll's and findPage's): each under the retry policy, told to onEvent, abortable.

/** One DynamoDB call of a run, as `onEvent` hears of it. */
export interface DynamoRequestEvent {
  command: "Query" | "Scan" | "DescribeTable" | "BatchGetItem";
  table: string;
  /** The index read, when the request reads one. */
  index?: string;
  /** From the first attempt to the answer (or the failure), retries and their waits included, in milliseconds. */
  durationMs: number;
  outcome: "ok" | "error";
  /** Items DynamoDB returned (Count) and read (ScannedCount) for a Query or Scan page; for a BatchGetItem, the items it returned, each a read. */
  items?: number;
  scanned?: number;
  /** Read capacity units the page consumed (DynamoDB's ConsumedCapacity). */
  consumed?: number;
  /** The DynamoRunError code of a failed call. */
  error?: string;
}

export function aborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DynamoRunError("E_ABORTED", "aborted by the caller's signal", "the signal's reason is the cause", { cause: signal.reason });
}

/** A DynamoDB call of the run; `send` gets each attempt's signal (the run's, and the policy's timeout) for the SDK's abortSignal. */
export type Call = <T>(operation: DynamoRequestEvent["command"], send: (signal: AbortSignal) => Promise<T>, index?: string) => Promise<T>;

/** The call, told to the app's hook when it settles; what the hook throws is not the run's concern. */
export async function heard<T>(hook: (event: DynamoRequestEvent) => void, about: Pick<DynamoRequestEvent, "command" | "table" | "index">, sent: Promise<T>): Promise<T> {
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
    const page = answer as { Count?: number; ScannedCount?: number; ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[]; Responses?: Record<string, unknown[]> };
    // BatchGetItem has no counts: the items it gave are what it read.
    const fetched = page.Responses === undefined ? undefined : Object.values(page.Responses).reduce((n, items) => n + items.length, 0);
    const consumed = Array.isArray(page.ConsumedCapacity) ? page.ConsumedCapacity.reduce((n, c) => n + (c.CapacityUnits ?? 0), 0) : page.ConsumedCapacity?.CapacityUnits;
    const items = page.Count ?? fetched;
    const scanned = page.ScannedCount ?? fetched;
    tell({
      ...about,
      durationMs: durationMs(),
      outcome: "ok",
      ...(items === undefined ? {} : { items }),
      ...(scanned === undefined ? {} : { scanned }),
      ...(consumed === undefined ? {} : { consumed }),
    });
    return answer;
  } catch (error) {
    tell({ ...about, durationMs: durationMs(), outcome: "error", ...(error instanceof DynamoRunError ? { error: error.code } : {}) });
    throw error;
  }
}

/** One page of a request, as the run sends it. */
export async function send(
  client: DynamoDBClient,
  TableName: string,
  request: DynamoRequest,
  call: Call,
  signal: AbortSignal | undefined,
  counted: boolean,
  page: { ExclusiveStartKey?: Record<string, AttributeValue>; Segment?: number; Limit?: number },
): Promise<Page> {
  const input = { TableName, ...request.input, ...page, ...(counted ? { ReturnConsumedCapacity: "TOTAL" as const } : {}) };
  const command = readingEveryName(request.command === "Query" ? new QueryCommand(input) : new ScanCommand(input), client);
  return call(request.command, (attempt) => client.send(command as QueryCommand, { abortSignal: attempt }), request.input.IndexName);
}

/** One call under the retry policy; what it cannot get past is a DynamoRunError that shows DynamoDB's error. */
export async function sendWithRetry<T>(operation: string, TableName: string, send: (signal: AbortSignal) => Promise<T>, backoff: Backoff, signal: AbortSignal | undefined): Promise<T> {
  aborted(signal);
  try {
    return await withRetry(send, backoff, signal);
  } catch (error) {
    aborted(signal);
    throw refused(operation, TableName, error, backoff);
  }
}

function refused(operation: string, TableName: string, error: unknown, backoff: Backoff): DynamoRunError {
  const name = error instanceof Error ? error.name : "Error";
  const detail = error instanceof Error ? error.message : String(error);
  if (isRetryable(error)) {
    const hint =
      error instanceof RequestTimeoutError
        ? `DynamoDB is stopped, unreachable or slower than the timeout (${backoff.timeoutMs} ms a call): check the endpoint, or give a longer retry.timeoutMs`
        : isThrottling(error)
          ? "DynamoDB is throttling the table: try again later, or give it more capacity"
          : "DynamoDB is failing or unreachable: try again later";
    return new DynamoRunError("E_DYNAMO_BUSY", `DynamoDB did not run the ${operation} on table '${TableName}' through ${backoff.retries} retries in a row: ${name}: ${detail}`, hint, {
      cause: error,
      ...(error instanceof RequestTimeoutError ? { params: { timeoutMs: error.timeoutMs } } : {}),
    });
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
export async function keyTypes(client: DynamoDBClient, TableName: string, keys: DynamoKeys, call: Call, signal: AbortSignal | undefined): Promise<DynamoKeys> {
  const shape = await describeTable(client, TableName, (describe) => call("DescribeTable", (attempt) => describe(attempt)));
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
    if (described === undefined || JSON.stringify(described.partition) !== JSON.stringify(index.partition) || JSON.stringify(described.sort) !== JSON.stringify(index.sort)) {
      throw new DynamoRunError("E_DYNAMO_TABLE", `table '${TableName}' has no index '${index.name}' with the keys given`, "pass keys: await describeTable(client, table), which names the table's indexes as they are");
    }
    return index.types === undefined ? { ...index, types: described.types! } : index;
  });
  return { ...keys, types: keys.types ?? shape.types!, ...(indexes === undefined ? {} : { indexes }) };
}

/** A Call for this run: under the retry policy, ended by `signal`, told to `onEvent`. */
export function callFor(TableName: string, backoff: Backoff, onEvent: ((event: DynamoRequestEvent) => void) | undefined) {
  return (signal: AbortSignal | undefined): Call =>
    (operation, send, index) => {
      const sent = sendWithRetry(operation, TableName, send, backoff, signal);
      return onEvent === undefined ? sent : heard(onEvent, { command: operation, table: TableName, ...(index === undefined ? {} : { index }) }, sent);
    };
}

/** The plan with the key types filled in from the table's description, when the keys lack them and a Query is planned. */
export async function typedKeys(client: DynamoDBClient, TableName: string, keys: DynamoKeys | undefined, planned: readonly DynamoRequest[], call: Call, signal: AbortSignal | undefined): Promise<DynamoKeys | undefined> {
  const untyped = keys !== undefined && (keys.types === undefined || keys.indexes?.some((index) => index.types === undefined) === true);
  return untyped && planned.some((r) => r.command === "Query") ? keyTypes(client, TableName, keys, call, signal) : undefined;
}
