import type { AttributeValue, Condition } from "@aws-sdk/client-dynamodb";
import { isNumberValue, operatorInfo, stringifyJson, type ListFilter, type NumberValue, type QueryFilter } from "@itemfilter/core";

/**
 * Our filter JSON as DynamoDB's legacy conditions (ScanFilter, KeyConditions),
 * and items as DynamoDB items, for the oracle tests. The service's operators
 * are DynamoDB's ComparisonOperators under other names (grammar/semantics.md;
 * `legacy` in core's operator table).
 */


/** A number as a DynamoDB number: its digits; -0 is 0 (DynamoDB numbers are decimals). */
export function numberText(n: NumberValue): string {
  return String(n === 0 ? 0 : n);
}

export function scalarValue(v: string | NumberValue): AttributeValue {
  return typeof v === "string" ? { S: v } : { N: numberText(v) };
}

/** One filter as a legacy Condition. */
export function condition(filter: ListFilter | QueryFilter): Condition {
  const ComparisonOperator = operatorInfo(filter.operator)!.legacy;
  if (filter.value === undefined) return { ComparisonOperator } as Condition;
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  return { ComparisonOperator, AttributeValueList: values.map(scalarValue) } as Condition;
}

/**
 * A ListFilter array (combined with AND) as ScanFilters: a ScanFilter holds one
 * condition per attribute, so filters on an attribute already used go to the
 * next layer. The items selected are the intersection of the layers' answers.
 */
export function scanFilterLayers(filters: readonly ListFilter[]): Record<string, Condition>[] {
  const layers: Record<string, Condition>[] = [];
  for (const f of filters) {
    let layer = layers.find((l) => !Object.hasOwn(l, f.item));
    if (layer === undefined) layers.push((layer = {}));
    layer[f.item] = condition(f);
  }
  return layers;
}

/** A test item (strings, numbers, arrays of one type as sets; absent attributes left out) as a DynamoDB item. */
export function dynamoItem(item: Record<string, unknown>): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined || value === null) continue;
    if (typeof value === "string" || isNumberValue(value)) out[name] = scalarValue(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) out[name] = { SS: value as string[] };
    else if (Array.isArray(value) && value.every(isNumberValue)) out[name] = { NS: (value as NumberValue[]).map(numberText) };
    else throw new Error(`no DynamoDB form for ${stringifyJson(value)}`);
  }
  return out;
}
