import fc from "fast-check";
import type { AttributeValue, CreateTableCommandInput } from "@aws-sdk/client-dynamodb";
import { quoteString } from "@itemfilter/core";
import { combinedArbitrary, NUMBERS, STRINGS } from "./dynamoArbitraries.js";

/**
 * The index designs of issue 41 on one table keyed by customer (S) and
 * orderedAt (S): a global index that reuses the table's sort key (byStatus),
 * one with a multi-attribute key (byTenant: tenant, region; at, n), a
 * KEYS_ONLY one (bySku), an INCLUDE one (byKind: kind; total, with note) and
 * a local one (byTotal). Every non-table key attribute is missing on some
 * items, so each index is sparse on it.
 */
export const SHAPED_TABLE: Omit<CreateTableCommandInput, "TableName"> = {
  AttributeDefinitions: [
    { AttributeName: "customer", AttributeType: "S" },
    { AttributeName: "orderedAt", AttributeType: "S" },
    { AttributeName: "status", AttributeType: "S" },
    { AttributeName: "tenant", AttributeType: "S" },
    { AttributeName: "region", AttributeType: "S" },
    { AttributeName: "at", AttributeType: "S" },
    { AttributeName: "n", AttributeType: "N" },
    { AttributeName: "sku", AttributeType: "S" },
    { AttributeName: "kind", AttributeType: "S" },
    { AttributeName: "total", AttributeType: "N" },
  ],
  KeySchema: [
    { AttributeName: "customer", KeyType: "HASH" },
    { AttributeName: "orderedAt", KeyType: "RANGE" },
  ],
  GlobalSecondaryIndexes: [
    { IndexName: "byStatus", KeySchema: [{ AttributeName: "status", KeyType: "HASH" }, { AttributeName: "orderedAt", KeyType: "RANGE" }], Projection: { ProjectionType: "ALL" } },
    {
      IndexName: "byTenant",
      KeySchema: [
        { AttributeName: "tenant", KeyType: "HASH" },
        { AttributeName: "region", KeyType: "HASH" },
        { AttributeName: "at", KeyType: "RANGE" },
        { AttributeName: "n", KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "ALL" },
    },
    { IndexName: "bySku", KeySchema: [{ AttributeName: "sku", KeyType: "HASH" }], Projection: { ProjectionType: "KEYS_ONLY" } },
    { IndexName: "byKind", KeySchema: [{ AttributeName: "kind", KeyType: "HASH" }, { AttributeName: "total", KeyType: "RANGE" }], Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["note"] } },
  ],
  LocalSecondaryIndexes: [{ IndexName: "byTotal", KeySchema: [{ AttributeName: "customer", KeyType: "HASH" }, { AttributeName: "total", KeyType: "RANGE" }], Projection: { ProjectionType: "ALL" } }],
  BillingMode: "PAY_PER_REQUEST",
};

const CUSTOMERS = ["c1", "c2", "c3"];
const DATES = ["2024-01-05", "2024-02", "2024-03-01", "2024-03-09", "2025-01-01", "2023-12-31"];
const STATUSES = ["shipped", "pending", "lost"];
const TENANTS = ["a", "b"];
const REGIONS = ["eu", "us"];
const ATS = ["2024-01", "2024-03", "2024-05", "2025"];
const NS = [1, 2, 5];
const SKUS = ["B7", "B8", "C1"];
const KINDS = ["k1", "k2"];
const TOTALS = [0, 10, 250, 400.5];

type Cell = { json: unknown; raw: AttributeValue } | undefined;
const plain: fc.Arbitrary<Cell> = fc.oneof(
  fc.constantFrom(...STRINGS.slice(0, 6)).map((s) => ({ json: s, raw: { S: s } })),
  fc.constantFrom(...NUMBERS.slice(0, 6)).map((n) => ({ json: n, raw: { N: String(n) } })),
  fc.constant(undefined),
);
const maybe = <T extends string | number>(values: readonly T[]): fc.Arbitrary<Cell> =>
  fc.option(fc.constantFrom(...values).map((v) => ({ json: v, raw: typeof v === "string" ? { S: v } : { N: String(v) } })), { freq: 4, nil: undefined });

export interface ShapedRows {
  raw: Record<string, AttributeValue>[];
  json: Record<string, unknown>[];
}

const NAMES = ["status", "tenant", "region", "at", "n", "sku", "kind", "total", "note", "a"] as const;

