import { FilterError, format, parse, plan, type FilterNode, type LiteralNode, type PredicateNode, type QueryItemsRequest, type Scalar, type Span } from "@itemfilter/core";
import { scalarValue } from "../compile/attributeValue.js";
import { Placeholders } from "../compile/placeholders.js";
import { writeExpression } from "../compile/writeExpression.js";
import type { DynamoIndex, DynamoKeys } from "./dynamoKeys.js";
import { fitsKeyType, sortCondition, type KeyType } from "./keyCondition.js";
import { markRefused, unmark } from "./markers.js";
import { splitResidual } from "./splitResidual.js";
import { stringKeyRange } from "./stringKeyRange.js";
import type { DynamoRequest } from "./planDynamo.js";

/** What a Query can be sent to: the table or one of its indexes. */
export interface Target {
  /** "table" or the IndexName. */
  readonly label: string;
  readonly index?: DynamoIndex;
  readonly partition: string;
  readonly sort?: string;
  readonly types: { readonly partition?: KeyType; readonly sort?: KeyType };
}

export interface Limits {
  maxDepth: number;
  maxPredicates: number;
  maxInValues: number;
}

export interface TargetSettings {
  readonly table: DynamoKeys;
  readonly limits: Limits;
  readonly maxRequests: number | undefined;
  readonly consistentRead: boolean;
  /** Attribute names the filter uses, so the planner's stand-ins never clash with one. */
  readonly used: ReadonlySet<string>;
  /** With `fields`: the top-level attributes a request must return (the fields', the filter's); else every attribute. */
  readonly needed?: ReadonlySet<string>;
}

/** Queries on one target that serve a filter, or why the target cannot. */
export type TargetPlan = { readonly requests: DynamoRequest[]; readonly cost: number; readonly narrowed: number; readonly whole: number } | { readonly refused: string };

export function targetsOf(keys: DynamoKeys): Target[] {
  const table: Target = { label: "table", partition: keys.partition, ...(keys.sort === undefined ? {} : { sort: keys.sort }), types: keys.types ?? {} };
  return [table, ...(keys.indexes ?? []).map((index) => ({ label: index.name, index, partition: index.partition, ...(index.sort === undefined ? {} : { sort: index.sort }), types: index.types ?? {} }))];
}

/**
 * Why an index cannot serve any filter under these settings, before planning:
 * a global index is eventually consistent and returns only what it projects.
 */
export function refusedOutright(target: Target, settings: Pick<TargetSettings, "consistentRead" | "needed" | "table">): string | undefined {
  const index = target.index;
  if (index === undefined || index.kind === "local") return undefined;
  if (settings.consistentRead) return "a global index takes no consistent read (consistentRead is set)";
  if (index.projection === "ALL") return undefined;
  const what = index.projection === "KEYS_ONLY" ? "only the keys (KEYS_ONLY)" : `only the keys and ${index.projection.map((a) => JSON.stringify(a)).join(", ")} (INCLUDE)`;
  if (settings.needed === undefined) return `it projects ${what}, and items are returned whole`;
  const projected = new Set([settings.table.partition, settings.table.sort, target.partition, target.sort, ...(index.projection === "KEYS_ONLY" ? [] : index.projection)]);
  const missing = [...settings.needed].filter((name) => !projected.has(name));
  return missing.length === 0 ? undefined : `it projects ${what}, not ${missing.map((a) => `'${a}'`).join(", ")}, which the filter or the fields need`;
}

// A Query that reads a whole partition is counted as this many narrowed by the sort key: without
// statistics, a sort-key condition is taken to cut a partition by an order of magnitude.
const WHOLE_PARTITION = 10;

