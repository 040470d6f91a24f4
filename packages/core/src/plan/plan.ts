import type { FilterDocument, FilterNode } from "../syntax/ast.js";
import { FilterError, ScopeError, type Diagnostic } from "../messages/errors.js";
import { scopeDocument, scopedDocument } from "../tree/scopedDocument.js";
import type { ListFilter, QueryFilter, Scalar } from "../values/filters.js";
import { checkConditions } from "../semantics/lowering.js";
import { guardStack, type FilterInput } from "../tree/readDocument.js";
import { compileFast } from "../schema/toDocument.js";
import { clausesOf, type Clause } from "./clauses.js";
import { keyQuery, type KeyQuery } from "./keyQuery.js";
import { resolvePlanOptions, type ResolvedPlanOptions } from "./planOptions.js";
import type { ListItemsRequest, Plan, PlanOptions, PlanRequest, QueryItemsRequest } from "./planTypes.js";
import { andNode, canonical, literalNode, orNode, toTerm, type Literal } from "./terms.js";
import type { Span } from "../messages/location.js";
import { stringifyJson } from "../values/exactJson.js";

/**
 * Plans how to run any filter against the service: the requests to send,
 * what each request's items must still pass locally, and that the results
 * are united. Running the plan selects exactly the items `evaluate` accepts;
 * the rules and the cost model are in grammar/planning.md.
 *
 * Throws FilterError for text that does not parse, conditions without a
 * subject or with a value that does not fit the operator, and
 * E_PLAN_TOO_LARGE past `maxRequests`; TypeError for bad options.
 */
export function plan(input: FilterInput, options?: PlanOptions): Plan {
  const resolved = resolvePlanOptions(options);
  const scope = scopeDocument("plan", options?.scope, options ?? undefined);
  if (scope?.body != null) {
    // The scope is checked alone first: its problems are the app's, whatever the person typed.
    const problems: Diagnostic[] = [];
    checkConditions(scope.body, problems, resolved.maxInValues, "local");
    if (problems.length > 0) throw new ScopeError("plan", `is not a filter that can run: ${new FilterError(problems).message}`, problems);
  }
  return compileFast(input, options ?? undefined, (doc) => planDocument(scopedDocument(doc, scope), resolved));
}

function planDocument(doc: FilterDocument, options: ResolvedPlanOptions): Plan {
  const body = doc.body;
  if (body === null) return { filter: "", requests: [{ operation: "listItems", filter: [], residual: null }], combine: "union" };
  return guardStack(() => {
    const problems: Diagnostic[] = [];
    checkConditions(body, problems, options.maxInValues, "local");
    if (problems.length > 0) throw new FilterError(problems);
    const filter = canonical(body);
    const clauses = clausesOf(toTerm(body, false), { ...options, weights: new Map() });
    // A clause the service cannot narrow means reading every item: one unfiltered
    // scan then serves the whole filter, and any other request would be waste.
    if (clauses.some((c) => c.push.length === 0)) {
      const always = clauses.some((c) => c.push.length === 0 && c.local.length === 0);
      return { filter, requests: [{ operation: "listItems", filter: [], residual: always ? null : filter }], combine: "union" };
    }
    return { filter, requests: toRequests(clauses, { ...options, filter }), combine: "union" };
  }, doc.span);
}

interface Context extends ResolvedPlanOptions {
  /** The whole filter's canonical text. */
  filter: string;
}

/** A request before its residual is written: what the server does, and per clause what is left to check. */
interface Draft {
  request: Omit<ListItemsRequest, "residual"> | Omit<QueryItemsRequest, "residual">;
  rests: (readonly Literal[])[];
  span: Span;
}

/**
 * One request per clause: partition queries where the keys allow (one per
 * `key.primary` value, and per value of an `in` on the secondary key, while
 * the plan stays within maxRequests), else listItems. Clauses that would
 * send the same request share it, their leftovers joined with `or`.
 */
