import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { createDynamoStore, writeTable } from "@itemfilter/dynamodb/store";
import type { Item, Store } from "@itemfilter/emulator";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "./dynamoDbLocal.js";

/** DynamoDB Local holding some tables, and the store `itemfilter serve --dynamodb-endpoint` would put in front of them. */
export interface DynamoBackend {
  readonly db: DynamoDbLocalDatabase;
  readonly client: DynamoDBClient;
  readonly store: Store;
  close(): Promise<void>;
}

export interface TableToLoad {
  key: string;
  sortKey?: string;
  items: readonly Item[];
}

/** A client for a database of DynamoDB Local (its credentials name the database: any work there). */
export function localClient(db: Pick<DynamoDbLocalDatabase, "endpoint" | "credentials">): DynamoDBClient {
  // Only the SDK's notice that its 2027 versions need Node 22 (aws-sdk-js-v3#7983); other warnings still show.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return new DynamoDBClient({ endpoint: db.endpoint, region: "us-east-1", credentials: db.credentials });
}

/** Takes a database of DynamoDB Local (sharedDynamoDbLocal), loads the tables with the store's own loader, and opens the store. */
export async function startDynamoBackend(tables: Readonly<Record<string, TableToLoad>>): Promise<DynamoBackend> {
  const db = await sharedDynamoDbLocal();
  const client = localClient(db);
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
