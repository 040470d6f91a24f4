import type { ComparisonOperator, Condition } from "@aws-sdk/client-dynamodb";
import { operatorInfo, type ListFilter, type Operator, type QueryFilter, type Scalar } from "@itemfilter/core";
import { RequestError } from "@itemfilter/emulator";
import { toAttributeValue } from "./attributeValues.js";

function condition(operator: Operator, value: Scalar | readonly Scalar[] | undefined): Condition {
  const values: readonly Scalar[] = value === undefined ? [] : typeof value === "object" ? value : [value];
  // The service's operators are DynamoDB's legacy ones under other names (core's operator table):
  // the store hands each condition to DynamoDB as it is, and DynamoDB decides what matches.
  const ComparisonOperator: ComparisonOperator = operatorInfo(operator)!.legacy; // a checked filter's operator is always in the table
  if (values.length === 0) return { ComparisonOperator };
  try {
    return { ComparisonOperator, AttributeValueList: values.map((v) => toAttributeValue(v, "filter")) };
  } catch (error) {
    // A number DynamoDB cannot hold (such as 5e-324): core accepts it, DynamoDB would refuse the request.
    throw new RequestError(400, `invalid filter: ${(error as Error).message}`);
  }
}

export interface ScanConditions {
  /** One condition per attribute, ANDed: undefined when there is none. */
  ScanFilter: Record<string, Condition> | undefined;
  /**
   * Conditions on an attribute that already has one: a ScanFilter holds one
   * per attribute (it is a map), so these are checked on the items DynamoDB
   * returns, with core's matches.
   */
  rest: ListFilter[];
}

/** A checked ListFilter array as a legacy ScanFilter (AND is its default ConditionalOperator). */
export function scanConditions(filters: readonly ListFilter[]): ScanConditions {
  const scanFilter = new Map<string, Condition>();
  const rest: ListFilter[] = [];
  for (const f of filters) {
    if (scanFilter.has(f.item)) rest.push(f);
    else scanFilter.set(f.item, condition(f.operator, f.value));
  }
  return { ScanFilter: scanFilter.size === 0 ? undefined : Object.fromEntries(scanFilter), rest };
}

/** A query's KeyConditions: the partition's key value, and the QueryFilter on the sort key when there is one (none: the whole partition). */
export function keyConditions(partitionKey: string, primary: Scalar, sortKey: string | undefined, filter: QueryFilter | undefined): Record<string, Condition> {
  const out: Record<string, Condition> = { [partitionKey]: condition("equals", primary) };
  if (filter !== undefined && sortKey !== undefined) out[sortKey] = condition(filter.operator, filter.value);
  return out;
}
