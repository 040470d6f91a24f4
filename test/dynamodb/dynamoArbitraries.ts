import fc from "fast-check";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { quoteString } from "@itemfilter/core";

/**
 * Random DynamoDB tables and the filters people write against them, drawn
 * from shared pools so that conditions often hit: strings with accents,
 * astral characters and "", numbers of both signs and fractions, string and
 * number sets, BOOL values, DynamoDB's NULL type and missing attributes.
 * Filters compare with booleans where the language takes one (=, != and in).
 */

export const STRINGS = ["", "a", "ab", "abc", "b", "B", "é", "e\u0301", "\u{1F600}", "x\u{1F600}y", "\uFF61", "10", "1", "a b", "zz"];
export const NUMBERS = [0, 1, -1, 2, 2.5, -0.5, 10, 100, 1e20, 123456.789, 3];
export const ATTRIBUTES = ["a", "b", "c"];

export interface Table {
  name: string;
  keys: { partition: string; sort?: string };
  keyTypes: { partition: "S" | "N"; sort?: "S" | "N" };
  /** As written to DynamoDB. */
  raw: Record<string, AttributeValue>[];
  /** As evaluate reads them (unmarshalItem's): NULL-typed is null, sets are Sets. */
  json: Record<string, unknown>[];
}

type Cell = { json: unknown; raw: AttributeValue } | undefined;

const scalarCell: fc.Arbitrary<Cell> = fc.oneof(
  fc.constantFrom(...STRINGS).map((s) => ({ json: s, raw: { S: s } })),
  fc.constantFrom(...NUMBERS).map((n) => ({ json: n, raw: { N: String(n) } })),
);

const cell: fc.Arbitrary<Cell> = fc.oneof(
  { weight: 6, arbitrary: scalarCell },
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant({ json: null, raw: { NULL: true } as AttributeValue }) },
  { weight: 1, arbitrary: fc.boolean().map((b) => ({ json: b, raw: { BOOL: b } as AttributeValue })) },
  {
    weight: 2,
    arbitrary: fc.uniqueArray(fc.constantFrom(...STRINGS), { minLength: 1, maxLength: 3 }).map((ss) => ({ json: new Set(ss), raw: { SS: ss } })),
  },
  {
    weight: 1,
    arbitrary: fc.uniqueArray(fc.constantFrom(...NUMBERS), { minLength: 1, maxLength: 3 }).map((ns) => ({ json: new Set(ns), raw: { NS: ns.map(String) } })),
  },
);

const PARTITIONS_S = ["p1", "p2", "é", "\u{1F600}", "p10", "P", "\uFF61", "pp"];
const PARTITIONS_N = [1, 2, -3, 2.5, 0, 10, 1e20, -0.25];
const SORTS_S = ["a", "ab", "b", "x\u{1F600}", "10", "é", "\uFF61", "abc"];
const SORTS_N = [0, 1, 2, 10, -1.5, 3, 100, 0.5];

export function tableArbitrary(name: string): fc.Arbitrary<Table> {
  return fc
    .record({
      partitionType: fc.constantFrom("S" as const, "N" as const),
      sortType: fc.constantFrom("S" as const, "N" as const, undefined),
      rows: fc.array(fc.tuple(fc.nat(7), fc.nat(7), cell, cell, cell), { minLength: 0, maxLength: 40, size: "max" }),
    })
    .map(({ partitionType, sortType, rows }) => {
      const seen = new Set<string>();
      const raw: Record<string, AttributeValue>[] = [];
      const json: Record<string, unknown>[] = [];
      for (const [p, s, a, b, c] of rows) {
        const pk = partitionType === "S" ? PARTITIONS_S[p]! : PARTITIONS_N[p]!;
        const sk = sortType === undefined ? undefined : sortType === "S" ? SORTS_S[s]! : SORTS_N[s]!;
        const id = JSON.stringify([pk, sk ?? null]);
        if (seen.has(id)) continue;
        seen.add(id);
        const r: Record<string, AttributeValue> = { pk: typeof pk === "string" ? { S: pk } : { N: String(pk) } };
        const j: Record<string, unknown> = { pk };
        if (sk !== undefined) {
          r.sk = typeof sk === "string" ? { S: sk } : { N: String(sk) };
          j.sk = sk;
        }
        [a, b, c].forEach((v, i) => {
          if (v === undefined) return;
          r[ATTRIBUTES[i]!] = v.raw;
          j[ATTRIBUTES[i]!] = v.json;
        });
        raw.push(r);
        json.push(j);
      }
      return {
        name,
        keys: sortType === undefined ? { partition: "pk" } : { partition: "pk", sort: "sk" },
        keyTypes: sortType === undefined ? { partition: partitionType } : { partition: partitionType, sort: sortType },
        raw,
        json,
      };
    });
}

