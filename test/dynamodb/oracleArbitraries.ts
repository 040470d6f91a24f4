import fc from "fast-check";
import { numberText } from "./legacyConditions.js";
import { poolNumber, poolString } from "../property/itemArbitraries.js";

/**
 * Values DynamoDB can store, drawn as a demanding user would write them:
 * the filter pools' strings ("", astral characters, strings whose UTF-8 and
 * UTF-16 orders differ) and numbers (-0 among them), any well-formed text,
 * integers and decimals inside DynamoDB's number range, and non-empty sets of
 * one type. Lone surrogates are left out: DynamoDB stores UTF-8.
 */

const text = fc.string({ unit: "grapheme", maxLength: 6 });
export const oracleString = fc.oneof({ weight: 4, arbitrary: poolString }, { weight: 1, arbitrary: text });
export const oracleNumber = fc.oneof(
  { weight: 4, arbitrary: poolNumber },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: -99_999, max: 99_999 }).map((n) => n / 1000) },
);

/** A non-empty set without repeats (DynamoDB refuses both), numbers compared as DynamoDB stores them. */
const stringSet = fc.uniqueArray(oracleString, { minLength: 1, maxLength: 3 });
const numberSet = fc.uniqueArray(oracleNumber, { minLength: 1, maxLength: 3, selector: numberText });

const attributeValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oracleString },
  { weight: 4, arbitrary: oracleNumber },
  { weight: 1, arbitrary: stringSet },
  { weight: 1, arbitrary: numberSet },
);

/** An item over `names`, each attribute present or missing. */
export function oracleItem(names: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(names.map((n) => [n, attributeValue])), { requiredKeys: [] });
}
