import fc from "fast-check";
import { BatchWriteItemCommand, CreateTableCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareStrings, evaluate } from "@itemfilter/core";
import { describeTable, findAll, findPage, marshalItem, type DynamoRequestEvent } from "@itemfilter/dynamodb/run";
import type { DynamoKeys } from "@itemfilter/dynamodb";
import { localClient } from "../support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";

/**
 * A range of strings on an S sort key is a key condition (planTarget.ts,
 * stringKeyRange.ts): on DynamoDB Local, a table whose sort key `sk` (S)
 * holds ISO-date-like and astral strings, and a global index whose sort key
 * `day` (S) some items lack, random ranges of one or two bounds return
 * exactly evaluate's items, each once (findAll, and findPage's pages
 * joined), and the Queries read (ScannedCount) no more than the partition's
 * items in the range the key condition takes: two inclusive bounds, else the
 * lower bound, else the upper. Before string ranges were key conditions the
 * Queries read the whole partition, and this test failed on its first
 * narrowing filter.
 */
const RUNS = Number(process.env.ITEMFILTER_DYNAMO_RANGE_RUNS ?? 150);
const TABLE = "ranges";

// Strings whose UTF-16 order differs from their UTF-8 order (U+E000, U+FFFD against astral ones), and dates.
const CHARS = ["0", "1", "2", "9", "-", "T", ":", "a", "\uE000", "\uFFFD", "\u{10000}", "\u{1F600}"];
const stringArb = fc.oneof(
  fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 6 }).map((cs) => cs.join("")),
  fc
    .tuple(fc.date({ min: new Date("2023-01-01T00:00:00Z"), max: new Date("2025-12-31T00:00:00Z"), noInvalidDate: true }), fc.constantFrom(4, 7, 10, 19))
    .map(([d, length]) => d.toISOString().slice(0, length)),
);

interface Row extends Record<string, unknown> {
  pk: string;
  sk: string;
  g: string;
  day?: string;
  n: number;
}

const rowsArb = fc.uniqueArray(fc.record({ pk: fc.constantFrom("a", "b"), sk: stringArb, g: fc.constantFrom("x", "y"), day: fc.option(stringArb, { nil: undefined }), n: fc.integer({ min: 0, max: 9 }) }), {
  minLength: 40,
  maxLength: 80,
  selector: (r) => `${r.pk}\u0000${r.sk}`,
});

const OPERATORS = [">", ">=", "<", "<="] as const;
type Op = (typeof OPERATORS)[number];
const boundArb = fc.record({ op: fc.constantFrom(...OPERATORS), value: stringArb });
const rangeArb = fc.record({ index: fc.boolean(), bounds: fc.array(boundArb, { minLength: 1, maxLength: 2 }), n: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }), partition: fc.constantFrom("a", "b", "x", "y") });

const holds = (value: unknown, { op, value: bound }: { op: Op; value: string }): boolean => {
  if (typeof value !== "string") return false;
  const c = compareStrings(value, bound);
  return op === ">" ? c > 0 : op === ">=" ? c >= 0 : op === "<" ? c < 0 : c <= 0;
};

/** The bounds the key condition takes, as stringKeyRange chooses them: two inclusive ones, else the first lower, else the first upper. */
function keyBounds(bounds: { op: Op; value: string }[]): { op: Op; value: string }[] {
  const lower = bounds.find((b) => b.op === ">" || b.op === ">=");
  const upper = bounds.find((b) => b.op === "<" || b.op === "<=");
  if (lower?.op === ">=" && upper?.op === "<=") return [lower, upper];
  return [lower ?? upper!];
}

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;
let rows: Row[];
let keys: DynamoKeys;

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = localClient(db);
  await client.send(
    new CreateTableCommand({
      TableName: TABLE,
      AttributeDefinitions: [
        { AttributeName: "pk", AttributeType: "S" },
        { AttributeName: "sk", AttributeType: "S" },
        { AttributeName: "g", AttributeType: "S" },
        { AttributeName: "day", AttributeType: "S" },
      ],
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: [{ IndexName: "byDay", KeySchema: [{ AttributeName: "g", KeyType: "HASH" }, { AttributeName: "day", KeyType: "RANGE" }], Projection: { ProjectionType: "ALL" } }],
      BillingMode: "PAY_PER_REQUEST",
    }),
  );
  rows = fc.sample(rowsArb, { numRuns: 1, seed: 41 })[0]!.map((r) => (r.day === undefined ? { pk: r.pk, sk: r.sk, g: r.g, n: r.n } : { ...r, day: r.day }));
  for (let at = 0; at < rows.length; at += 25) {
    const batch = rows.slice(at, at + 25).map((row) => ({ PutRequest: { Item: marshalItem(row) } }));
    const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [TABLE]: batch } }));
    expect(out.UnprocessedItems?.[TABLE] ?? []).toEqual([]);
  }
  keys = await describeTable(client, TABLE);
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

const id = (item: Record<string, unknown>): string => JSON.stringify([item.pk, item.sk]);

describe("string ranges on an S sort key, on DynamoDB Local", () => {
  it(`findAll and findPage select exactly evaluate's items and the Queries read only the key range (${RUNS} ranges)`, async () => {
    let narrower = 0;
    await fc.assert(
      fc.asyncProperty(rangeArb, fc.integer({ min: 1, max: 7 }), async ({ index, bounds, n, partition }, pageSize) => {
        const [hash, range] = index ? ["g", "day"] : ["pk", "sk"];
        const part = index ? (partition === "a" ? "x" : partition === "b" ? "y" : partition) : partition === "x" ? "a" : partition === "y" ? "b" : partition;
        // The generated strings hold no quote or backslash; JSON.stringify writes them as the filter's string literals.
        const conditions = [`${hash} = ${JSON.stringify(part)}`, ...bounds.map((b) => `${range} ${b.op} ${JSON.stringify(b.value)}`), ...(n === null ? [] : [`n > ${n}`])];
        const filter = conditions.join(" and ");
        const expected = rows.filter((row) => evaluate(filter, row)).map(id).sort();

        const events: DynamoRequestEvent[] = [];
        const got: string[] = [];
        for await (const item of findAll(client, { table: TABLE, filter, keys, onEvent: (e) => events.push(e) })) got.push(id(item));
        expect([...got].sort()).toEqual(expected);

        // The filter pins the table's or the index's partition, so nothing is a Scan.
        expect(events.filter((e) => e.command === "Scan")).toEqual([]);
        const queries = events.filter((e) => e.command === "Query");
        expect(queries.every((e) => e.index === (index ? "byDay" : undefined))).toBe(true);
        const inPartition = rows.filter((row) => row[hash] === part && typeof row[range] === "string");
        const inRange = inPartition.filter((row) => keyBounds(bounds).every((b) => holds(row[range], b)));
        const scanned = queries.reduce((sum, e) => sum + (e.scanned ?? 0), 0);
        expect(scanned).toBeLessThanOrEqual(inRange.length);
        if (inRange.length < inPartition.length) narrower++;

        const joined: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await findPage(client, { table: TABLE, filter, keys, limit: pageSize, ...(cursor === undefined ? {} : { cursor }) });
          joined.push(...page.items.map(id));
          cursor = page.cursor;
        } while (cursor !== undefined);
        expect(joined).toEqual(got);
      }),
      { numRuns: RUNS, seed: 41, endOnFailure: false },
    );
    // Most ranges leave some of the partition out, so reading at most the range is a real narrowing.
    expect(narrower).toBeGreaterThan(RUNS / 2);
  }, 300_000);
});
