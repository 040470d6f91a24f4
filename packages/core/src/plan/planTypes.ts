import type { ListFilter, QueryFilter, Scalar } from "../values/filters.js";
import type { ParseOptions } from "../schema/parse.js";
import type { ScopeInput } from "../tree/scopedDocument.js";

/** The type of every value a key attribute holds (DynamoDB's S and N). */
export type PlanKeyType = "string" | "number";

/**
 * The names of a table's key attributes, as the service stores them (a plan
 * for other names reads the wrong partitions), and where known their types.
 */
export interface PlanKeys {
  /** The partition (primary) key: an equality on it becomes queryItems with `key.primary`. */
  readonly primary: string;
  /** The secondary (sort) key: a condition on it becomes that request's QueryFilter. */
  readonly secondary?: string;
  /**
   * The types the keys' values have in every item. A key condition with a
   * value of the other type matches nothing, and the service refuses it
   * (as DynamoDB does), so the plan sends no such request.
   */
  readonly types?: { readonly primary?: PlanKeyType; readonly secondary?: PlanKeyType };
}

/** Options of `plan`: a schema and limits as for the compilers, plus the table's keys. */
export interface PlanOptions extends ParseOptions {
  /** Without keys, no request uses queryItems' `key`; every request is listItems. */
  keys?: PlanKeys;
  /** The most requests a plan may hold; past it, E_PLAN_TOO_LARGE. 16 when left out. */
  maxRequests?: number;
  /**
   * The app's own condition: the plan runs exactly `scope and (filter)`, and
   * its `filter` says so. A scope that pins the primary key reads only those
   * partitions. A problem with it is a ScopeError.
   */
  scope?: ScopeInput;
}

/** One listItems request of a plan. An empty `filter` is sent without a filter member: every item. */
export interface ListItemsRequest {
  operation: "listItems";
  filter: readonly ListFilter[];
  /** Canonical filter text every returned item must still pass locally; null when the server's answer is exact. */
  residual: string | null;
}

/**
 * One queryItems request of a plan: with `key` and no `filter` the whole partition (items without the
 * secondary key too), with both the partition's items that have the secondary key and pass the filter.
 */
export interface QueryItemsRequest {
  operation: "queryItems";
  key?: { primary: Scalar };
  filter?: QueryFilter;
  /** Canonical filter text every returned item must still pass locally; null when the server's answer is exact. */
  residual: string | null;
}

export type PlanRequest = ListItemsRequest | QueryItemsRequest;

/**
 * How to run any filter against the service: the union, without duplicates,
 * of each request's items that pass that request's residual. Plain data,
 * JSON-serialisable. No requests means the filter matches nothing.
 */
export interface Plan {
  /** The whole filter as canonical text. */
  filter: string;
  requests: readonly PlanRequest[];
  combine: "union";
}
