import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { createDynamoStore, writeTable } from "@itemfilter/dynamodb/store";
import type { Item, Store } from "@itemfilter/emulator";
import { startDynamoDbLocal, type DynamoDbLocal } from "./dynamoDbLocal.js";

/** DynamoDB Local holding some tables, and the store `itemfilter serve --dynamodb-endpoint` would put in front of them. */
export interface DynamoBackend {
  readonly db: DynamoDbLocal;
  readonly client: DynamoDBClient;
  readonly store: Store;
  close(): Promise<void>;
}

export interface TableToLoad {
  key: string;
  sortKey?: string;
  items: readonly Item[];
}

/** A client for DynamoDB Local: any credentials work there. */
export function localClient(endpoint: string): DynamoDBClient {
  // Only the SDK's notice that its 2027 versions need Node 22 (aws-sdk-js-v3#7983); other warnings still show.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
}

/** Starts DynamoDB Local, loads the tables with the store's own loader, and opens the store. */
export async function startDynamoBackend(tables: Readonly<Record<string, TableToLoad>>): Promise<DynamoBackend> {
  const db = await startDynamoDbLocal();
  const client = localClient(db.endpoint);
  try {
    for (const [table, { key, sortKey, items }] of Object.entries(tables)) await writeTable({ client, table, key, sortKey, items });
  } catch (error) {
    client.destroy();
    await db.stop();
    throw error;
  }
  return {
    db,
    client,
    store: createDynamoStore({ client }),
    async close() {
      client.destroy();
      await db.stop();
    },
  };
}
