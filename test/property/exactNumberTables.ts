import fc from "fast-check";
import { compareNumbers, isExactNumber, type NumberValue } from "@itemfilter/core";
import { decimalTextArb, dynamoNumberArb, nearTwo53Arb, sameDoubleArb } from "./numberArbitraries.js";
import { toNumberValue } from "@itemfilter/core";

/*
 * Issue 32: tables whose numbers are drawn across DynamoDB's whole range
 * (16 to 38 digits, exponents -130..125, neighbours of 2^53, decimals that
 * round to one double), and filters of comparisons, between and in over them
 * whose literals are mostly the table's own numbers and their neighbours, so
 * that equal and adjacent values meet. Used on DynamoDB Local and on the emulator.
 */

/** An item of a number table: `pk` its key, `n` and `m` numbers (either may be absent). */
export interface NumberItem {
  pk: string;
  n?: NumberValue;
  m?: NumberValue;
  [name: string]: unknown;
}

/** Numbers that differ from one another only past a double's digits: the ones a rounding store would confuse. */
const TWINS = ["9007199254740992", "9007199254740993", "1234567890123456789", "1234567890123456790", "12345678901234567890.12", "12345678901234567890.13", "0.1000000000000000000000001", "0.1"].map(toNumberValue);

const poolArb: fc.Arbitrary<NumberValue[]> = fc.array(fc.oneof({ weight: 3, arbitrary: dynamoNumberArb }, { weight: 2, arbitrary: fc.constantFrom(...TWINS) }), { minLength: 3, maxLength: 6 });

/** A table of 6 to 14 items and the pool its numbers came from. */
export const numberTableArb: fc.Arbitrary<{ items: NumberItem[]; pool: NumberValue[] }> = poolArb.chain((pool) => {
  const value = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, { weight: 2, arbitrary: dynamoNumberArb }, { weight: 1, arbitrary: fc.constant(undefined) });
  return fc.array(fc.tuple(value, value), { minLength: 6, maxLength: 14 }).map((rows) => ({
    pool,
    items: rows.map(([n, m], i) => {
      const item: NumberItem = { pk: `p${i}` };
      if (n !== undefined) item.n = n;
      if (m !== undefined) item.m = m;
      return item;
    }),
  }));
});

/** A number literal: a value's own text (JSON's number grammar, which the filter language reads exactly). */
export const literal = (v: NumberValue): string => String(Object.is(v, -0) ? 0 : v);

/** Filters of one or two clauses over `n` and `m`, literals mostly from the pool. */
export function numberFilterArb(pool: readonly NumberValue[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...pool) },
    { weight: 1, arbitrary: fc.constantFrom(...TWINS) },
    { weight: 1, arbitrary: fc.oneof(decimalTextArb, nearTwo53Arb, sameDoubleArb).map(toNumberValue) },
  );
  const attribute = fc.constantFrom("n", "m");
  const clause = fc.oneof(
    fc.tuple(attribute, fc.constantFrom("=", "!=", "<", "<=", ">", ">="), value).map(([a, op, v]) => `${a} ${op} ${literal(v)}`),
    fc.tuple(attribute, value, value).map(([a, x, y]) => {
      const [lo, hi] = compareNumbers(x, y) <= 0 ? [x, y] : [y, x];
      return `${a} between ${literal(lo)} and ${literal(hi)}`;
    }),
    fc.tuple(attribute, fc.array(value, { minLength: 1, maxLength: 3 })).map(([a, vs]) => `${a} in (${vs.map(literal).join(", ")})`),
  );
  return fc.oneof(clause, fc.tuple(clause, fc.constantFrom("and", "or"), clause).map(([x, op, y]) => `${x} ${op} ${y}`));
}

/** The same number in the same form: a double as itself (-0 as 0, as DynamoDB and JSON keep it), an ExactNumber by its digits. */
export function sameStored(got: unknown, stored: NumberValue | undefined): boolean {
  if (stored === undefined) return got === undefined;
  if (isExactNumber(stored)) return isExactNumber(got) && String(got) === String(stored);
  return typeof got === "number" && got === stored;
}