/** Plans `branch` (a filter tree, unmarked) as Queries on `target`, or says why it cannot. */
export function planOnTarget(branch: FilterNode, target: Target, settings: TargetSettings): TargetPlan {
  const outright = refusedOutright(target, settings);
  if (outright !== undefined) return { refused: outright };
  const { body, markers } = markRefused(branch, settings.used);
  const { limits } = settings;
  let planned;
  try {
    planned = plan(body, {
      // core's planner reads a partition pinned by the filter whole when nothing narrows the sort key
      // (a query without a QueryFilter), so a Query needs no sort key condition.
      keys: target.sort === undefined ? { primary: target.partition } : { primary: target.partition, secondary: target.sort },
      ...(settings.maxRequests === undefined ? {} : { maxRequests: settings.maxRequests }),
      // One level for the `not` of a stand-in (markers.ts).
      maxDepth: limits.maxDepth + 1,
      maxPredicates: limits.maxPredicates,
      maxInValues: limits.maxInValues,
      maxLength: Infinity,
    });
  } catch (error) {
    // E_FILTER_JSON here is never the caller's (the text parsed before): core's planner before issue 17
    // refused the shared nodes its own distribution makes; a Scan is exact either way.
    if (error instanceof FilterError && error.code === "E_PLAN_TOO_LARGE") return { refused: `the filter needs more than ${settings.maxRequests ?? 16} Queries on it (maxRequests)` };
    if (error instanceof FilterError && error.code === "E_FILTER_JSON") return { refused: "the planner could not split the filter" };
    throw error;
  }
  if (planned.requests.some((r) => r.operation === "listItems")) return { refused: `the filter does not pin '${target.partition}' (an equality or 'in') on every branch` };
  const queries = planned.requests as QueryItemsRequest[];
  const original = format(branch);
  const parseOptions = { maxDepth: limits.maxDepth + 3, maxPredicates: Infinity, maxInValues: limits.maxInValues, maxLength: Infinity };
  const ranged = queries.map((request) => {
    // core's fallback residual is the whole (marked) filter: the original is as exact and names no stand-in.
    const residual = request.residual === planned.filter ? original : request.residual;
    const leftover = residual === null ? null : unmark(parse(residual, parseOptions).body!, markers);
    return withStringRange(request, leftover, target);
  });
  // An index holds only the items that have its key attributes (it is sparse); the partition equality
  // implies the partition key, and a sort-key condition the sort key (a range of strings too: only a
  // string passes it), so a Query that reads a whole partition of an index with a sort key could miss
  // items the filter selects.
  if (target.index !== undefined && target.sort !== undefined && ranged.some((r) => r.request.filter === undefined)) {
    return { refused: `it is sparse: items without '${target.sort}' are not in it, and the filter does not require '${target.sort}' on every branch` };
  }
  const keyNames = new Set([settings.table.partition, ...(settings.table.sort === undefined ? [] : [settings.table.sort]), target.partition, ...(target.sort === undefined ? [] : [target.sort])]);
  const requests: DynamoRequest[] = [];
  let whole = 0;
  let narrowed = 0;
  for (const { request, leftover, empty } of ranged) {
    if (empty) continue;
    const query = toQuery(request, leftover, target, keyNames, settings.consistentRead);
    if (query === null) continue;
    requests.push(query);
    if (request.filter === undefined) whole++;
    else narrowed++;
  }
  return { requests, cost: whole * WHOLE_PARTITION + narrowed, whole, narrowed };
}

/**
 * The request with a string range on the sort key as its QueryFilter, taken
 * out of the leftover conditions (stringKeyRange.ts), where core's planner
 * left the partition whole and the key is a string (type S; a number key
 * never gets a string bound, and DynamoDB refuses a string bound on a key
 * that is not S, so an unknown type gets none either). A request core
 * narrowed already (by a number or an equality) is kept as it is.
 */
function withStringRange(request: QueryItemsRequest, leftover: FilterNode | null, target: Target): { request: QueryItemsRequest; leftover: FilterNode | null; empty: boolean } {
  const unchanged = { request, leftover, empty: false };
  if (request.filter !== undefined || leftover === null || target.sort === undefined || target.types.sort !== "S") return unchanged;
  const range = stringKeyRange(leftover, target.sort);
  if (range === undefined) return unchanged;
  return { request: { ...request, filter: range.filter }, leftover: range.rest, empty: range.empty };
}

