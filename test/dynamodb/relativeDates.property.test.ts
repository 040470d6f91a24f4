import fc from "fast-check";
import { BatchWriteItemCommand, CreateTableCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { evaluate, FilterError, sortItems, type Schema } from "@itemfilter/core";
import { describeTable, explain, findAll, findPage, marshalItem, type DynamoRequestEvent } from "@itemfilter/dynamodb/run";
import type { DynamoKeys } from "@itemfilter/dynamodb";
import { localClient } from "../support/dynamoBackend.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { datedFilterArbitrary, TIME_ZONES } from "../property/dateArbitraries.js";

/**
 * Relative dates on DynamoDB Local (issue 43 §2). A table keyed by `pk` (S)
 * and the sort key `createdAt` (S, ISO 8601 instants), whose items also hold
 * the other formats (t epochMillis, s epochSeconds, iso, day isoDate):
 * - `pk = … and createdAt > now - N…` is a Query whose key condition holds the
 *   resolved bound (never a Scan), reading no more than the partition's items
 *   past it, and it selects exactly evaluate's items;
 * - random filters of relative bounds with a fixed `now` and time zone give
 *   findAll exactly evaluate's items;
 * - a findPage read on with another `now` (option and clock both moved)
 *   returns exactly the first `now`'s answer, and so does one with orderBy
 *   (Queries merged in order, or items sorted locally), in the first `now`'s order.
 */
const RUNS = Number(process.env.ITEMFILTER_DYNAMO_DATE_RUNS ?? 120);
const PAGE_RUNS = Math.ceil(RUNS / 2);
const ORDERED_RUNS = Math.ceil(RUNS / 8);
const TABLE = "dated";

const SCHEMA: Schema = {
  attributes: {
    pk: { type: "string" },
    createdAt: { type: "date", format: "iso" },
    t: { type: "date", format: "epochMillis" },
    s: { type: "date", format: "epochSeconds" },
    iso: { type: "date", format: "iso" },
    day: { type: "date", format: "isoDate" },
  },
};

const instant = fc.date({ min: new Date("2025-06-01T00:00:00Z"), max: new Date("2027-06-30T00:00:00Z"), noInvalidDate: true }).map((d) => d.getTime());
const rowArb = fc.record({
  pk: fc.constantFrom("a", "b"),
  createdAt: instant.map((ms) => new Date(ms).toISOString()),
  t: instant,
  s: instant.map((ms) => Math.floor(ms / 1000)),
  iso: instant.map((ms) => new Date(ms).toISOString()),
  day: instant.map((ms) => new Date(ms).toISOString().slice(0, 10)),
});
const rowsArb = fc.uniqueArray(rowArb, { minLength: 60, maxLength: 90, selector: (r) => `${r.pk}\u0000${r.createdAt}` });
const nowArb = fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2026-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.getTime());
const UNITS = { h: 5000, d: 300, w: 40, mo: 10, y: 1 } as const;
const boundArb = fc
  .tuple(fc.constantFrom(">", ">=", "<", "<="), fc.constantFrom("now", "today"), fc.constantFrom("+", "-"), fc.constantFrom(...(Object.keys(UNITS) as (keyof typeof UNITS)[])))
  .chain(([op, anchor, sign, unit]) => fc.integer({ min: 0, max: UNITS[unit] }).map((amount) => ({ op, text: `${anchor} ${sign} ${amount}${unit}` })));

type Row = Record<string, unknown>;
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
        { AttributeName: "createdAt", AttributeType: "S" },
      ],
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "createdAt", KeyType: "RANGE" },
      ],
      BillingMode: "PAY_PER_REQUEST",
    }),
  );
  rows = fc.sample(rowsArb, { numRuns: 1, seed: 4310 })[0]!;
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

afterEach(() => {
  vi.useRealTimers();
});

const id = (item: Row): string => JSON.stringify([item.pk, item.createdAt]);
const expectedIds = (filter: string, now: number, timeZone: string): string[] => rows.filter((row) => evaluate(filter, row, { now, timeZone, schema: SCHEMA })).map(id).sort();

async function pagesJoined(filter: string, first: number, later: number, timeZone: string, limit: number, orderBy?: string): Promise<string[]> {
  const base = { table: TABLE, filter, keys, timeZone, schema: SCHEMA, limit, ...(orderBy === undefined ? {} : { orderBy }) };
  let page = await findPage(client, { ...base, now: first });
  const joined = page.items.map((item) => id(item as Row));
  vi.useFakeTimers({ now: later, toFake: ["Date"] });
  for (let n = 0; page.cursor !== undefined; n++) {
    page = await findPage(client, { ...base, ...(n % 2 === 0 ? { now: later } : {}), cursor: page.cursor });
    joined.push(...page.items.map((item) => id(item as Row)));
  }
  vi.useRealTimers();
  return joined;
}

