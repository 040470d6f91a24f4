import { readOrderBy, toNumberValue, type NumberValue, type FilterDocument, type FilterInput, type FilterNode, type LiteralNode, type OrderBy, type PredicateNode } from "@itemfilter/core";
import { toDocument } from "../compile/toDocument.js";
import { DynamoRunError } from "../run/dynamoRunError.js";
import type { DynamoKeys } from "./dynamoKeys.js";
import type { KeyType } from "./keyCondition.js";
import { planDynamo, type DynamoRequest, type PlanDynamoOptions } from "./planDynamo.js";
import { amend, type Covered } from "./planTarget.js";

/**
 * An ordered DynamoDB plan (grammar/planning.md, Order): a Query whose sort
 * key (the table's, a local or global index's) is the order's attribute
 * returns each partition in the order, read backwards (ScanIndexForward
 * false) for `desc`; every other request (a Scan, a Query sorted by another
 * key) is sorted locally. Where the planner's own choice would sort, a plan
 * on only the targets that give the order is taken instead when it needs no
 * Scan: on a list screen, reading a page in order beats reading a smaller
 * partition whole to sort it.
 */
export function planOrdered(filter: FilterInput, given: PlanDynamoOptions, order: OrderBy): Covered[] {
  // The ordered runners read an index's items as the whole items: no index whose items would have to be fetched by key.
  const options: PlanDynamoOptions = { ...given, fetch: false };
  const first = planDynamo(filter, options);
  const keys = options.keys;
  if (keys === undefined || first.every((r) => servesOrder(r, keys, order))) return first.map((r) => marked(r, keys, order));
  const serving = (keys.indexes ?? []).filter((index) => index.sort === order.name && order.path === undefined);
  if (serving.length > 0 || (keys.sort === order.name && order.path === undefined)) {
    let other: Covered[] | undefined;
    try {
      other = planDynamo(filter, { ...options, keys: { ...keys, indexes: serving }, allowScan: false });
    } catch {
      other = undefined;
    }
    if (other !== undefined && other.every((r) => servesOrder(r, keys, order))) return other.map((r) => marked(r, keys, order));
    const split = splitPlan(filter, options, order, serving);
    if (split !== undefined) return split;
  }
  return first.map((r) => marked(r, keys, order));
}

/** The least value of each key type DynamoDB holds: every key value of the type is at least this. */
const LEAST: Record<string, () => string | NumberValue> = {
  N: () => toNumberValue("-9.9999999999999999999999999999999999999E+125"),
  // No key is empty; every other string is at least U+0000 in UTF-8 byte order.
  S: () => "\u0000",
};

/**
 * An index is sparse: it holds only the items that have its sort key, of
 * the key's type (DynamoDB refuses an item whose index key has another).
 * Items without the order's value come last in both directions, so the
 * filter splits in two: `(filter) and PATH >= LEAST`, a range on the sort
 * key that every key value passes, read in order on the indexes that give
 * it, and `(filter) and not (PATH >= LEAST)`, the exact rest, planned as
 * any filter, sorted by the keys and read only once the first part is all
 * given out (a page of the newest never reads it). Undefined when either
 * part cannot be planned so (the first needs a target not in order, the
 * second a Scan that allowScan refuses) or the key's type is not known.
 */