function toRequests(clauses: Clause[], options: Context): PlanRequest[] {
  let budget = options.maxRequests - clauses.length;
  const drafts = new Map<string, Draft>();
  const add = (request: Draft["request"], rest: readonly Literal[], span: Span): void => {
    const key = stringifyJson(request);
    const draft = drafts.get(key);
    if (draft === undefined) drafts.set(key, { request, rests: [rest], span });
    else draft.rests.push(rest);
  };
  const extra = (q: KeyQuery): number => q.partitions.length * q.filters.length - 1;
  for (const clause of clauses) {
    let query = keyQuery(clause, options.keys, true);
    if (query !== null && extra(query) > budget) query = keyQuery(clause, options.keys, false);
    if (query !== null && extra(query) <= budget) {
      budget -= extra(query);
      for (const primary of query.partitions) {
        for (const filter of query.filters) {
          const request = { operation: "queryItems" as const, key: { primary: plain(primary) } };
          add(filter === undefined ? request : { ...request, filter: plainValues(filter) }, query.rest, clause.span);
        }
      }
      continue;
    }
    add({ operation: "listItems", filter: clause.push.map((p) => plainValues(p.filter)) }, clause.local, clause.span);
  }
  return [...drafts.values()].map(({ request, rests, span }) => ({ ...request, residual: residual(rests, span, options) }) as PlanRequest);
}

/**
 * -0 as 0: JSON has no negative zero (it would come back as 0, and a plan is
 * plain JSON), the service has none either, and every operator treats them alike.
 */
function plain(value: Scalar): Scalar {
  return Object.is(value, -0) ? 0 : value;
}

function plainValues<F extends ListFilter | QueryFilter>(filter: F): F {
  const v = filter.value;
  if (v === undefined) return filter;
  const next = Array.isArray(v) ? (v.some((x) => Object.is(x, -0)) ? v.map(plain) : v) : plain(v as Scalar);
  return Object.is(next, v) ? filter : { ...filter, value: next };
}

/**
 * Canonical text of what is left to check (one conjunction per clause the
 * request serves, joined with `or`), or null when nothing is. Folding
 * clauses can nest a residual a little deeper than the filter was written,
 * and distributing repeats conditions; when it might pass maxDepth, or holds
 * more conditions or characters than the filter may, the whole filter is the
 * residual instead (always correct: every request returns a superset of its
 * share). So a residual always parses with the limits the filter did.
 */
function residual(rests: readonly (readonly Literal[])[], span: Span, options: Context): string | null {
  if (rests.some((rest) => rest.length === 0)) return null;
  const node = orNode(rests.map((rest) => andNode(rest.map((l) => literalNode(l, span)), span)), span);
  if (nesting(node) > options.maxDepth || predicates(node) > options.maxPredicates) return options.filter;
  const text = canonical(node);
  return text.length > options.maxLength ? options.filter : text;
}

function predicates(node: FilterNode): number {
  switch (node.type) {
    case "Predicate":
      return 1;
    case "Not":
      return predicates(node.operand);
    case "And":
    case "Or":
      return node.operands.reduce((n, o) => n + predicates(o), 0);
  }
}

/**
 * The nesting the parser counts for the formatted text: each `not`, and each
 * group, which format writes where an and/or sits under a `not`, an `and`,
 * or an `or` under an `or` (never, as trees are flat).
 */
function nesting(node: FilterNode, parent?: FilterNode["type"]): number {
  const group = (node.type === "And" || node.type === "Or") && (parent === "Not" || parent === "And" || (parent === "Or" && node.type === "Or")) ? 1 : 0;
  switch (node.type) {
    case "Predicate":
      return 0;
    case "Not":
      return 1 + nesting(node.operand, "Not");
    case "And":
    case "Or":
      return group + node.operands.reduce((most, o) => Math.max(most, nesting(o, node.type)), 0);
  }
}