const literal = (v: string | number | boolean): string => (typeof v === "string" ? quoteString(v) : String(v));
const anyValue = fc.oneof(fc.constantFrom(...STRINGS), fc.constantFrom(...NUMBERS), fc.constantFrom(...PARTITIONS_S, ...SORTS_S), fc.constantFrom(...PARTITIONS_N, ...SORTS_N));
/** A value of =, != and in: any value, or a boolean. */
const equalityValue = fc.oneof({ weight: 4, arbitrary: anyValue }, { weight: 1, arbitrary: fc.boolean() });
const stringValue = fc.oneof(fc.constantFrom(...STRINGS), fc.constantFrom(...PARTITIONS_S, ...SORTS_S));
const numberValue = fc.oneof(fc.constantFrom(...NUMBERS), fc.constantFrom(...PARTITIONS_N, ...SORTS_N));

function ordered<T extends string | number>(x: T, y: T): [T, T] {
  if (typeof x === "number") return (x as number) <= (y as number) ? [x, y] : [y, x];
  // UTF-8 byte order, as DynamoDB and evaluate order strings.
  return Buffer.compare(Buffer.from(x as string), Buffer.from(y as string)) <= 0 ? [x, y] : [y, x];
}

const subject = fc.constantFrom("a", "b", "c", "pk", "sk", "a", "b");

/** One condition, as text: every operator of the language. */
export const conditionArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(subject, fc.constantFrom("=", "!=", "<", "<=", ">", ">="), anyValue).map(([s, op, v]) => `${s} ${op} ${literal(v)}`),
  fc.tuple(subject, fc.constantFrom("=", "!="), fc.boolean()).map(([s, op, v]) => `${s} ${op} ${v}`),
  fc.tuple(subject, fc.oneof(fc.tuple(stringValue, stringValue), fc.tuple(numberValue, numberValue))).map(([s, [x, y]]) => {
    const [lo, hi] = ordered(x, y);
    return `${s} between ${literal(lo)} and ${literal(hi)}`;
  }),
  fc.tuple(subject, stringValue).map(([s, v]) => `${s} beginsWith ${literal(v)}`),
  fc.tuple(subject, fc.constantFrom("contains", "notContains"), anyValue).map(([s, op, v]) => `${s} ${op} ${literal(v)}`),
  fc.tuple(subject, fc.constantFrom("is null", "is not null")).map(([s, op]) => `${s} ${op}`),
  fc.tuple(subject, fc.uniqueArray(equalityValue, { minLength: 1, maxLength: 4 })).map(([s, vs]) => `${s} in (${vs.map(literal).join(", ")})`),
);

/** Conditions combined with and, or (of up to `maxOr` operands) and not, bracketed as people write them. */
export function combinedArbitrary(condition: fc.Arbitrary<string>, maxOr = 3): fc.Arbitrary<string> {
  return fc.letrec<{ filter: string }>((tie) => ({
    filter: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: condition, weight: 4 },
      fc.array(tie("filter"), { minLength: 2, maxLength: 3 }).map((fs) => fs.map((f) => `(${f})`).join(" and ")),
      fc.array(tie("filter"), { minLength: 2, maxLength: maxOr }).map((fs) => fs.map((f) => `(${f})`).join(" or ")),
      tie("filter").map((f) => `not (${f})`),
    ),
  })).filter;
}

export const filterArbitrary: fc.Arbitrary<string> = combinedArbitrary(conditionArbitrary);

const partitionValue = fc.oneof(fc.constantFrom(...PARTITIONS_S), fc.constantFrom(...PARTITIONS_N), fc.constant(""));
const sortCondition = fc.oneof(
  fc.tuple(fc.constantFrom("=", "<", "<=", ">", ">="), fc.oneof(fc.constantFrom(...SORTS_S), fc.constantFrom(...SORTS_N), fc.constant(""))).map(([op, v]) => `sk ${op} ${literal(v)}`),
  fc.oneof(fc.tuple(stringValue, stringValue), fc.tuple(numberValue, numberValue)).map(([x, y]) => {
    const [lo, hi] = ordered(x, y);
    return `sk between ${literal(lo)} and ${literal(hi)}`;
  }),
  fc.constantFrom(...SORTS_S, "", "1").map((v) => `sk beginsWith ${literal(v)}`),
  fc.uniqueArray(fc.constantFrom(...SORTS_S, ...SORTS_N), { minLength: 1, maxLength: 3 }).map((vs) => `sk in (${vs.map(literal).join(", ")})`),
);

/** Filters that key queries can serve (partition equalities, sort-key ranges), mixed with any filter. */
export const keyedFilterArbitrary: fc.Arbitrary<string> = fc.oneof(
  filterArbitrary,
  fc.tuple(partitionValue, filterArbitrary).map(([p, f]) => `pk = ${literal(p)} and (${f})`),
  fc.tuple(fc.uniqueArray(partitionValue, { minLength: 1, maxLength: 3 }), sortCondition, filterArbitrary).map(
    ([ps, s, f]) => `pk in (${ps.map(literal).join(", ")}) and ${s} and (${f})`,
  ),
  fc.tuple(partitionValue, sortCondition, partitionValue, filterArbitrary).map(([p, s, q, f]) => `pk = ${literal(p)} and ${s} or pk = ${literal(q)} and (${f})`),
);