export const shapedRowsArbitrary: fc.Arbitrary<ShapedRows> = fc
  .array(
    fc.tuple(fc.nat(CUSTOMERS.length - 1), fc.nat(DATES.length - 1), fc.tuple(maybe(STATUSES), maybe(TENANTS), maybe(REGIONS), maybe(ATS), maybe(NS), maybe(SKUS), maybe(KINDS), maybe(TOTALS), plain, plain)),
    { minLength: 8, maxLength: 40 },
  )
  .map((rows) => {
    const seen = new Set<string>();
    const out: ShapedRows = { raw: [], json: [] };
    for (const [c, d, cells] of rows) {
      const id = `${c}/${d}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const raw: Record<string, AttributeValue> = { customer: { S: CUSTOMERS[c]! }, orderedAt: { S: DATES[d]! } };
      const json: Record<string, unknown> = { customer: CUSTOMERS[c]!, orderedAt: DATES[d]! };
      NAMES.forEach((name, i) => {
        const cell = cells[i];
        if (cell === undefined) return;
        raw[name] = cell.raw;
        json[name] = cell.json;
      });
      out.raw.push(raw);
      out.json.push(json);
    }
    return out;
  });

const literal = (v: string | number): string => (typeof v === "string" ? quoteString(v) : String(v));
const subject = fc.constantFrom("customer", "orderedAt", "status", "tenant", "at", "n", "sku", "total", "note", "a");
const anyValue = fc.constantFrom<string | number>(...STATUSES, ...ATS, ...SKUS, "2024", "", "a", 0, 2, 10, 250);
const condition: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(subject, fc.constantFrom("=", "!=", "<", ">="), anyValue).map(([s, op, v]) => `${s} ${op} ${literal(v)}`),
  fc.tuple(subject, fc.constantFrom("is null", "is not null")).map(([s, op]) => `${s} ${op}`),
  fc.tuple(subject, fc.constantFrom("2024", "a", "")).map(([s, v]) => `${s} beginsWith ${literal(v)}`),
);
const free = combinedArbitrary(condition, 2);
const withFree = (pin: fc.Arbitrary<string>): fc.Arbitrary<string> => fc.tuple(pin, fc.option(free, { nil: null })).map(([p, f]) => (f === null ? p : `${p} and (${f})`));

const one = <T extends string | number>(name: string, values: readonly T[]): fc.Arbitrary<string> => fc.constantFrom(...values).map((v) => `${name} = ${literal(v)}`);
const inOf = <T extends string | number>(name: string, values: readonly T[]): fc.Arbitrary<string> =>
  fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 2 }).map((vs) => `${name} in (${vs.map(literal).join(", ")})`);

/** Pins that an index's key serves exactly: items read are the index's items in that key range (and as many fetched, for a KEYS_ONLY or INCLUDE index). */
export const keyPinArbitrary: fc.Arbitrary<string> = fc.oneof(
  one("status", STATUSES),
  fc.tuple(one("status", STATUSES), fc.constantFrom(...DATES, "2024")).map(([s, d]) => `${s} and orderedAt >= ${literal(d)}`),
  fc.tuple(one("tenant", TENANTS), one("region", REGIONS), fc.constantFrom(...ATS)).map(([t, r, a]) => `${t} and ${r} and at = ${literal(a)} and n >= 2`),
  fc.tuple(one("tenant", TENANTS), one("region", REGIONS)).map(([t, r]) => `${t} and ${r} and at is not null and n is not null`),
  one("sku", SKUS),
  fc.tuple(one("kind", KINDS), fc.constantFrom(...TOTALS)).map(([k, t]) => `${k} and total > ${t}`),
  fc.tuple(one("customer", CUSTOMERS), fc.constantFrom(...TOTALS)).map(([c, t]) => `${c} and total >= ${t}`),
);

const multi = fc.oneof(
  fc.tuple(inOf("tenant", TENANTS), one("region", REGIONS), fc.constantFrom(...ATS), fc.constantFrom("n > 1", "n = 2", "n is not null")).map(([t, r, a, n]) => `${t} and ${r} and at > ${literal(a)} and ${n}`),
  fc.tuple(one("tenant", TENANTS), inOf("region", REGIONS), fc.constantFrom(...ATS), fc.constantFrom(...NS)).map(([t, r, a, n]) => `${t} and ${r} and at = ${literal(a)} and n < ${n}`),
  fc.tuple(one("tenant", TENANTS), one("region", REGIONS)).map(([t, r]) => `${t} and ${r} and at beginsWith "2024" and n >= 1`),
  // Refused for byTenant (region not pinned, or n not required): another target or a Scan serves it.
  fc.tuple(one("tenant", TENANTS), fc.constantFrom(...ATS)).map(([t, a]) => `${t} and at > ${literal(a)}`),
  fc.tuple(one("tenant", TENANTS), one("region", REGIONS)).map(([t, r]) => `${t} and ${r}`),
);

const branch = fc.oneof(
  withFree(one("status", STATUSES)),
  withFree(fc.tuple(inOf("status", STATUSES), fc.constantFrom("2024", "2024-03")).map(([s, d]) => `${s} and orderedAt beginsWith ${literal(d)}`)),
  withFree(multi),
  withFree(one("sku", SKUS)),
  withFree(fc.tuple(one("kind", KINDS), fc.constantFrom(...TOTALS)).map(([k, t]) => `${k} and total >= ${t}`)),
  withFree(one("kind", KINDS)),
  withFree(fc.tuple(one("customer", CUSTOMERS), fc.constantFrom(...TOTALS)).map(([c, t]) => `${c} and total < ${t}`)),
  withFree(one("customer", CUSTOMERS)),
);

/** Filters over SHAPED_TABLE: one branch that some index's key serves, two such, or none. */
export const shapedFilterArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: branch, weight: 5 },
  { arbitrary: fc.tuple(branch, branch).map(([x, y]) => `(${x}) or (${y})`), weight: 2 },
  { arbitrary: free, weight: 1 },
);
