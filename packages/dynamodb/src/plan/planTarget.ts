import { FilterError, format, parse, plan, type FilterNode, type LiteralNode, type PredicateNode, type QueryItemsRequest, type Scalar, type Span } from "@itemfilter/core";
import { scalarValue } from "../compile/attributeValue.js";
import { Placeholders } from "../compile/placeholders.js";
import { writeExpression } from "../compile/writeExpression.js";
import { keyList, typeList, type DynamoIndex, type DynamoKeys } from "./dynamoKeys.js";
import { extendKey, type KeyedQuery, type KeyShape } from "./keyAttributes.js";
import { fitsKeyType, sortCondition, type KeyType } from "./keyCondition.js";
import { impliesPresent } from "./presence.js";
import { markRefused, unmark } from "./markers.js";
import { splitResidual } from "./splitResidual.js";
import { stringKeyRange } from "./stringKeyRange.js";
import type { DynamoRequest } from "./planDynamo.js";

/** What a Query can be sent to: the table or one of its indexes. */
export interface Target {
  /** "table" or the IndexName. */
  readonly label: string;
  readonly index?: DynamoIndex;
  /** The first partition-key attribute (the only one but on a multi-attribute key). */
  readonly partition: string;
  /** The first sort-key attribute. */
  readonly sort?: string;
  /** The first attributes' types. */
  readonly types: { readonly partition?: KeyType; readonly sort?: KeyType };
  /** Every key attribute in order, with its type: one partition and at most one sort attribute but on a multi-attribute key. */
  readonly shape: KeyShape;
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
  /** false: a global index that does not project what is needed is refused rather than read and fetched from (planDynamo's `fetch`). */
  readonly fetch?: boolean;
}

/** Queries on one target that serve a filter, or why the target cannot. */
export type TargetPlan =
  | { readonly requests: DynamoRequest[]; readonly cost: number; readonly narrowed: number; readonly whole: number; readonly fetches?: string }
  | { readonly refused: string };

export function targetsOf(keys: DynamoKeys): Target[] {
  const tableShape: KeyShape = { partitions: [keys.partition], sorts: keyList(keys.sort), partitionTypes: [keys.types?.partition], sortTypes: keys.sort === undefined ? [] : [keys.types?.sort] };
  const table: Target = { label: "table", partition: keys.partition, ...(keys.sort === undefined ? {} : { sort: keys.sort }), types: keys.types ?? {}, shape: tableShape };
  return [
    table,
    ...(keys.indexes ?? []).map((index): Target => {
      const partitions = keyList(index.partition);
      const sorts = keyList(index.sort);
      const shape: KeyShape = { partitions, sorts, partitionTypes: typeList(index.types?.partition, partitions.length), sortTypes: typeList(index.types?.sort, sorts.length) };
      const types = { ...(shape.partitionTypes[0] === undefined ? {} : { partition: shape.partitionTypes[0] }), ...(shape.sortTypes[0] === undefined ? {} : { sort: shape.sortTypes[0] }) };
      return { label: index.name, index, partition: partitions[0]!, ...(sorts.length === 0 ? {} : { sort: sorts[0]! }), types, shape };
    }),
  ];
}

/** Every key attribute of the target, and the table's: DynamoDB refuses them in a Query's FilterExpression, and an index projects them all. */
export function keyAttributes(target: Target, table: DynamoKeys): Set<string> {
  return new Set([table.partition, ...keyList(table.sort), ...target.shape.partitions, ...target.shape.sorts]);
}

/**
 * Why an index cannot serve any filter under these settings, before
 * planning (a global index takes no consistent read), or `fetches`: the
 * index does not project what is needed (every attribute, or with `fields`
 * the attributes the fields and the filter name), so its Query gives the
 * table's keys and the whole items are fetched by them (BatchGetItem).
 */
export function refusedOutright(target: Target, settings: Pick<TargetSettings, "consistentRead" | "needed" | "table" | "fetch">): { refused: string } | { fetches: string } | undefined {
  const index = target.index;
  if (index === undefined || index.kind === "local") return undefined;
  if (settings.consistentRead) return { refused: "a global index takes no consistent read (consistentRead is set)" };
  if (index.projection === "ALL") return undefined;
  const what = index.projection === "KEYS_ONLY" ? "only the keys (KEYS_ONLY)" : `only the keys and ${index.projection.map((a) => JSON.stringify(a)).join(", ")} (INCLUDE)`;
  let why = `it projects ${what}, and items are returned whole`;
  if (settings.needed !== undefined) {
    const projected = new Set([...keyAttributes(target, settings.table), ...(index.projection === "KEYS_ONLY" ? [] : index.projection)]);
    const missing = [...settings.needed].filter((name) => !projected.has(name));
    if (missing.length === 0) return undefined;
    why = `it projects ${what}, not ${missing.map((a) => `'${a}'`).join(", ")}, which the filter or the fields need`;
  }
  return settings.fetch === false ? { refused: `${why} (fetch is false)` } : { fetches: why };
}

