import { isExactNumber } from "@itemfilter/core";
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DescribeTableCommand,
  type AttributeDefinition,
  type AttributeValue,
  type DynamoDBClient,
  type KeySchemaElement,
  type TableDescription,
  type WriteRequest,
} from "@aws-sdk/client-dynamodb";
import { createBackoff, isRetryable, withRetry, withTimeout, type RetryOptions } from "../run/retryPolicy.js";
import { toItem } from "./attributeValues.js";
import { itemProblem, type ItemRule } from "./itemLimits.js";
import { SetValueError } from "../run/setAttribute.js";

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
  /** The index of the first item to write, to resume a load: the items before it are checked, not written. 0 when left out. */
  from?: number;
  /** Called after every batch; `written` and `total` count the items from `from`. */
  onProgress?: (progress: WriteProgress) => void;
  signal?: AbortSignal;
  /** Waits while the table becomes ACTIVE, and between retries unless `retry.sleep` is given; real timers when left out. */
  sleep?: (ms: number) => Promise<void>;
  /** The retry policy (README, "Retries"): throttling and 5xx are retried while writes make progress. */
  retry?: RetryOptions;
}

export interface WriteResult {
  /** True when the table was created, false when it existed with the same keys. */
  created: boolean;
  written: number;
}

export type WriteTableErrorCode = "E_ITEM" | "E_DUPLICATE_KEY" | "E_TABLE" | "E_UNPROCESSED" | "E_WRITE";

export interface WriteTableErrorDetails {
  /** E_ITEM, E_DUPLICATE_KEY: the item. E_UNPROCESSED, E_WRITE: the first item not known to be written; every item before it (from `from`) was. */
  index?: number;
  /** E_DUPLICATE_KEY: the earlier item with the same key. */
  other?: number;
  /** E_ITEM: DynamoDB's rule the item breaks. */
  rule?: ItemRule;
  /** What is wrong, without naming the item (E_ITEM, so a caller can name it by its file and line) or counting the items written. */
  detail?: string;
  /** E_UNPROCESSED, E_WRITE: the items written before it stopped. */
  written?: number;
  cause?: unknown;
}

/** The developer's next step for each code. */
const HINTS: Record<WriteTableErrorCode, string> = {
  E_ITEM: "fix or leave out the item (index); nothing was written",
  E_DUPLICATE_KEY: "give each item its own key (index and other); nothing was written",
  E_TABLE: "load into another table, or give the keys the table has",
  E_UNPROCESSED: "call again with from: index once DynamoDB has capacity; every item before index was written",
  E_WRITE: "DynamoDB's error is the cause; once it is dealt with, call again with from: index",
};

/**
 * A problem with the items or the table, found before anything is written
 * (E_ITEM, E_DUPLICATE_KEY, E_TABLE), or a write that failed (E_UNPROCESSED:
 * throttled past the retry policy; E_WRITE: refused), saying how far it got.
 */
export class WriteTableError extends Error {
  readonly index: number | undefined;
  readonly other: number | undefined;
  readonly rule: ItemRule | undefined;
  readonly detail: string | undefined;
  readonly written: number | undefined;
  /** The developer's next step. */
  readonly hint: string;

  constructor(
    readonly code: WriteTableErrorCode,
    message: string,
    details: WriteTableErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "WriteTableError";
    this.hint = HINTS[code];
    this.index = details.index;
    this.other = details.other;
    this.rule = details.rule;
    this.detail = details.detail;
    this.written = details.written;
  }
}

/** BatchWriteItem takes at most 25 writes. */
const BATCH = 25;

function keyType(value: unknown): "S" | "N" | undefined {
  if (typeof value === "string") return value === "" ? undefined : "S";
  if ((typeof value === "number" && Number.isFinite(value)) || isExactNumber(value)) return "N";
  return undefined;
}

function badItem(index: number, rule: ItemRule, detail: string): WriteTableError {
  return new WriteTableError("E_ITEM", `item ${index}: ${detail}`, { index, rule, detail });
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
      if (type === undefined) throw badItem(index, "key", `the key attribute ${JSON.stringify(name)} must be a non-empty string or a number (DynamoDB keys are one of these)`);
      const expected = types.get(name) ?? type;
      if (type !== expected) {
        throw badItem(index, "key", `the key attribute ${JSON.stringify(name)} is a ${type === "S" ? "string" : "number"}, while earlier items have a ${expected === "S" ? "string" : "number"}; a DynamoDB key has one type`);
      }
      types.set(name, type);
      // A double's text and an ExactNumber's never name one number (a double is never an ExactNumber); -0 is 0.
      parts.push(`${type}:${value === 0 ? 0 : String(value)}`);
    }
    const id = JSON.stringify(parts);
    const before = seen.get(id);
    if (before !== undefined) throw new WriteTableError("E_DUPLICATE_KEY", `items ${before} and ${index} have the same key; each item needs its own`, { index, other: before });
    seen.set(id, index);
  });
  return names.map((name) => ({ AttributeName: name, AttributeType: types.get(name) ?? "S" }));
}