function splitPlan(filter: FilterInput, options: PlanDynamoOptions, order: OrderBy, serving: NonNullable<DynamoKeys["indexes"]>): Covered[] | undefined {
  const keys = options.keys!;
  // Only an index with one sort attribute serves an order (sortKeyOf), so its type is one too.
  const type = serving.map((index) => index.types?.sort).find((sort): sort is KeyType => typeof sort === "string");
  const least = type === undefined ? undefined : LEAST[type];
  if (least === undefined) return undefined;
  const { scope: _scope, params: _params, keys: _keys, ...rest } = options;
  let doc: FilterDocument;
  try {
    doc = toDocument(filter, options, "planDynamo");
  } catch {
    return undefined;
  }
  const span = doc.span;
  const value = least();
  const range: PredicateNode = {
    type: "Predicate",
    attribute: { type: "Attribute", name: order.name, span },
    operator: "greaterEqual",
    operatorSpan: span,
    value: (typeof value === "string" ? { type: "String", value, span } : { type: "Number", value, span }) as LiteralNode,
    span,
  };
  const part = (test: FilterNode): FilterDocument => ({ type: "Filter", body: doc.body === null ? test : { type: "And", operands: [doc.body, test], span }, span });
  try {
    const head = planDynamo(part(range), { ...rest, keys: { ...keys, indexes: serving }, allowScan: false });
    if (!head.every((r) => servesOrder(r, keys, order))) return undefined;
    const tail = planDynamo(part({ type: "Not", operand: range, span }), { ...rest, keys });
    const why = `items without '${order.name}' (not in the indexes that give the order) come last: read only once the others are all given out, sorted by the keys`;
    return [...head.map((r) => marked(r, keys, order)), ...tail.map((r) => amend(r, { order: { how: "sorted", why, last: true } }))];
  } catch {
    return undefined;
  }
}

/** The sort key of the table or index a request reads. */
function sortKeyOf(request: DynamoRequest, keys: DynamoKeys): string | undefined {
  const name = request.input.IndexName;
  // An index keyed by several sort attributes (issue 41) is in order by them together, not by one: it serves no order here.
  const sort = name === undefined ? keys.sort : keys.indexes?.find((index) => index.name === name)?.sort;
  return typeof sort === "string" ? sort : undefined;
}

function servesOrder(request: DynamoRequest, keys: DynamoKeys | undefined, order: OrderBy): boolean {
  return request.command === "Query" && keys !== undefined && order.path === undefined && sortKeyOf(request, keys) === order.name;
}

function marked(request: Covered, keys: DynamoKeys | undefined, order: OrderBy): Covered {
  const target = request.input.IndexName === undefined ? "the table" : `index ${request.input.IndexName}`;
  if (servesOrder(request, keys, order)) {
    const backwards = order.direction === "desc";
    const why = `a Query of ${target} returns each partition in its sort key '${order.name}' order${backwards ? ", read backwards (ScanIndexForward false)" : ""}`;
    return amend(request, { input: { ...request.input, ...(backwards ? { ScanIndexForward: false } : {}) }, order: { how: "inOrder", why } });
  }
  const sortKey = keys === undefined ? undefined : sortKeyOf(request, keys);
  const why =
    request.command === "Scan"
      ? "a Scan returns items in no order"
      : sortKey === undefined
        ? `a Query of ${target}, which has no sort key, returns a partition in no order`
        : `a Query of ${target} comes in '${sortKey}' order, not by ${orderPath(order)}`;
  return amend(request, { order: { how: "sorted", why } });
}

function orderPath(order: OrderBy): string {
  return order.text.slice(0, order.text.lastIndexOf(" "));
}

/** The order option, read; a bad one is a TypeError naming the call. */
export function orderOption(orderBy: unknown, call: string): OrderBy {
  return readOrderBy(orderBy, `${call}: orderBy`);
}

/** E_ORDER_TOO_LARGE: for the person, "narrow the filter"; for the developer, the index that would serve the order. */
export function orderTooLarge(order: OrderBy, keys: DynamoKeys | undefined, max: number): DynamoRunError {
  const path = orderPath(order);
  const serving = order.path === undefined ? (keys?.indexes ?? []).filter((index) => index.sort === order.name).map((index) => `${index.name} (pin '${index.partition}' with = or in)`) : [];
  const table = keys !== undefined && keys.sort === order.name && order.path === undefined ? [`the table (pin '${keys.partition}' with = or in)`] : [];
  const advice =
    serving.length + table.length > 0
      ? `a Query of ${[...table, ...serving].join(" or ")} reads in this order`
      : `an index whose sort key is ${path}, with a partition key the filter pins, would read in this order`;
  return new DynamoRunError("E_ORDER_TOO_LARGE", "too many items to sort; narrow the filter", `no request of the plan reads the items in the order ${order.text}, and more than maxSortItems (${max}) match: ${advice}; or raise maxSortItems`, {
    params: { maxSortItems: max, orderBy: order.text },
  });
}