// A Query that reads a whole partition is counted as this many narrowed by the sort key: without
// statistics, a sort-key condition is taken to cut a partition by an order of magnitude.
const WHOLE_PARTITION = 10;

/** Plans `branch` (a filter tree, unmarked) as Queries on `target`, or says why it cannot. */
export function planOnTarget(branch: FilterNode, target: Target, settings: TargetSettings): TargetPlan {
  const outright = refusedOutright(target, settings);
  if (outright !== undefined && "refused" in outright) return outright;
  const fetches = outright?.fetches;
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
  const keyed: KeyedQuery[] = [];
  for (const request of queries) {
    // core's fallback residual is the whole (marked) filter: the original is as exact and names no stand-in.
    const residual = request.residual === planned.filter ? original : request.residual;
    const leftover = residual === null ? null : unmark(parse(residual, parseOptions).body!, markers);
    const ranged = withStringRange(request, leftover, target);
    if (ranged.empty) continue;
    const first: KeyedQuery = {
      equalities: [{ name: target.partition, value: request.key!.primary, type: target.types.partition }],
      ...(ranged.request.filter === undefined || target.sort === undefined ? {} : { range: { name: target.sort, filter: ranged.request.filter, type: target.types.sort } }),
      leftover: ranged.leftover,
    };
    const extended = target.shape.partitions.length > 1 || target.shape.sorts.length > 1 ? extendKey(first, target.shape) : [first];
    if (typeof extended === "string") return { refused: extended };
    keyed.push(...extended);
  }
  const limit = settings.maxRequests ?? 16;
  if (keyed.length > limit) return { refused: `the filter needs more than ${limit} Queries on it (maxRequests)` };
  const covers = keyed.map((q) => coverOf(q));
  // An index holds only the items that have all its key attributes (it is sparse). The table's own keys are
  // on every item; any other key attribute must be implied by what each Query gives out, else the Query could
  // miss items the filter selects.
  if (target.index !== undefined) {
    const guaranteed = new Set([settings.table.partition, ...keyList(settings.table.sort)]);
    for (const name of [...target.shape.partitions, ...target.shape.sorts]) {
      if (guaranteed.has(name) || covers.every((cover) => impliesPresent(cover, name))) continue;
      return { refused: `it is sparse: items without '${name}' are not in it, and the filter does not require '${name}' on every branch` };
    }
  }
  const keyNames = keyAttributes(target, settings.table);
  const requests: DynamoRequest[] = [];
  let whole = 0;
  let narrowed = 0;
  keyed.forEach((q, i) => {
    const query = toQuery(q, target, keyNames, settings, fetches !== undefined, covers[i]!);
    if (query === null) return;
    requests.push(query);
    if (q.range === undefined) whole++;
    else narrowed++;
  });
  // A fetching Query reads each item twice (the index's, the table's); one whose index holds what the
  // filter names filters before the fetch, so it is counted a little cheaper than one that fetches all.
  const unfiltered = requests.some((r) => r.residual !== null && !allNamed(parse(r.residual, parseOptions).body!, keyNames));
  const cost = (whole * WHOLE_PARTITION + narrowed) * (fetches === undefined ? 1 : unfiltered ? 2 : 1.5);
  return { requests, cost, whole, narrowed, ...(fetches === undefined ? {} : { fetches }) };
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

function toQuery(q: KeyedQuery, target: Target, keyNames: ReadonlySet<string>, settings: TargetSettings, fetches: boolean, cover: FilterNode): DynamoRequest | null {
  // No key is "" (DynamoDB refuses one), and a key of another type never equals the value.
  if (q.equalities.some(({ value, type }) => value === "" || !fitsKeyType(value, type))) return null;
  const placeholders = new Placeholders();
  const conditions = q.equalities.map(({ name, value }) => `${placeholders.name(name)} = ${placeholders.value(scalarValue(value))}`);
  if (q.range !== undefined) {
    const condition = sortCondition(q.range.filter, q.range.name, q.range.type, placeholders);
    if (condition === "none") return null;
    if (condition !== null) conditions.push(condition);
  }
  const input: DynamoRequest["input"] = {
    ...(target.index === undefined ? {} : { IndexName: target.index.name }),
    KeyConditionExpression: conditions.join(" AND "),
  };
  let local: string | null = null;
  const leftover = q.leftover;
  if (leftover !== null) {
    const split = splitResidual(leftover, keyNames);
    const { remote, local: onKeys } = projectedOnly(split, target, keyNames);
    if (remote.length > 0) input.FilterExpression = writeExpression(andOf(remote, leftover.span), placeholders, leftover.span);
    if (onKeys.length > 0) local = format(andOf(onKeys, leftover.span));
  }
  // A local index that projects less fetches the rest from the table when asked for every attribute.
  const selects = target.index?.kind === "local" && target.index.projection !== "ALL";
  const table = settings.table;
  const query: Covered = {
    command: "Query",
    input: { ...input, ...placeholders.maps(), ...(selects ? { Select: "ALL_ATTRIBUTES" as const } : {}), ...(settings.consistentRead ? { ConsistentRead: true } : {}) },
    residual: local,
    ...(fetches ? { fetch: { command: "BatchGetItem" as const, keys: [table.partition, ...keyList(table.sort)] } } : {}),
  };
  // What this request gives out, as a filter: findPage tells an item an earlier request gave out by it,
  // and an item fetched by key is checked against it again (the index is eventually consistent).
  const out = amend(query, {}, cover);
  // The sort-key condition alone: the store checks a startKey's sort value against it.
  if (q.range !== undefined) Object.defineProperty(out, SORT_RANGE, { value: rangeNode(q.range), enumerable: false });
  return out;
}

/** Where planOnTarget keeps, out of sight, the condition on the last sort-key attribute a Query's key condition holds. */
export const SORT_RANGE: unique symbol = Symbol("sortRange");

/** The key condition on the last sort-key attribute, when the Query has one. */
export function sortRangeOf(request: Covered): PredicateNode | undefined {
  return (request as { [SORT_RANGE]?: PredicateNode })[SORT_RANGE];
}

function rangeNode(range: NonNullable<KeyedQuery["range"]>): PredicateNode {
  const { operator, value: v } = range.filter;
  return condition(range.name, operator, Array.isArray(v) ? v.map(literal) : operator === "in" ? [literal(v as Scalar)] : literal(v as Scalar));
}

/** The request with more members, keeping what it covers (hidden from JSON and from equality in tests). */
export function amend(request: Covered, more: Partial<DynamoRequest>, covers: FilterNode | undefined = request[COVERS]): Covered {
  const out: Covered = { ...request, ...more };
  if (covers !== undefined) Object.defineProperty(out, COVERS, { value: covers, enumerable: false });
  const range = sortRangeOf(request);
  if (range !== undefined) Object.defineProperty(out, SORT_RANGE, { value: range, enumerable: false });
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

function coverOf(q: KeyedQuery): FilterNode {
  const parts: FilterNode[] = q.equalities.map(({ name, value }) => condition(name, "equals", literal(value)));
  if (q.range !== undefined) parts.push(rangeNode(q.range));
  if (q.leftover !== null) parts.push(q.leftover);
  return andOf(parts, SPAN);
}

/**
 * DynamoDB refuses a FilterExpression on a local index that names an
 * attribute the index does not project ("does not project one or more
 * filter attributes"), though Select ALL_ATTRIBUTES fetches it, and a global
 * index's items lack it until they are fetched: such conditions are checked
 * locally, on the whole item.
 */
function projectedOnly(split: { remote: FilterNode[]; local: FilterNode[] }, target: Target, keyNames: ReadonlySet<string>): { remote: FilterNode[]; local: FilterNode[] } {
  const index = target.index;
  if (index === undefined || index.projection === "ALL") return split;
  const projected = new Set([...keyNames, ...(index.projection === "KEYS_ONLY" ? [] : index.projection)]);
  const remote: FilterNode[] = [];
  const local = [...split.local];
  for (const node of split.remote) (namesOutside(node, projected) ? local : remote).push(node);
  return { remote, local };
}

function allNamed(node: FilterNode, names: ReadonlySet<string>): boolean {
  return !namesOutside(node, names);
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
