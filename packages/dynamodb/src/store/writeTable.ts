import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DescribeTableCommand,
  type AttributeDefinition,
  type DynamoDBClient,
  type KeySchemaElement,
  type TableDescription,
  type WriteRequest,
} from "@aws-sdk/client-dynamodb";
import { toItem } from "./attributeValues.js";

export interface WriteProgress {
  written: number;
  total: number;
}

export interface WriteTableOptions {
  client: DynamoDBClient;
  table: string;
  /** The partition (HASH) key's attribute. */
  key: string;
  /** The sort (RANGE) key's attribute, if any. */
  sortKey?: string | undefined;
  items: readonly Record<string, unknown>[];
  /** Called after every batch. */
  onProgress?: (progress: WriteProgress) => void;
  signal?: AbortSignal;
  /** Waits between retries of unprocessed items; real timers when left out. */
  sleep?: (ms: number) => Promise<void>;
}

export interface WriteResult {
  /** True when the table was created, false when it existed with the same keys. */
  created: boolean;
  written: number;
}

/** A problem with the items or the table, found before or while writing; `index` names the item. */
export class WriteTableError extends Error {
  constructor(
    readonly code: "E_ITEM" | "E_DUPLICATE_KEY" | "E_TABLE" | "E_UNPROCESSED",
    message: string,
    readonly index?: number,
  ) {
    super(message);
    this.name = "WriteTableError";
  }
}

/** BatchWriteItem takes at most 25 writes. */
const BATCH = 25;
const MAX_RETRIES = 10;

function keyType(value: unknown): "S" | "N" | undefined {
  if (typeof value === "string") return value === "" ? undefined : "S";
  if (typeof value === "number" && Number.isFinite(value)) return "N";
  return undefined;
}

/** The key attributes' types, checked on every item before anything is written: DynamoDB would refuse a batch halfway. */
function checkKeys(items: readonly Record<string, unknown>[], names: readonly string[]): AttributeDefinition[] {
  const types = new Map<string, "S" | "N">();
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const parts: string[] = [];
    for (const name of names) {
      const value = Object.hasOwn(item, name) ? item[name] : undefined;
      const type = keyType(value);
      if (type === undefined) {
        throw new WriteTableError("E_ITEM", `item ${index} needs the key attribute ${JSON.stringify(name)} as a non-empty string or a number (DynamoDB keys are one of these)`, index);
      }
      const expected = types.get(name) ?? type;
      if (type !== expected) {
        throw new WriteTableError("E_ITEM", `item ${index} has the key attribute ${JSON.stringify(name)} as a ${type === "S" ? "string" : "number"}, while earlier items have a ${expected === "S" ? "string" : "number"}; a DynamoDB key has one type`, index);
      }
      types.set(name, type);
      parts.push(`${type}:${String(value)}`);
    }
    const id = JSON.stringify(parts);
    const before = seen.get(id);
    if (before !== undefined) throw new WriteTableError("E_DUPLICATE_KEY", `items ${before} and ${index} have the same key; each item needs its own`, index);
    seen.set(id, index);
  });
  return names.map((name) => ({ AttributeName: name, AttributeType: types.get(name) ?? "S" }));
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates a table (on-demand billing) keyed as asked, or uses the one of that
 * name when its keys are the same, and writes the items with BatchWriteItem,
 * 25 at a time, retrying unprocessed items with exponential backoff.
 */
export async function writeTable(options: WriteTableOptions): Promise<WriteResult> {
  const { client, table, key, sortKey, items, onProgress, signal } = options;
  const sleep = options.sleep ?? wait;
  const names = sortKey === undefined ? [key] : [key, sortKey];
  const definitions = checkKeys(items, names);
  // Every item is converted before anything is created or written: a bad one stops the load whole.
  const converted = items.map((item, index) => {
    try {
      return toItem(item);
    } catch (error) {
      throw new WriteTableError("E_ITEM", `item ${index}: ${(error as Error).message}`, index);
    }
  });
  const schema: KeySchemaElement[] = [{ AttributeName: key, KeyType: "HASH" }, ...(sortKey === undefined ? [] : [{ AttributeName: sortKey, KeyType: "RANGE" as const }])];

  let created = false;
  let description: TableDescription | undefined;
  try {
    description = (await client.send(new DescribeTableCommand({ TableName: table }), { abortSignal: signal })).Table;
  } catch (error) {
    if ((error as { name?: unknown })?.name !== "ResourceNotFoundException") throw error;
  }
  if (description === undefined) {
    await client.send(new CreateTableCommand({ TableName: table, AttributeDefinitions: definitions, KeySchema: schema, BillingMode: "PAY_PER_REQUEST" }), { abortSignal: signal });
    created = true;
  } else {
    const same = JSON.stringify(description.KeySchema?.map((k) => [k.AttributeName, k.KeyType])) === JSON.stringify(schema.map((k) => [k.AttributeName, k.KeyType]));
    if (!same) {
      const theirs = (description.KeySchema ?? []).map((k) => `${k.AttributeName} (${k.KeyType})`).join(", ");
      throw new WriteTableError("E_TABLE", `table ${JSON.stringify(table)} already exists with the keys ${theirs}; load into another table, or give the same keys`);
    }
  }
  // Real DynamoDB creates a table in the background; DynamoDB Local is ACTIVE at once.
  for (let i = 0; ; i++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table }), { abortSignal: signal });
    if (Table?.TableStatus === "ACTIVE") break;
    if (i >= 120) throw new WriteTableError("E_TABLE", `table ${JSON.stringify(table)} did not become ACTIVE within a minute`);
    await sleep(500);
  }

  let written = 0;
  for (let start = 0; start < items.length; start += BATCH) {
    let pending: WriteRequest[] = converted.slice(start, start + BATCH).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > MAX_RETRIES) {
        throw new WriteTableError("E_UNPROCESSED", `DynamoDB left ${pending.length} items unwritten after ${MAX_RETRIES} retries (throttled); ${written} items were written; run the load again`, start);
      }
      if (attempt > 0) await sleep(Math.min(5_000, 50 * 2 ** attempt));
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }), { abortSignal: signal });
      pending = out.UnprocessedItems?.[table] ?? [];
    }
    written = Math.min(items.length, start + BATCH);
    onProgress?.({ written, total: items.length });
  }
  return { created, written };
}
