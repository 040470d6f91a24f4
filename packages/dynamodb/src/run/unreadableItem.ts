import { DescribeTableCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoRunError } from "./dynamoRunError.js";
import { unmarshalItem, unmarshalValue } from "./unmarshalItem.js";

/** The item's key as a person reads it, `id "a", at 3`: N as DynamoDB's text, so a number no double holds shows as stored. */
export function keyText(raw: Record<string, AttributeValue>, names: readonly string[]): string {
  return names
    .map((name) => {
      const value = raw[name];
      const text = value?.S !== undefined ? JSON.stringify(value.S) : value?.N !== undefined ? value.N : "(binary)";
      return `${name} ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`;
    })
    .join(", ");
}

/** The table's key attributes from DescribeTable, to name an unreadable item; undefined when DynamoDB does not say. */
export async function tableKeyNames(client: DynamoDBClient, TableName: string, signal?: AbortSignal): Promise<string[] | undefined> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName }), signal === undefined ? {} : { abortSignal: signal });
    const names = ["HASH", "RANGE"].map((type) => Table?.KeySchema?.find((k) => k.KeyType === type)?.AttributeName).filter((n): n is string => n !== undefined);
    return names.length === 0 ? undefined : names;
  } catch {
    return undefined;
  }
}

/**
 * The error for an item unmarshalItem could not read (E_DYNAMO_NUMBER), with
 * the item's key in its message: the same item fails every read that reaches
 * it, so the message must say which one to fix. Any other error is returned as it is.
 */
export function unreadableItem(error: unknown, raw: Record<string, AttributeValue>, keyNames: readonly string[] | undefined, table: string): unknown {
  if (!(error instanceof DynamoRunError) || error.code !== "E_DYNAMO_NUMBER") return error;
  const which = keyNames === undefined ? "an item" : `the item ${keyText(raw, keyNames)}`;
  return new DynamoRunError("E_DYNAMO_NUMBER", `${which} of table '${table}' cannot be read: ${error.message}`, error.hint, {
    ...(error.attribute === undefined ? {} : { attribute: error.attribute }),
    cause: error,
  });
}

/** The item as plain JSON, or the E_DYNAMO_NUMBER error that names it by the table's key. */
export async function readItem(client: DynamoDBClient, TableName: string, keys: { partition: string; sort?: string } | undefined, raw: Record<string, AttributeValue>, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
  try {
    return unmarshalItem(raw);
  } catch (error) {
    const names = keys === undefined ? await tableKeyNames(client, TableName, signal) : keys.sort === undefined ? [keys.partition] : [keys.partition, keys.sort];
    throw unreadableItem(error, raw, names, TableName);
  }
}

/** The attributes of a raw item JSON can carry, and the names of those it cannot (a lost `__proto__`, N text no number reads). */
export function readableAttributes(raw: Record<string, AttributeValue>): { item: Record<string, unknown>; unreadable: string[] } {
  const item: Record<string, unknown> = {};
  const unreadable: string[] = [];
  for (const name of Object.keys(raw)) {
    try {
      if (raw[name] === undefined) throw new TypeError("lost");
      Object.defineProperty(item, name, { value: unmarshalValue(raw[name]!, name), enumerable: true, writable: true, configurable: true });
    } catch {
      unreadable.push(name);
    }
  }
  return { item, unreadable };
}

/**
 * The item if the request's local check (its residual) selects it, else
 * undefined. An item that cannot be read is judged by what can be: the
 * residual only names key attributes, which are always readable, so an
 * unreadable item the check leaves out is passed over and its key named by
 * no error (it may be one the app's scope hides); one it selects is the
 * error that names it.
 */
export async function readSelected(
  client: DynamoDBClient,
  TableName: string,
  keys: { partition: string; sort?: string } | undefined,
  raw: Record<string, AttributeValue>,
  passes: ((item: unknown) => boolean) | null,
  signal: AbortSignal | undefined,
): Promise<Record<string, unknown> | undefined> {
  let item: Record<string, unknown>;
  try {
    item = await readItem(client, TableName, keys, raw, signal);
  } catch (error) {
    if (passes !== null && !passes(readableAttributes(raw).item)) return undefined;
    throw error;
  }
  return passes === null || passes(item) ? item : undefined;
}
