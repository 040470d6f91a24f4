import fc from "fast-check";
import type { AttributeValue, CreateTableCommandInput } from "@aws-sdk/client-dynamodb";
import { quoteString } from "@itemfilter/core";
import { combinedArbitrary, NUMBERS, STRINGS } from "./dynamoArbitraries.js";

/**
 * A table with secondary indexes of every kind the planner weighs, and the
 * filters that pin their keys. Items carry the index keys `g` (S), `h` (N)
 * and `l` (S) often but not always, so every index is sparse; a, b, c hold
 * anything. The table's keys are pk (S) and sk (N).
 */
export const INDEXED_TABLE: Omit<CreateTableCommandInput, "TableName"> = {
  AttributeDefinitions: [
    { AttributeName: "pk", AttributeType: "S" },
    { AttributeName: "sk", AttributeType: "N" },
    { AttributeName: "g", AttributeType: "S" },
    { AttributeName: "h", AttributeType: "N" },
    { AttributeName: "l", AttributeType: "S" },
  ],
  KeySchema: [
    { AttributeName: "pk", KeyType: "HASH" },
    { AttributeName: "sk", KeyType: "RANGE" },
  ],
  GlobalSecondaryIndexes: [
    { IndexName: "byGH", KeySchema: [{ AttributeName: "g", KeyType: "HASH" }, { AttributeName: "h", KeyType: "RANGE" }], Projection: { ProjectionType: "ALL" } },
    { IndexName: "byG", KeySchema: [{ AttributeName: "g", KeyType: "HASH" }], Projection: { ProjectionType: "ALL" } },
    { IndexName: "byHKeys", KeySchema: [{ AttributeName: "h", KeyType: "HASH" }], Projection: { ProjectionType: "KEYS_ONLY" } },
    { IndexName: "byLH", KeySchema: [{ AttributeName: "l", KeyType: "HASH" }, { AttributeName: "h", KeyType: "RANGE" }], Projection: { ProjectionType: "ALL" } },
    { IndexName: "byLInclude", KeySchema: [{ AttributeName: "l", KeyType: "HASH" }], Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["a"] } },
  ],
  LocalSecondaryIndexes: [{ IndexName: "byL", KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "l", KeyType: "RANGE" }], Projection: { ProjectionType: "KEYS_ONLY" } }],
  BillingMode: "PAY_PER_REQUEST",
};

const PKS = ["p1", "p2", "p3"];
const GS = ["g1", "g2", "g3"];
const HS = [1, 2, 3, 5];
const LS = ["l1", "l2", "m", "lx"];

type Cell = { json: unknown; raw: AttributeValue } | undefined;
const plain: fc.Arbitrary<Cell> = fc.oneof(
  fc.constantFrom(...STRINGS.slice(0, 6)).map((s) => ({ json: s, raw: { S: s } })),
  fc.constantFrom(...NUMBERS.slice(0, 6)).map((n) => ({ json: n, raw: { N: String(n) } })),
  fc.constant(undefined),
  fc.constant({ json: null, raw: { NULL: true } as AttributeValue }),
);
const maybe = <T>(values: readonly T[], raw: (v: T) => AttributeValue): fc.Arbitrary<Cell> =>
  fc.option(fc.constantFrom(...values).map((v) => ({ json: v, raw: raw(v) })), { freq: 4, nil: undefined });

export interface IndexedRows {
  raw: Record<string, AttributeValue>[];
  json: Record<string, unknown>[];
}

