import type { QueryCommandInput } from "@aws-sdk/client-dynamodb";
import { decompile, FilterError, type ListFilter } from "@itemfilter/core";
import { planDynamo } from "../plan/planDynamo.js";
import { keyList } from "../plan/dynamoKeys.js";
import { partitionOf, sortRangeOf, type Covered } from "../plan/planTarget.js";
import type { DynamoTable, PageTarget } from "./pageKeys.js";

/** A listItems page read as one Query: its input (without TableName, Limit and ExclusiveStartKey) and where it reads. */
export interface ListQuery {
  input: Omit<QueryCommandInput, "TableName">;
  target: PageTarget;
  /** The index's items give the table's keys only: each page's whole items are fetched by them (BatchGetItem). */
  fetch?: NonNullable<Covered["fetch"]>;
}

// The filters already passed the service's checks (validateListFilter, at most 300 conditions):
// the planner is not to refuse them for core's default limits on text.
const UNLIMITED = { maxLength: Infinity, maxPredicates: Infinity, maxDepth: Infinity, maxInValues: Infinity };

/**
 * How planDynamo, the planner of findAll and `find`, reads a listItems
 * request's filters on this table: "none" when no item can match (a key
 * value of another type than the key's, or ""), a Query when one request on
 * the table or on one of its indexes serves them, or null for the Scan.
 * The plan may hold one request (maxRequests 1): a page is one chain of
 * DynamoDB pages, so an `in` on a key that needs a Query per value is a
 * Scan. Items are returned whole, so a global index that does not project
 * every attribute is read with the whole items fetched by key, as findAll
 * does. A page key names one value of each key attribute, so an index with
 * a multi-attribute key is not read here (the Scan serves such a filter).
 */
export function listQuery(table: DynamoTable, filters: readonly ListFilter[]): ListQuery | "none" | null {
  if (filters.length === 0) return null;
  let requests: Covered[];
  try {
    const keys = { ...table.keys, indexes: (table.keys.indexes ?? []).filter((index) => keyList(index.partition).length === 1 && keyList(index.sort).length <= 1) };
    requests = planDynamo(decompile([...filters], { maxInValues: Infinity }), { keys, maxRequests: 1, ...UNLIMITED });
  } catch (error) {
    // A filter the planner cannot take (one DynamoDB's expressions refuse) stays the Scan's, which says what is wrong.
    if (error instanceof FilterError) return null;
    throw error;
  }
  if (requests.length === 0) return "none";
  const request = requests[0]!;
  const partition = partitionOf(request);
  if (requests.length > 1 || request.command !== "Query" || partition === undefined) return null;
  const { IndexName } = request.input;
  const index = IndexName === undefined ? undefined : table.keys.indexes?.find((i) => i.name === IndexName);
  const { TotalSegments: _scanOnly, ...input } = request.input;
  const range = sortRangeOf(request);
  return { input, target: { partition, ...(index === undefined ? {} : { index }), ...(range === undefined ? {} : { range }) }, ...(request.fetch === undefined ? {} : { fetch: request.fetch }) };
}
