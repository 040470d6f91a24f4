import { DescribeTableCommand, type DynamoDBClient, type TableDescription } from "@aws-sdk/client-dynamodb";
import type { DynamoIndex, DynamoKeys } from "../plan/dynamoKeys.js";
import type { KeyType } from "../plan/keyCondition.js";

// One DescribeTable per client and table: a table's keys and indexes change only when someone
// creates or drops an index, and a plan built on a stale shape is refused by DynamoDB, not wrong.
const cache = new WeakMap<DynamoDBClient, Map<string, Promise<DynamoKeys>>>();

/**
 * The table's shape as the planner takes it for `keys`: its key schema with
 * the key types, its global and local secondary indexes (keys, types and
 * projections) and its item count, read once per client and table with
 * DescribeTable and cached (a failed call is not). `send` wraps the call
 * (findAll's retry policy and onEvent hook).
 */
export function describeTable(client: DynamoDBClient, table: string, send?: (describe: (signal?: AbortSignal) => Promise<TableDescription | undefined>) => Promise<TableDescription | undefined>): Promise<DynamoKeys> {
  let byTable = cache.get(client);
  if (byTable === undefined) cache.set(client, (byTable = new Map()));
  const known = byTable.get(table);
  if (known !== undefined) return known;
  const describe = async (signal?: AbortSignal) => (await client.send(new DescribeTableCommand({ TableName: table }), signal === undefined ? {} : { abortSignal: signal })).Table;
  const shape = (send === undefined ? describe() : send(describe)).then(shapeOf);
  byTable.set(table, shape);
  shape.catch(() => byTable.delete(table));
  return shape;
}

/**
 * Forgets the cached shape of a table, so the next call reads it again:
 * findAll and findPage call it when DynamoDB refuses a request for an index
 * or a key the cached shape names (an index dropped or a table re-created).
 */
export function forgetTable(client: DynamoDBClient, table: string): void {
  cache.get(client)?.delete(table);
}

const byName = (x: { IndexName?: string }, y: { IndexName?: string }): number => ((x.IndexName ?? "") < (y.IndexName ?? "") ? -1 : 1);

/** The shape of a DescribeTable answer: local indexes, then global ones, each by name. */
export function shapeOf(description: TableDescription | undefined): DynamoKeys {
  const typeOf = (name: string | undefined): KeyType | undefined => description?.AttributeDefinitions?.find((d) => d.AttributeName === name)?.AttributeType as KeyType | undefined;
  const keysOf = (schema: TableDescription["KeySchema"]) => {
    const partition = schema?.find((k) => k.KeyType === "HASH")?.AttributeName ?? "";
    const sort = schema?.find((k) => k.KeyType === "RANGE")?.AttributeName;
    return { partition, ...(sort === undefined ? {} : { sort }), types: { partition: typeOf(partition), ...(sort === undefined ? {} : { sort: typeOf(sort) }) } };
  };
  // A global index's key may have up to four attributes of each kind (in KeySchema's order): one is a name, several a list.
  const indexKeysOf = (schema: TableDescription["KeySchema"]) => {
    const of = (kind: "HASH" | "RANGE") => (schema ?? []).filter((k) => k.KeyType === kind).map((k) => k.AttributeName ?? "");
    const one = <T>(list: T[]): T | T[] | undefined => (list.length === 0 ? undefined : list.length === 1 ? list[0] : list);
    const [partitions, sorts] = [of("HASH"), of("RANGE")];
    const partition = one(partitions) ?? "";
    const sort = one(sorts);
    const types = { partition: one(partitions.map(typeOf)), ...(sort === undefined ? {} : { sort: one(sorts.map(typeOf)) }) };
    return { partition, ...(sort === undefined ? {} : { sort }), types } as Pick<DynamoIndex, "partition" | "sort" | "types">;
  };
  const indexes: DynamoIndex[] = [];
  const add = (kind: DynamoIndex["kind"], list: readonly { IndexName?: string; KeySchema?: TableDescription["KeySchema"]; Projection?: { ProjectionType?: string; NonKeyAttributes?: string[] }; ItemCount?: number }[] | undefined) => {
    for (const index of list ?? []) {
      const type = index.Projection?.ProjectionType;
      const projection = type === "ALL" ? "ALL" : type === "INCLUDE" ? [...(index.Projection?.NonKeyAttributes ?? [])] : "KEYS_ONLY";
      indexes.push({ name: index.IndexName ?? "", kind, ...indexKeysOf(index.KeySchema), projection, ...(index.ItemCount === undefined ? {} : { itemCount: index.ItemCount }) });
    }
  };
  // DynamoDB lists indexes in no set order; the planner breaks ties by order, so it is made one.
  add("local", [...(description?.LocalSecondaryIndexes ?? [])].sort(byName));
  add("global", [...(description?.GlobalSecondaryIndexes ?? [])].sort(byName));
  const itemCount = description?.ItemCount;
  const sizeBytes = description?.TableSizeBytes;
  return { ...keysOf(description?.KeySchema), indexes, ...(itemCount === undefined ? {} : { itemCount }), ...(sizeBytes === undefined ? {} : { sizeBytes }) };
}
