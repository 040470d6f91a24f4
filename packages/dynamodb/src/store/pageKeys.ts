import type { AttributeValue, ScalarAttributeType } from "@aws-sdk/client-dynamodb";
import { RequestError, type PageKey } from "@itemfilter/emulator";
import { exactNumber } from "../run/exactNumber.js";

/** A DynamoDB table as the store serves it: key names and their declared types. */
export interface DynamoTable {
  name: string;
  primaryKey: string;
  primaryType: ScalarAttributeType;
  secondaryKey?: string;
  secondaryType?: ScalarAttributeType;
}

const notOurs = (): RequestError => new RequestError(400, "'startKey' is not a stopKey of this table; send back the stopKey unchanged");

function keyValue(value: string | number, type: ScalarAttributeType | undefined): AttributeValue {
  if (type === "S" && typeof value === "string") return { S: value };
  if (type === "N" && typeof value === "number") return { N: String(value === 0 ? 0 : value) };
  throw notOurs();
}

/**
 * startKey → ExclusiveStartKey. The service's page key is DynamoDB's
 * LastEvaluatedKey with the key attributes' names replaced by `primary` and
 * `secondary`, and their values as JSON (a string for S, a number for N).
 */
export function exclusiveStartKey(table: DynamoTable, key: PageKey | undefined): Record<string, AttributeValue> | undefined {
  if (key === undefined) return undefined;
  const out: Record<string, AttributeValue> = { [table.primaryKey]: keyValue(key.primary, table.primaryType) };
  if (table.secondaryKey !== undefined) {
    if (key.secondary === undefined) throw notOurs();
    out[table.secondaryKey] = keyValue(key.secondary, table.secondaryType);
  } else if (key.secondary !== undefined) throw notOurs();
  return out;
}

function readKeyValue(value: AttributeValue | undefined, name: string): string | number {
  if (value?.S !== undefined) return value.S;
  if (value?.N !== undefined) return exactNumber(value.N, name);
  throw new Error(`DynamoDB returned a key without the attribute ${JSON.stringify(name)} as a string or a number`);
}

/** LastEvaluatedKey (or a returned item's key attributes) → stopKey. */
export function pageKey(table: DynamoTable, key: Record<string, AttributeValue>): PageKey {
  const primary = readKeyValue(key[table.primaryKey], table.primaryKey);
  return table.secondaryKey === undefined ? { primary } : { primary, secondary: readKeyValue(key[table.secondaryKey], table.secondaryKey) };
}
