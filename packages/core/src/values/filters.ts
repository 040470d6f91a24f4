import type { Operator } from "./operators.js";
import type { NumberValue } from "./ExactNumber.js";

/**
 * A value the service compares with: a string or a number, the number exact
 * (an ExactNumber where a double cannot hold it; stringifyJson writes its digits).
 */
export type Scalar = string | NumberValue;

/** A value a filter compares with: a Scalar, or a boolean (DynamoDB's BOOL), which only find and DynamoDB take. */
export type FilterValue = Scalar | boolean;

/**
 * One listItems filter. `value` is absent for null/notNull, a pair for
 * between, a scalar or an array for in, and a scalar otherwise.
 */
export interface ListFilter {
  item: string;
  operator: Operator;
  value?: Scalar | readonly Scalar[];
}

/** The one queryItems filter; it applies to the table's secondary key. */
export interface QueryFilter {
  operator: Operator;
  value: Scalar | readonly Scalar[];
}
