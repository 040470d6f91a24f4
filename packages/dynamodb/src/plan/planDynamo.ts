import { attributes, FilterError, format, parse, plan, type FilterDocument, type FilterInput, type FilterNode, type ParseOptions, type PredicateNode, type QueryItemsRequest, type Span } from "@itemfilter/core";
import type { ExpressionValue } from "../compile/attributeValue.js";
import { scalarValue } from "../compile/attributeValue.js";
import { Placeholders } from "../compile/placeholders.js";
import { toDocument, type DynamoFilterOptions } from "../compile/toDocument.js";
import { withRedaction } from "../compile/compileDynamo.js";
import { writeExpression } from "../compile/writeExpression.js";
import { fitsKeyType, sortCondition } from "./keyCondition.js";
import { splitResidual } from "./splitResidual.js";
import { checkKeys, type DynamoKeys } from "./dynamoKeys.js";
import { markRefused, unmark } from "./markers.js";

export type { DynamoKeys } from "./dynamoKeys.js";

/** The input of one request, without TableName (findAll and explain add it). */
export interface DynamoInput {
  KeyConditionExpression?: string;
  FilterExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, ExpressionValue>;
}

/** One request of a DynamoDB plan. */
export interface DynamoRequest {
  command: "Query" | "Scan";
  input: DynamoInput;
  /**
   * Filter text every item the request returns must still pass, checked
   * locally with `evaluate`; null when DynamoDB's answer is exact. Only
   * conditions on the key attributes land here, since a Query's
   * FilterExpression may not name them.
   */
  residual: string | null;
}

export interface PlanDynamoOptions extends DynamoFilterOptions {
  /** The table's key attributes. Without them every plan is one Scan. */
  keys?: DynamoKeys;
  /** The most requests a plan may hold (core's `plan` option); past it, E_PLAN_TOO_LARGE. 16 when left out. */
  maxRequests?: number;
}

/**
 * Plans a filter on a DynamoDB table: Queries where the filter implies
 * partition-key values (with the sort-key condition it implies as part of
 * the KeyConditionExpression and the rest as FilterExpression), else one
 * Scan with the whole filter as FilterExpression. The analysis is core's
 * `plan` (grammar/planning.md); this only turns its requests into DynamoDB's.
 * Running the requests and uniting their items (each once) selects exactly
 * the items `evaluate` selects. An empty array means nothing can match.
 */
export function planDynamo(filter: FilterInput, options?: PlanDynamoOptions): DynamoRequest[] {
  const { keys: givenKeys, maxRequests, ...parseOptions } = options ?? {};
  const keys = givenKeys === undefined ? undefined : checkKeys(givenKeys);
  const doc = toDocument(filter, parseOptions, "planDynamo");
  return withRedaction(doc, () => planDocument(doc, keys, maxRequests, parseOptions));
}

function planDocument(doc: FilterDocument, keys: ReturnType<typeof checkKeys> | undefined, maxRequests: number | undefined, parseOptions: ParseOptions): DynamoRequest[] {
  const scan = (): DynamoRequest[] => {
    if (doc.body === null) return [{ command: "Scan", input: {}, residual: null }];
    const placeholders = new Placeholders();
    const FilterExpression = writeExpression(doc.body, placeholders, doc.span);
    return [{ command: "Scan", input: { FilterExpression, ...placeholders.maps() }, residual: null }];
  };
  // Compiling the whole filter first reports every value DynamoDB refuses and every limit, Query or not.
  const whole = scan();
  if (keys === undefined || doc.body === null) return whole;

  // core's planner reads a partition pinned by the filter whole when nothing narrows the sort key
  // (a query without a QueryFilter), so a Query needs no sort key condition.
  const used = new Set(attributes(doc));
  const { body, markers } = markRefused(doc.body, used);
  const limits = resolvedLimits(parseOptions);
  let planned;
  try {
    planned = plan(body, {
      keys: keys.sort === undefined ? { primary: keys.partition } : { primary: keys.partition, secondary: keys.sort },
      ...(maxRequests === undefined ? {} : { maxRequests }),
      // One level for the `not` of a stand-in (markers.ts).
      maxDepth: limits.maxDepth + 1,
      maxPredicates: limits.maxPredicates,
      maxInValues: limits.maxInValues,
      maxLength: Infinity,
    });
  } catch (error) {
    // More key queries than maxRequests: one Scan expresses any filter, so it is the plan, not an error.
    // E_FILTER_JSON here is never the caller's (the text parsed above): core's planner before issue 17
    // refused the shared nodes its own distribution makes; the Scan is exact either way.
    if (error instanceof FilterError && (error.code === "E_PLAN_TOO_LARGE" || error.code === "E_FILTER_JSON")) return whole;
    throw error;
  }
  // A Scan reads every item: once one is needed, it serves the whole filter alone.
  if (planned.requests.some((r) => r.operation === "listItems")) return whole;
  const original = format(doc);
  const keyNames = new Set(keys.sort === undefined ? [keys.partition] : [keys.partition, keys.sort]);
  const out: DynamoRequest[] = [];
  for (const request of planned.requests as QueryItemsRequest[]) {
    // core's fallback residual is the whole (marked) filter: the original is as exact and names no stand-in.
    const residual = request.residual === planned.filter ? original : request.residual;
    const query = toQuery(request, residual, keys, keyNames, limits, markers);
    if (query !== null) out.push(query);
  }
  return out;
}

interface Limits {
  maxDepth: number;
  maxPredicates: number;
  maxInValues: number;
}

function resolvedLimits(options: ParseOptions): Limits {
  return { maxDepth: options.maxDepth ?? 32, maxPredicates: options.maxPredicates ?? 256, maxInValues: options.maxInValues ?? 100 };
}

function toQuery(
  request: QueryItemsRequest,
  residual: string | null,
  keys: DynamoKeys,
  keyNames: ReadonlySet<string>,
  limits: Limits,
  markers: ReadonlyMap<string, PredicateNode>,
): DynamoRequest | null {
  const partition = request.key!.primary;
  const types = keys.types ?? {};
  // No key is "" (DynamoDB refuses one), and a key of another type never equals the value.
  if (partition === "" || !fitsKeyType(partition, types.partition)) return null;
  const placeholders = new Placeholders();
  const conditions = [`${placeholders.name(keys.partition)} = ${placeholders.value(scalarValue(partition))}`];
  if (request.filter !== undefined && keys.sort !== undefined) {
    const condition = sortCondition(request.filter, keys.sort, types.sort, placeholders);
    if (condition === "none") return null;
    if (condition !== null) conditions.push(condition);
  }
  const input: DynamoInput = { KeyConditionExpression: conditions.join(" AND ") };
  let local: string | null = null;
  if (residual !== null) {
    const parsed = parse(residual, { maxDepth: limits.maxDepth + 3, maxPredicates: Infinity, maxInValues: limits.maxInValues, maxLength: Infinity }).body!;
    const tree = unmark(parsed, markers);
    const { remote, local: onKeys } = splitResidual(tree, keyNames);
    if (remote.length > 0) input.FilterExpression = writeExpression(andOf(remote, tree.span), placeholders, tree.span);
    if (onKeys.length > 0) local = format(andOf(onKeys, tree.span));
  }
  return { command: "Query", input: { ...input, ...placeholders.maps() }, residual: local };
}

function andOf(nodes: FilterNode[], span: Span): FilterNode {
  return nodes.length === 1 ? nodes[0]! : { type: "And", operands: nodes, span };
}