export const indexedRowsArbitrary: fc.Arbitrary<IndexedRows> = fc
  .array(fc.tuple(fc.nat(2), fc.nat(9), maybe(GS, (s) => ({ S: s })), maybe(HS, (n) => ({ N: String(n) })), maybe(LS, (s) => ({ S: s })), plain, plain), { minLength: 5, maxLength: 45 })
  .map((rows) => {
    const seen = new Set<string>();
    const out: IndexedRows = { raw: [], json: [] };
    for (const [p, s, ...cells] of rows) {
      const id = `${p}/${s}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const raw: Record<string, AttributeValue> = { pk: { S: PKS[p]! }, sk: { N: String(s) } };
      const json: Record<string, unknown> = { pk: PKS[p]!, sk: s };
      ["g", "h", "l", "a", "b"].forEach((name, i) => {
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
const anyValue = fc.constantFrom<string | number>(...PKS, ...GS, ...LS, ...HS, "", "a", 0, -1, 2.5);
const subject = fc.constantFrom("pk", "sk", "g", "h", "l", "a", "b");

const condition: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(subject, fc.constantFrom("=", "!=", "<", "<=", ">", ">="), anyValue).map(([s, op, v]) => `${s} ${op} ${literal(v)}`),
  fc.tuple(subject, fc.constantFrom("l", "g", "", "a")).map(([s, v]) => `${s} beginsWith ${literal(v)}`),
  fc.tuple(subject, fc.constantFrom("is null", "is not null")).map(([s, op]) => `${s} ${op}`),
  fc.tuple(subject, anyValue).map(([s, v]) => `${s} contains ${literal(v)}`),
  fc.tuple(subject, fc.uniqueArray(anyValue, { minLength: 1, maxLength: 3 })).map(([s, vs]) => `${s} in (${vs.map(literal).join(", ")})`),
);

const free = combinedArbitrary(condition, 2);

const gPin = fc.oneof(fc.constantFrom(...GS, "").map((g) => `g = ${literal(g)}`), fc.uniqueArray(fc.constantFrom(...GS), { minLength: 1, maxLength: 2 }).map((gs) => `g in (${gs.map(literal).join(", ")})`));
const hRange = fc.tuple(fc.constantFrom("=", "<", ">=", ">"), fc.constantFrom(...HS, 0, "1")).map(([op, v]) => `h ${op} ${literal(v)}`);
const lRange = fc.oneof(fc.constantFrom("l", "m", "", "l1").map((v) => `l beginsWith ${literal(v)}`), fc.constantFrom(...LS).map((v) => `l >= ${literal(v)}`));
const pkPin = fc.constantFrom(...PKS).map((p) => `pk = ${literal(p)}`);
const branch = fc.oneof(
  fc.tuple(gPin, free).map(([g, f]) => `${g} and (${f})`),
  fc.tuple(gPin, hRange, free).map(([g, h, f]) => `${g} and ${h} and (${f})`),
  fc.tuple(pkPin, lRange, free).map(([p, l, f]) => `${p} and ${l} and (${f})`),
  fc.tuple(fc.constantFrom(...HS).map((h) => `h = ${h}`), free).map(([h, f]) => `${h} and (${f})`),
  fc.tuple(fc.constantFrom(...LS).map((l) => `l = ${literal(l)}`), free).map(([l, f]) => `${l} and (${f})`),
  fc.tuple(fc.constantFrom(...LS).map((l) => `l = ${literal(l)}`), hRange, free).map(([l, h, f]) => `${l} and ${h} and (${f})`),
  fc.tuple(pkPin, free).map(([p, f]) => `${p} and (${f})`),
);

/** Filters that pin some index's keys (or the table's), one branch or two, or none. */
export const indexedFilterArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: branch, weight: 4 },
  { arbitrary: fc.tuple(branch, branch).map(([x, y]) => `(${x}) or (${y})`), weight: 2 },
  // What a KEYS_ONLY index on h or an INCLUDE one on l (with a) can serve, given fields they project.
  { arbitrary: fc.oneof(fc.constantFrom(...HS).map((h) => `h = ${h}`), fc.tuple(fc.constantFrom(...LS), fc.constantFrom(...STRINGS.slice(0, 4))).map(([l, a]) => `l = ${literal(l)} and a != ${literal(a)}`)), weight: 3 },
  // Branches on two targets that share items: each must come once.
  { arbitrary: fc.tuple(gPin, pkPin, fc.constantFrom("", " and a is not null", " and h > 1")).map(([g, p, more]) => `${g}${more} or ${p}`), weight: 1 },
  { arbitrary: free, weight: 1 },
);