function toQuery(request: QueryItemsRequest, leftover: FilterNode | null, target: Target, keyNames: ReadonlySet<string>, consistentRead: boolean): DynamoRequest | null {
  const partition = request.key!.primary;
  const types = target.types;
  // No key is "" (DynamoDB refuses one), and a key of another type never equals the value.
  if (partition === "" || !fitsKeyType(partition, types.partition)) return null;
  const placeholders = new Placeholders();
  const conditions = [`${placeholders.name(target.partition)} = ${placeholders.value(scalarValue(partition))}`];
  if (request.filter !== undefined && target.sort !== undefined) {
    const condition = sortCondition(request.filter, target.sort, types.sort, placeholders);
    if (condition === "none") return null;
    if (condition !== null) conditions.push(condition);
  }
  const input: DynamoRequest["input"] = {
    ...(target.index === undefined ? {} : { IndexName: target.index.name }),
    KeyConditionExpression: conditions.join(" AND "),
  };
  let local: string | null = null;
  if (leftover !== null) {
    const split = splitResidual(leftover, keyNames);
    const { remote, local: onKeys } = projectedOnly(split, target);
    if (remote.length > 0) input.FilterExpression = writeExpression(andOf(remote, leftover.span), placeholders, leftover.span);
    if (onKeys.length > 0) local = format(andOf(onKeys, leftover.span));
  }
  // A local index that projects less fetches the rest from the table when asked for every attribute.
  const fetches = target.index?.kind === "local" && target.index.projection !== "ALL";
  const query: Covered = {
    command: "Query",
    input: { ...input, ...placeholders.maps(), ...(fetches ? { Select: "ALL_ATTRIBUTES" as const } : {}), ...(consistentRead ? { ConsistentRead: true } : {}) },
    residual: local,
  };
  // What this request gives out, as a filter: findPage tells an item an earlier request gave out by it.
  return amend(query, {}, coverOf(request, target, leftover));
}

/** The request with more members, keeping what it covers (hidden from JSON and from equality in tests). */
export function amend(request: Covered, more: Partial<DynamoRequest>, covers: FilterNode | undefined = request[COVERS]): Covered {
  const out: Covered = { ...request, ...more };
  if (covers !== undefined) Object.defineProperty(out, COVERS, { value: covers, enumerable: false });
  return out;
}

/** Where planOnTarget keeps, out of sight of JSON and equality, the filter a Query gives out exactly. */
export const COVERS: unique symbol = Symbol("covers");
export type Covered = DynamoRequest & { [COVERS]?: FilterNode };

const SPAN: Span = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
const literal = (v: Scalar): LiteralNode => (typeof v === "string" ? { type: "String", value: v, span: SPAN } : { type: "Number", value: v, span: SPAN });
const condition = (name: string, operator: PredicateNode["operator"], value: LiteralNode | LiteralNode[]): PredicateNode => ({
  type: "Predicate",
  attribute: { type: "Attribute", name, span: SPAN },
  operator,
  operatorSpan: SPAN,
  value,
  span: SPAN,
});

/** The partition value a planned Query reads: coverOf puts its condition first. */
export function partitionOf(request: Covered): Scalar | undefined {
  const covers = request[COVERS];
  const first = covers?.type === "And" ? covers.operands[0] : covers;
  if (first?.type !== "Predicate" || first.value === undefined || Array.isArray(first.value)) return undefined;
  const value = first.value;
  return value.type === "String" || value.type === "Number" ? value.value : undefined;
}

function coverOf(request: QueryItemsRequest, target: Target, residual: FilterNode | null): FilterNode {
  const parts: FilterNode[] = [condition(target.partition, "equals", literal(request.key!.primary))];
  if (request.filter !== undefined && target.sort !== undefined) {
    const v = request.filter.value;
    parts.push(condition(target.sort, request.filter.operator, Array.isArray(v) ? v.map(literal) : request.filter.operator === "in" ? [literal(v as Scalar)] : literal(v as Scalar)));
  }
  if (residual !== null) parts.push(residual);
  return andOf(parts, SPAN);
}

/**
 * DynamoDB refuses a FilterExpression on a local index that names an
 * attribute the index does not project ("does not project one or more
 * filter attributes"), though Select ALL_ATTRIBUTES fetches it: such
 * conditions are checked locally, on the whole item.
 */
function projectedOnly(split: { remote: FilterNode[]; local: FilterNode[] }, target: Target): { remote: FilterNode[]; local: FilterNode[] } {
  const index = target.index;
  if (index === undefined || index.projection === "ALL") return split;
  const projected = new Set([target.partition, ...(target.sort === undefined ? [] : [target.sort]), ...(index.projection === "KEYS_ONLY" ? [] : index.projection)]);
  const remote: FilterNode[] = [];
  const local = [...split.local];
  for (const node of split.remote) (namesOutside(node, projected) ? local : remote).push(node);
  return { remote, local };
}

function namesOutside(node: FilterNode, names: ReadonlySet<string>): boolean {
  switch (node.type) {
    case "Predicate":
      return node.attribute !== null && !names.has(node.attribute.name);
    case "Not":
      return namesOutside(node.operand, names);
    default:
      return node.operands.some((n) => namesOutside(n, names));
  }
}

function andOf(nodes: FilterNode[], span: Span): FilterNode {
  return nodes.length === 1 ? nodes[0]! : { type: "And", operands: nodes, span };
}
