import type { CreateTableCommandInput } from "@aws-sdk/client-dynamodb";
import type { Item } from "@itemfilter/emulator";

/**
 * A table of orders keyed by tenant (S) and id (N), with two global indexes:
 * byStatus (status, placed; ALL) is sparse, since items without `placed` are
 * not in it; byRegion (region; KEYS_ONLY) holds only keys.
 */
export const ORDERS_TWO_GSIS: Omit<CreateTableCommandInput, "TableName"> = {
  AttributeDefinitions: [
    { AttributeName: "tenant", AttributeType: "S" },
    { AttributeName: "id", AttributeType: "N" },
    { AttributeName: "status", AttributeType: "S" },
    { AttributeName: "placed", AttributeType: "N" },
    { AttributeName: "region", AttributeType: "S" },
  ],
  KeySchema: [
    { AttributeName: "tenant", KeyType: "HASH" },
    { AttributeName: "id", KeyType: "RANGE" },
  ],
  GlobalSecondaryIndexes: [
    { IndexName: "byStatus", KeySchema: [{ AttributeName: "status", KeyType: "HASH" }, { AttributeName: "placed", KeyType: "RANGE" }], Projection: { ProjectionType: "ALL" } },
    { IndexName: "byRegion", KeySchema: [{ AttributeName: "region", KeyType: "HASH" }], Projection: { ProjectionType: "KEYS_ONLY" } },
  ],
  BillingMode: "PAY_PER_REQUEST",
};

/** The same with a local index too: byTotal (tenant, total; KEYS_ONLY). */
export const ORDERS_TABLE: Omit<CreateTableCommandInput, "TableName"> = {
  ...ORDERS_TWO_GSIS,
  AttributeDefinitions: [...ORDERS_TWO_GSIS.AttributeDefinitions!, { AttributeName: "total", AttributeType: "N" }],
  LocalSecondaryIndexes: [{ IndexName: "byTotal", KeySchema: [{ AttributeName: "tenant", KeyType: "HASH" }, { AttributeName: "total", KeyType: "RANGE" }], Projection: { ProjectionType: "KEYS_ONLY" } }],
};

/** 60 orders; index keys are left out now and then (never NULL: DynamoDB refuses another type on an index key), `note` is sometimes null. */
export function orderItems(): Item[] {
  return Array.from({ length: 60 }, (_, i) => {
    const item: Item = { tenant: `t${i % 3}`, id: i };
    if (i % 4 !== 3) item.status = ["shipped", "open", "held"][i % 4]!;
    if (i % 5 !== 0) item.placed = (i * 5) % 9;
    if (i % 7 !== 0) item.region = i % 2 === 0 ? "eu" : "us";
    if (i % 6 !== 0) item.total = i * 1.5;
    if (i % 3 === 1) item.note = `n${i}`;
    else if (i % 3 === 2) item.note = null;
    return item;
  });
}