/** Every item as DynamoDB attributes, each checked against DynamoDB's rules, before anything is created or written. */
function convert(items: readonly Record<string, unknown>[], keys: { partition: string; sort?: string | undefined }): Record<string, AttributeValue>[] {
  return items.map((item, index) => {
    let converted: Record<string, AttributeValue>;
    try {
      converted = toItem(item);
    } catch (error) {
      throw badItem(index, error instanceof SetValueError ? "set" : "number", (error as Error).message);
    }
    const problem = itemProblem(converted, keys);
    if (problem !== undefined) throw badItem(index, problem.rule, problem.message);
    return converted;
  });
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function describeError(error: unknown): string {
  const e = error as { name?: unknown; message?: unknown };
  const name = typeof e?.name === "string" ? e.name : "Error";
  const message = typeof e?.message === "string" && e.message !== "" && e.message !== name ? `: ${e.message.slice(0, 300)}` : "";
  return `${name}${message}`;
}

/**
 * Creates a table (on-demand billing) keyed as asked, or uses the one of that
 * name when its keys are the same, and writes the items with BatchWriteItem,
 * 25 at a time. Every item is checked first (keys, DynamoDB's item rules), so
 * a bad one stops the load before anything is written. Throttling, 5xx and
 * unprocessed items are retried with backoff while the writes make progress.
 */
export async function writeTable(options: WriteTableOptions): Promise<WriteResult> {
  const { client, table, key, sortKey, items, onProgress, signal } = options;
  const from = options.from ?? 0;
  if (!Number.isSafeInteger(from) || from < 0 || from > items.length) throw new RangeError(`from must be a whole number from 0 to ${items.length}, not ${from}`);
  const sleep = options.sleep ?? wait;
  const backoff = createBackoff({ ...(options.sleep === undefined ? {} : { sleep: options.sleep }), ...options.retry });
  const names = sortKey === undefined ? [key] : [key, sortKey];
  const definitions = checkKeys(items, names);
  const converted = convert(items, { partition: key, sort: sortKey });
  const schema: KeySchemaElement[] = [{ AttributeName: key, KeyType: "HASH" }, ...(sortKey === undefined ? [] : [{ AttributeName: sortKey, KeyType: "RANGE" as const }])];
  const describe = () => withRetry((attempt) => client.send(new DescribeTableCommand({ TableName: table }), { abortSignal: attempt }), backoff, signal);

  let created = false;
  let description: TableDescription | undefined;
  try {
    description = (await describe()).Table;
  } catch (error) {
    if ((error as { name?: unknown })?.name !== "ResourceNotFoundException") throw error;
  }
  if (description === undefined) {
    const input = { TableName: table, AttributeDefinitions: definitions, KeySchema: schema, BillingMode: "PAY_PER_REQUEST" as const };
    await withRetry((attempt) => client.send(new CreateTableCommand(input), { abortSignal: attempt }), backoff, signal);
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
    const { Table } = await describe();
    if (Table?.TableStatus === "ACTIVE") break;
    if (i >= 120) throw new WriteTableError("E_TABLE", `table ${JSON.stringify(table)} did not become ACTIVE within a minute`);
    await sleep(500);
  }

  const total = items.length - from;
  let written = 0;
  for (let start = from; start < items.length; start += BATCH) {
    const batch = converted.slice(start, start + BATCH);
    let pending: WriteRequest[] = batch.map((Item) => ({ PutRequest: { Item } }));
    // Retries in a row that wrote nothing; any item written starts the count again.
    let stalled = 0;
    let last: unknown;
    for (;;) {
      let left: WriteRequest[];
      try {
        const out = await withTimeout((attempt) => client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }), { abortSignal: attempt }), backoff.timeoutMs, signal);
        left = out.UnprocessedItems?.[table] ?? [];
        last = undefined;
      } catch (error) {
        const done = written + batch.length - pending.length;
        if (signal?.aborted) throw error;
        if (!isRetryable(error)) {
          const detail = `DynamoDB refused a write (${describeError(error)})`;
          throw new WriteTableError("E_WRITE", `${detail}; ${done} of ${total} items were written`, { index: start, written: done, detail, cause: error });
        }
        left = pending;
        last = error;
      }
      const progress = left.length < pending.length;
      pending = left;
      if (pending.length === 0) break;
      stalled = progress ? 0 : stalled + 1;
      if (stalled > backoff.retries) {
        const done = written + batch.length - pending.length;
        const why = last === undefined ? `left ${pending.length} items unprocessed` : `answered ${describeError(last)}`;
        const detail = `DynamoDB ${why} through ${backoff.retries} retries in a row without progress (throttled)`;
        throw new WriteTableError("E_UNPROCESSED", `${detail}; ${done} of ${total} items were written`, {
          index: start,
          written: done,
          detail,
          ...(last === undefined ? {} : { cause: last }),
        });
      }
      const delayMs = backoff.delay(Math.max(1, stalled));
      if (last !== undefined) backoff.told(last, stalled, delayMs);
      await backoff.sleep(delayMs, signal);
    }
    written += batch.length;
    onProgress?.({ written, total });
  }
  return { created, written };
}
