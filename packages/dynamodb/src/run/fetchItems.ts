import { BatchGetItemCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { DynamoRequest } from "../plan/planDynamo.js";
import { DynamoRunError } from "./dynamoRunError.js";
import type { Backoff } from "./retryPolicy.js";
import type { Call } from "./runCalls.js";

/** DynamoDB's most keys in one BatchGetItem. */
export const BATCH_GET_KEYS = 100;

type Raw = Record<string, AttributeValue>;

/**
 * The whole items of the table for an index's items, in their order: each
 * index item's table key (request.fetch.keys) read with BatchGetItem, 100
 * keys a call. Keys DynamoDB leaves unprocessed are asked for again after the
 * retry policy's wait, for as long as some call makes progress; past
 * `backoff.retries` calls in a row without any, E_DYNAMO_BUSY. An item
 * deleted since the index was written is not in the answer: undefined at its
 * place. Each call goes through `call` (retries of throttling, onEvent);
 * `counted` asks for the consumed capacity onEvent reports.
 */
export async function fetchItems(client: DynamoDBClient, TableName: string, request: DynamoRequest, raws: readonly Raw[], call: Call, backoff: Backoff, signal: AbortSignal | undefined, counted = false): Promise<(Raw | undefined)[]> {
  const fetch = request.fetch!;
  const keyOf = (raw: Raw): Raw => Object.fromEntries(fetch.keys.map((name) => [name, raw[name]!]));
  const id = (raw: Raw): string => JSON.stringify(fetch.keys.map((name) => raw[name]));
  const found = new Map<string, Raw>();
  const wanted = [...new Map(raws.map((raw) => [id(raw), keyOf(raw)])).values()];
  for (let at = 0; at < wanted.length; at += BATCH_GET_KEYS) {
    let pending = wanted.slice(at, at + BATCH_GET_KEYS);
    for (let stalled = 0; pending.length > 0; ) {
      const keys = pending;
      const out = await call(
        "BatchGetItem",
        (attempt) =>
          client.send(
            new BatchGetItemCommand({
              RequestItems: {
                [TableName]: {
                  Keys: keys,
                  ...(fetch.ProjectionExpression === undefined ? {} : { ProjectionExpression: fetch.ProjectionExpression, ExpressionAttributeNames: fetch.ExpressionAttributeNames }),
                },
              },
              // Asked only when onEvent listens: the read capacity it reports.
              ...(counted ? { ReturnConsumedCapacity: "TOTAL" as const } : {}),
            }),
            // Each attempt's signal: the run's, and the retry policy's time limit on the call.
            { abortSignal: attempt },
          ),
        request.input.IndexName,
      );
      for (const item of out.Responses?.[TableName] ?? []) found.set(id(item), item);
      const left = out.UnprocessedKeys?.[TableName]?.Keys ?? [];
      stalled = left.length < keys.length ? 0 : stalled + 1;
      pending = left;
      if (pending.length === 0) break;
      if (stalled > backoff.retries) {
        throw new DynamoRunError(
          "E_DYNAMO_BUSY",
          `DynamoDB left ${pending.length} keys of table '${TableName}' unprocessed through ${backoff.retries} BatchGetItem retries in a row without progress`,
          "DynamoDB is throttling the table: try again later, or give it more capacity",
        );
      }
      await backoff.wait(Math.max(1, stalled), signal);
    }
  }
  return raws.map((raw) => found.get(id(raw)));
}
