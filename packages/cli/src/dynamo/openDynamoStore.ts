import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import type { Store } from "@itemfilter/emulator";
import { createBackoff, withRetry } from "@itemfilter/dynamodb/run";
import type { CliContext } from "../cliContext.js";
import { dynamoCliError, dynamoRetry, openDynamoClient, type DynamoTarget } from "./openDynamoClient.js";

export interface DynamoStoreHandle {
  store: Store;
  /** The tables DynamoDB has now (the first 100), to say what is served. */
  tableNames: readonly string[];
  close(): void;
}

/**
 * The DynamoDB store `serve --dynamodb-endpoint` puts behind the emulator's
 * handler. It lists the tables once at start, so a wrong endpoint, region or
 * missing credentials stop the command at once rather than on the first request.
 */
export async function openDynamoStore(ctx: CliContext, target: DynamoTarget, timeoutMs?: number): Promise<DynamoStoreHandle> {
  const client = await openDynamoClient(ctx, target);
  try {
    const { createDynamoStore } = await import("@itemfilter/dynamodb/store");
    const retry = dynamoRetry(ctx, timeoutMs);
    // --timeout bounds each answer, retries included; each call's own limit cannot exceed it.
    const store = createDynamoStore({ client, retry, ...(timeoutMs === undefined ? {} : { answerWithinMs: timeoutMs }) });
    const { TableNames = [] } = await withRetry((signal) => client.send(new ListTablesCommand({ Limit: 100 }), { abortSignal: signal }), createBackoff(retry), ctx.signal);
    return { store, tableNames: TableNames, close: () => client.destroy() };
  } catch (error) {
    client.destroy();
    throw dynamoCliError(error, target.endpoint) ?? error;
  }
}
