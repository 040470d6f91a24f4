import type { ComparisonOperator, Condition } from "@aws-sdk/client-dynamodb";
import { operatorInfo, type ListFilter, type Operator, type QueryFilter, type Scalar } from "@itemfilter/core";
import { RequestError } from "@itemfilter/emulator";
import { toAttributeValue } from "./attributeValues.js";

function condition(operator: Operator, value: Scalar | readonly Scalar[] | undefined): Condition {
  const values: readonly Scalar[] = value === undefined ? [] : Array.isArray(value) ? value : [value as Scalar];
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
   * Conditions checked on the items DynamoDB returns, with core's matches:
   * those on an attribute that already has one (a ScanFilter holds one per
   * attribute, it is a map), and those DynamoDB answers otherwise for a
   * NULL-typed attribute (NULL_ON_ITEMS).
   */
  rest: ListFilter[];
}

/**
 * A NULL-typed attribute (JSON null, as the loader writes it) is missing here
 * (grammar/semantics.md) but present for DynamoDB's legacy conditions. For
 * `null` DynamoDB's answer misses such items, so it is only checked on the
 * items; for `notNull` and `notContains` (true on a NULL-typed attribute, for
 * DynamoDB) its answer holds ours, so it is sent, to narrow the scan, and
 * checked again. The other operators answer alike on a NULL-typed and a
 * missing attribute (false, and NE true), as storeExact.property.test.ts checks.
 */
const NULL_ON_ITEMS: Partial<Record<Operator, "items" | "both">> = { null: "items", notNull: "both", notContains: "both" };

/** A checked ListFilter array as a legacy ScanFilter (AND is its default ConditionalOperator), and what is left to check on the items. */
export function scanConditions(filters: readonly ListFilter[]): ScanConditions {
  const scanFilter = new Map<string, Condition>();
  const rest: ListFilter[] = [];
  for (const f of filters) {
    const onItems = NULL_ON_ITEMS[f.operator];
    if (onItems !== undefined) rest.push(f);
    if (onItems === "items") continue;
    if (!scanFilter.has(f.item)) scanFilter.set(f.item, condition(f.operator, f.value));
    else if (onItems === undefined) rest.push(f);
  }
  return { ScanFilter: scanFilter.size === 0 ? undefined : Object.fromEntries(scanFilter), rest };
}

/** A query's KeyConditions: the partition's key value, and the QueryFilter on the sort key when there is one (none: the whole partition). */
export function keyConditions(partitionKey: string, primary: Scalar, sortKey: string | undefined, filter: QueryFilter | undefined): Record<string, Condition> {
  const out: Record<string, Condition> = { [partitionKey]: condition("equals", primary) };
  if (filter !== undefined && sortKey !== undefined) out[sortKey] = condition(filter.operator, filter.value);
  return out;
}
