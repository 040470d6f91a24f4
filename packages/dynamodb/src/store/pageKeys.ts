import type { AttributeValue, ScalarAttributeType } from "@aws-sdk/client-dynamodb";
import { compareScalars, evaluate, format, isNumberValue, type NumberValue, type PredicateNode, type Scalar } from "@itemfilter/core";
import { RequestError, type KeyValue, type PageKey } from "@itemfilter/emulator";
import type { DynamoIndex, DynamoKeys } from "../plan/dynamoKeys.js";
import { exactNumber } from "../run/exactNumber.js";

/** A DynamoDB table as the store serves it: key names and their declared types, and its shape as the planner takes it. */
export interface DynamoTable {
  name: string;
  primaryKey: string;
  primaryType: ScalarAttributeType;
  secondaryKey?: string;
  secondaryType?: ScalarAttributeType;
  /** Keys, indexes and projections from the same DescribeTable answer (describeTable's shapeOf). */
  keys: DynamoKeys;
}

/**
 * What a page reads, so that a startKey is taken only where it belongs:
 * undefined for a Scan or a queryItems Query (a table key), the partition a
 * listItems Query on the table reads, or that and the index it reads.
 */
export interface PageTarget {
  partition: Scalar;
  index?: DynamoIndex;
  /** The Query's condition on its sort key: a startKey whose sort value is outside it is not one of this Query's. */
  range?: PredicateNode;
}

const UNLIMITED = { maxLength: Infinity, maxPredicates: Infinity, maxDepth: Infinity, maxInValues: Infinity };

/** A startKey outside the Query's key range: DynamoDB would refuse it ("outside query boundaries"), a 400 here. */
function checkRange(target: PageTarget | undefined, value: KeyValue | undefined): void {
  const range = target?.range;
  if (range === undefined || value === undefined || range.attribute === null) return;
  if (!evaluate(range, { [range.attribute.name]: value }, UNLIMITED)) {
    throw new RequestError(400, `'startKey' is outside the range of ${JSON.stringify(range.attribute.name)} this filter reads (${format(range)}); send back the stopKey of a page of this filter unchanged`);
  }
}

const notOurs = (): RequestError => new RequestError(400, "'startKey' is not a stopKey of this table; send back the stopKey unchanged");

function keyValue(value: KeyValue, type: ScalarAttributeType | undefined): AttributeValue {
  if (type === "S" && typeof value === "string") return { S: value };
  if (type === "N" && isNumberValue(value)) return { N: String(value === 0 ? 0 : value) };
  throw notOurs();
}

/** Whether a key value is the partition a Query reads: exactly (a 19-digit partition key is an ExactNumber). */
function samePartition(value: KeyValue, partition: Scalar): boolean {
  return (typeof value === "string") === (typeof partition === "string") && compareScalars(value, partition) === 0;
}

/**
 * startKey → ExclusiveStartKey. The service's page key is DynamoDB's
 * LastEvaluatedKey with the key attributes' names replaced by `primary` and
 * `secondary`, and their values as JSON (a string for S, a number for N);
 * after a listItems Query on an index, also `index`: the index's name and
 * the index's own keys the same way. A key of a Query is bound to the
 * partition it reads, one of an index to that index as well.
 */
export function exclusiveStartKey(table: DynamoTable, key: PageKey | undefined, target?: PageTarget): Record<string, AttributeValue> | undefined {
  if (key === undefined) return undefined;
  const out: Record<string, AttributeValue> = { [table.primaryKey]: keyValue(key.primary, table.primaryType) };
  if (table.secondaryKey !== undefined) {
    if (key.secondary === undefined) throw notOurs();
    out[table.secondaryKey] = keyValue(key.secondary, table.secondaryType);
  } else if (key.secondary !== undefined) throw notOurs();
  const index = target?.index;
  if (index === undefined) {
    if (key.index !== undefined || (target !== undefined && !samePartition(key.primary, target.partition))) throw notOurs();
    checkRange(target, key.secondary);
    return out;
  }
  const at = key.index;
  if (at === undefined || at.name !== index.name || !samePartition(at.primary, target!.partition) || (at.secondary === undefined) !== (index.sort === undefined)) throw notOurs();
  // listQuery reads no index with a multi-attribute key (a page key names one value of each key).
  const own: [string, KeyValue, ScalarAttributeType | undefined][] = [[index.partition as string, at.primary, index.types?.partition as ScalarAttributeType | undefined]];
  if (index.sort !== undefined) own.push([index.sort as string, at.secondary!, index.types?.sort as ScalarAttributeType | undefined]);
  for (const [name, value, type] of own) {
    const v = keyValue(value, type);
    // A local index shares the table's partition key: both halves of the key must name the same value.
    if (out[name] !== undefined && JSON.stringify(out[name]) !== JSON.stringify(v)) throw notOurs();
    out[name] = v;
  }
  checkRange(target, at.secondary);
  return out;
}

function readKeyValue(value: AttributeValue | undefined, name: string): string | NumberValue {
  if (value?.S !== undefined) return value.S;
  if (value?.N !== undefined) return exactNumber(value.N, name);
  throw new Error(`DynamoDB returned a key without the attribute ${JSON.stringify(name)} as a string or a number`);
}

/** LastEvaluatedKey (or a returned item's key attributes) → stopKey, with the index's keys after a Query on an index. */
export function pageKey(table: DynamoTable, key: Record<string, AttributeValue>, target?: PageTarget): PageKey {
  const primary = readKeyValue(key[table.primaryKey], table.primaryKey);
  const out: PageKey = table.secondaryKey === undefined ? { primary } : { primary, secondary: readKeyValue(key[table.secondaryKey], table.secondaryKey) };
  const index = target?.index;
  if (index === undefined) return out;
  const [partition, sort] = [index.partition as string, index.sort as string | undefined];
  const indexPrimary = readKeyValue(key[partition], partition);
  out.index = sort === undefined ? { name: index.name, primary: indexPrimary } : { name: index.name, primary: indexPrimary, secondary: readKeyValue(key[sort], sort) };
  return out;
}
