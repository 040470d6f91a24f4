import { numberProblemOf, type NumberValue } from "@itemfilter/core";

/**
 * The AttributeValues a compiled expression sends: a string, a number as
 * decimal text, a boolean as BOOL. Our own type, shaped like the AWS SDK's, so
 * compile-only use imports no SDK; `{ S }`, `{ N }` and `{ BOOL }` are
 * assignable to the SDK's union.
 */
export type ExpressionValue = { S: string } | { N: string } | { BOOL: boolean };

/** DynamoDB numbers: at most 38 significant digits, magnitude from 1E-130 to below 1E+126 (or zero). */
export const SMALLEST_MAGNITUDE = 1e-130;
export const LARGEST_MAGNITUDE_EXCLUSIVE = 1e126;

/**
 * A number as DynamoDB number text. For a double, `String(n)` is the
 * shortest decimal that reads back as exactly `n` (at most 17 significant
 * digits), so the decimal DynamoDB stores is the double the filter means,
 * never rounded, and distinct doubles stay distinct and in order; an
 * ExactNumber is its digits. `-0` is `0`: DynamoDB has no negative zero.
 */
export function numberText(n: NumberValue): string {
  return Object.is(n, -0) ? "0" : String(n);
}

/** Whether DynamoDB can hold this number (finite, and zero or within its magnitude range; an ExactNumber always). */
export function fitsDynamoNumber(n: NumberValue): boolean {
  return numberProblemOf(n) === undefined;
}

export function scalarValue(value: string | NumberValue | boolean): ExpressionValue {
  if (typeof value === "boolean") return { BOOL: value };
  return typeof value === "string" ? { S: value } : { N: numberText(value) };
}

/** The value `attribute_type` compares with to find DynamoDB's NULL type. */
export const NULL_TYPE: ExpressionValue = { S: "NULL" };