describe("relative dates on DynamoDB Local", () => {
  it(`a relative bound on the sort key is the Query's key condition, and the answers are evaluate's (${RUNS} bounds)`, async () => {
    let narrower = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("a", "b"), boundArb, nowArb, fc.constantFrom(...TIME_ZONES), async (pk, bound, now, timeZone) => {
        const filter = `pk = "${pk}" and createdAt ${bound.op} ${bound.text}`;
        const expected = expectedIds(filter, now, timeZone);
        const events: DynamoRequestEvent[] = [];
        const got: string[] = [];
        for await (const item of findAll(client, { table: TABLE, filter, keys, now, timeZone, schema: SCHEMA, onEvent: (e) => events.push(e) })) got.push(id(item as Row));
        expect(got.sort()).toEqual(expected);
        expect(events.filter((e) => e.command === "Scan")).toEqual([]);
        const queries = events.filter((e) => e.command === "Query");
        expect(queries.length).toBeGreaterThan(0);
        // The key condition took the bound: the Query read only the partition's items past it.
        const scanned = queries.reduce((sum, e) => sum + (e.scanned ?? 0), 0);
        expect(scanned).toBeLessThanOrEqual(expected.length);
        if (expected.length < rows.filter((r) => r.pk === pk).length) narrower++;
      }),
      { numRuns: RUNS, seed: 4311, endOnFailure: false },
    );
    expect(narrower).toBeGreaterThan(RUNS / 2);
  }, 300_000);

  it("the key condition holds the resolved value", async () => {
    const [request] = explain({ table: TABLE, filter: 'pk = "a" and createdAt > now - 7d', keys, now: "2026-11-28T09:14:00Z", schema: SCHEMA });
    expect(request!.command).toBe("Query");
    const input = request!.input as { KeyConditionExpression?: string; ExpressionAttributeValues?: Record<string, unknown> };
    expect(input.KeyConditionExpression).toMatch(/>/);
    expect(Object.values(input.ExpressionAttributeValues ?? {})).toContainEqual({ S: "2026-11-21T09:14:00.000Z" });
  });

  it(`random filters of relative bounds: findAll gives evaluate's items (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(datedFilterArbitrary, nowArb, fc.constantFrom(...TIME_ZONES), async (filter, now, timeZone) => {
        const expected = expectedIds(filter, now, timeZone);
        const got: string[] = [];
        try {
          for await (const item of findAll(client, { table: TABLE, filter, keys, now, timeZone, schema: SCHEMA })) got.push(id(item as Row));
        } catch (error) {
          // Bounds that resolve the wrong way round are refused as written-out ones are (E_BETWEEN_BOUNDS).
          if (error instanceof FilterError && error.code === "E_BETWEEN_BOUNDS") return;
          throw error;
        }
        expect(got.sort()).toEqual(expected);
      }),
      { numRuns: RUNS, seed: 4312, endOnFailure: false },
    );
  }, 300_000);

  it(`findPage read on with another now returns the first now's answer (${PAGE_RUNS} runs)`, async () => {
    let differs = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("a", "b"), boundArb, nowArb, nowArb, fc.constantFrom(...TIME_ZONES), fc.integer({ min: 1, max: 9 }), async (pk, bound, first, later, timeZone, limit) => {
        const filter = `pk = "${pk}" and createdAt ${bound.op} ${bound.text} or day >= today - 30d`;
        const expected = expectedIds(filter, first, timeZone);
        if (expectedIds(filter, later, timeZone).join() !== expected.join()) differs++;
        const joined = await pagesJoined(filter, first, later, timeZone, limit);
        expect([...joined].sort()).toEqual(expected);
        expect(new Set(joined).size).toBe(joined.length);
      }),
      { numRuns: PAGE_RUNS, seed: 4313, endOnFailure: false },
    );
    expect(differs).toBeGreaterThan(PAGE_RUNS / 4);
  }, 300_000);

  // Ordered pages go another way (their own cursor): it freezes the first page's `now` alike.
  const ORDERS = [
    { where: (pk: string) => `pk = "${pk}" and`, orderBy: "createdAt desc" },
    { where: (pk: string) => `pk in ("a", "${pk}") and`, orderBy: "createdAt asc" },
    { where: () => "", orderBy: "t desc" },
  ];
  const orderedIds = (filter: string, now: number, timeZone: string, orderBy: string): string[] =>
    sortItems(rows.filter((row) => evaluate(filter, row, { now, timeZone, schema: SCHEMA })), orderBy, { primary: "pk", secondary: "createdAt" }).map(id);

  it(`findPage with orderBy read on with another now returns the first now's answer in order (${ORDERED_RUNS} runs)`, async () => {
    let differs = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ORDERS), fc.constantFrom("a", "b"), boundArb, nowArb, nowArb, fc.constantFrom(...TIME_ZONES), fc.integer({ min: 3, max: 12 }), async (order, pk, bound, first, later, timeZone, limit) => {
        const filter = `${order.where(pk)} createdAt ${bound.op} ${bound.text}`.trim();
        const expected = orderedIds(filter, first, timeZone, order.orderBy);
        if (orderedIds(filter, later, timeZone, order.orderBy).join() !== expected.join()) differs++;
        expect(await pagesJoined(filter, first, later, timeZone, limit, order.orderBy)).toEqual(expected);
      }),
      { numRuns: ORDERED_RUNS, seed: 4314, endOnFailure: false },
    );
    expect(differs).toBeGreaterThan(ORDERED_RUNS / 4);
  }, 300_000);

  it("an ordered cursor carries its now only for a filter with dates, and an altered one is E_CURSOR before anything is sent", async () => {
    const now = Date.parse("2026-11-28T09:14:00Z");
    const body = (cursor: string): Record<string, unknown> => JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Record<string, unknown>;
    const base = { table: TABLE, filter: 'pk = "a" and createdAt > now - 1y', keys, schema: SCHEMA, orderBy: "createdAt desc", limit: 2 };
    const { cursor } = await findPage(client, { ...base, now });
    expect(body(cursor!).n).toBe(now);
    const plain = await findPage(client, { ...base, filter: 'pk = "a"', now });
    expect(Object.keys(body(plain.cursor!)).sort()).toEqual(["d", "o", "p", "v"]);
    const events: DynamoRequestEvent[] = [];
    for (const n of [now - 1, now + 86_400_000, undefined]) {
      const altered = Buffer.from(JSON.stringify({ ...body(cursor!), n }), "utf8").toString("base64url");
      await expect(findPage(client, { ...base, now, cursor: altered, onEvent: (e) => events.push(e) })).rejects.toMatchObject({ code: "E_CURSOR" });
    }
    expect(events).toEqual([]);
  });
});
