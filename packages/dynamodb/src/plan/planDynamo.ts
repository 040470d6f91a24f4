import { attributes, checkFields, format, schemaFields, type FilterDocument, type FilterInput, type FilterNode, type ParseOptions } from "@itemfilter/core";
import type { ExpressionValue } from "../compile/attributeValue.js";
import { Placeholders } from "../compile/placeholders.js";
import { toDocument, type DynamoFilterOptions } from "../compile/toDocument.js";
import { withRedaction } from "../compile/compileDynamo.js";
import { writeExpression } from "../compile/writeExpression.js";
import { checkKeys, type DynamoKeys } from "./dynamoKeys.js";
import { projectionOf, readPaths } from "./projection.js";
import { refuseScan } from "./scanGuard.js";
import { splitResidual } from "./splitResidual.js";
import { amend, planOnTarget, targetsOf, type Limits, type Target, type TargetPlan, type TargetSettings } from "./planTarget.js";

export type { DynamoIndex, DynamoKeys } from "./dynamoKeys.js";

/** The input of one request, without TableName (findAll and explain add it). */
export interface DynamoInput {
  /** The index read, when the request reads one rather than the table. */
  IndexName?: string;
  KeyConditionExpression?: string;
  FilterExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, ExpressionValue>;
  /** On a local index that does not project every attribute: DynamoDB fetches the rest from the table. COUNT: count's requests without a local check. */
  Select?: "ALL_ATTRIBUTES" | "COUNT";
  ConsistentRead?: boolean;
  /** A Scan run as this many parallel segments (findAll adds each one's Segment). */
  TotalSegments?: number;
  /** With `fields`: the fields, the attributes the filter names and the table's keys (placeholders `#f…`). */
  ProjectionExpression?: string;
  /** false: an ordered plan's Query read backwards, for `desc` (orderDynamo). */
  ScanIndexForward?: boolean;
}

/** One request of a DynamoDB plan. */
export interface DynamoRequest {
  command: "Query" | "Scan";
  input: DynamoInput;
  /**
   * Filter text every item the request returns must still pass, checked
   * locally with `evaluate`; null when DynamoDB's answer is exact. Only
   * conditions on the key attributes land here, since a Query's
   * FilterExpression may not name them, and folded comparisons without a
   * folded copy (`fold(a)`), since DynamoDB compares text exactly.
   */
  residual: string | null;
  /**
   * The index read projects less than is needed: its items give the table's
   * keys, and the whole items are fetched by them with BatchGetItem (up to
   * 100 keys a call), each checked against the request's conditions again
   * (the index is eventually consistent). With `fields`, the ProjectionExpression is the fetch's.
   */
  fetch?: { command: "BatchGetItem"; keys: string[]; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> };
  /** Why this table or index was read, when the keys name indexes or consistentRead is set. */
  reason?: string;
  /** The table and indexes not read for this request's part of the filter, each with why. */
  refused?: { target: string; reason: string }[];
  /** With orderBy: read in order (a Query whose sort key is the order's attribute) or sorted locally, and why. */
  order?: { how: "inOrder" | "sorted"; why: string; last?: true };
}

export interface PlanDynamoOptions extends DynamoFilterOptions {
  /** The table's key attributes and indexes. Without them every plan is one Scan. */
  keys?: DynamoKeys;
  /** The most requests a plan may hold (core's `plan` option); past it, E_PLAN_TOO_LARGE. 16 when left out. */
  maxRequests?: number;
  /**
   * false: a plan that needs a Scan is a DynamoRunError E_DYNAMO_SCAN, thrown
   * before anything is sent, whose hint names the index that would serve the filter.
   */
  allowScan?: boolean;
  /**
   * A Scan runs as this many parallel segments, 1 to 1000. Left out: one per
   * GiB of the table as keys.sizeBytes (describeTable) says, at most 16; 1
   * for a small table or one whose size is not known.
   */
  segments?: number;
  /**
   * Only these attributes, each a path (`address.city`): the requests say
   * ProjectionExpression, widened by what the local checks read; findAll and
   * findPage give out only the fields. A global index that projects every
   * attribute needed may then be read.
   */
  fields?: readonly string[];
  /** Strongly consistent reads: every request says ConsistentRead, and no global index is read (they take none). */
  consistentRead?: boolean;
  /**
   * false: a global index that does not project every attribute needed is
   * refused, rather than read and the whole items fetched by key with
   * BatchGetItem (for a role that may not call it). true when left out.
   */
  fetch?: boolean;
}

/**
 * Plans a filter on a DynamoDB table: Queries on the table or on the index
 * whose keys the filter implies (a partition equality or `in`, and the
 * sort-key conditions), with the rest as FilterExpression; else one Scan with
 * the whole filter as FilterExpression. Where no single table or index
 * serves the whole filter, each operand of a top-level `or` is planned on
 * its own. The analysis is core's `plan` (grammar/planning.md). Running the
 * requests and uniting their items (each once, by the table's key) selects
 * exactly the items `evaluate` selects. An empty array means nothing can match.
 */
export function planDynamo(filter: FilterInput, options?: PlanDynamoOptions): DynamoRequest[] {
  const { keys: givenKeys, maxRequests, consistentRead, allowScan, segments, fields: givenFields, fetch, ...parseOptions } = options ?? {};
  // Checked against the schema as the filter is: the schema bounds what is read out of an item too.
  const fields = givenFields === undefined ? undefined : schemaFields(checkFields(givenFields), parseOptions.schema);
  if (segments !== undefined && !(Number.isInteger(segments) && segments >= 1 && segments <= 1000)) throw new TypeError("planDynamo: segments takes a whole number from 1 to 1000");
  const keys = givenKeys === undefined ? undefined : checkKeys(givenKeys);
  for (const [name, value] of [["consistentRead", consistentRead], ["allowScan", allowScan], ["fetch", fetch]] as const) {
    if (value !== undefined && typeof value !== "boolean") throw new TypeError(`planDynamo: ${name} takes true or false`);
  }
  const doc = toDocument(filter, parseOptions, "planDynamo");
  return withRedaction(doc, () => {
    const total = segments ?? defaultSegments(keys);
    const needed = fields === undefined ? undefined : new Set([...fields.map((path) => path[0]!), ...attributes(doc)]);
    const planned = planDocument(doc, keys, maxRequests, consistentRead === true, parseOptions, needed, fetch !== false);
    const projection = fields === undefined ? undefined : projectionOf(readPaths(fields, [...attributes(doc), ...(keys === undefined ? [] : [keys.partition, ...(keys.sort === undefined ? [] : [keys.sort])])]));
    const requests = planned.map((r) => {
      if (r.command === "Scan" && total > 1) r = amend(r, { input: { ...r.input, TotalSegments: total } });
      if (projection === undefined) return r;
      // The index's items give only the keys to fetch by: the fetch reads the fields.
      if (r.fetch !== undefined) return amend(r, { fetch: { ...r.fetch, ProjectionExpression: projection.ProjectionExpression, ExpressionAttributeNames: projection.names } });
      // With a ProjectionExpression a local index fetches what it does not project by itself; Select would be refused.
      const { Select: _select, ...input } = r.input;
      return amend(r, { input: { ...input, ProjectionExpression: projection.ProjectionExpression, ExpressionAttributeNames: { ...input.ExpressionAttributeNames, ...projection.names } } });
    });
    const scan = requests.find((r) => r.command === "Scan");
    if (allowScan === false && scan !== undefined) {
      throw refuseScan(doc, keys, { limits: resolvedLimits(parseOptions), maxRequests, consistentRead: false, used: new Set(attributes(doc)) }, scan);
    }
    return requests;
  });
}

function planDocument(doc: FilterDocument, keys: DynamoKeys | undefined, maxRequests: number | undefined, consistentRead: boolean, parseOptions: ParseOptions, needed: ReadonlySet<string> | undefined, fetch: boolean): DynamoRequest[] {
  const explained = keys !== undefined && ((keys.indexes?.length ?? 0) > 0 || consistentRead);
  const scan = (refused?: DynamoRequest["refused"]): DynamoRequest[] => {
    const read = consistentRead ? { ConsistentRead: true } : {};
    const why = explained ? { reason: "Scan of the table: no table or index serves the filter", refused: refused ?? [] } : {};
    if (doc.body === null) return [{ command: "Scan", input: { ...read }, residual: null, ...(explained ? { reason: "Scan of the table: the filter is empty", refused: [] } : {}) }];
    const placeholders = new Placeholders();
    // Folded conditions are checked locally (splitResidual.ts); no key attribute stops the rest reaching a Scan's FilterExpression.
    const { remote, local } = splitResidual(doc.body, NO_NAMES);
    const FilterExpression = remote.length === 0 ? undefined : writeExpression(andOf(remote, doc.body.span), placeholders, doc.span);
    const residual = local.length === 0 ? null : format(andOf(local, doc.body.span));
    return [{ command: "Scan", input: { ...(FilterExpression === undefined ? {} : { FilterExpression }), ...placeholders.maps(), ...read }, residual, ...why }];
  };
  // Compiling the whole filter first reports every value DynamoDB refuses and every limit, Query or not.
  const whole = scan();
  if (keys === undefined || doc.body === null) return explained ? scan() : whole;

  const settings: TargetSettings = { table: keys, limits: resolvedLimits(parseOptions), maxRequests, consistentRead, used: new Set(attributes(doc)), fetch, ...(needed === undefined ? {} : { needed }) };
  const targets = targetsOf(keys);
  const first = chooseTarget(doc.body, targets, settings, explained);
  if ("requests" in first) return first.requests;
  // No one table or index serves every branch: each operand of a top-level `or` may have its own.
  const branches = doc.body.type === "Or" && targets.length > 1 ? doc.body.operands : [];
  const out: DynamoRequest[] = [];
  for (const branch of branches) {
    const chosen = chooseTarget(branch, targets, settings, explained);
    if (!("requests" in chosen)) return scan(chosen.refused);
    out.push(...chosen.requests);
  }
  const limit = maxRequests ?? 16;
  if (branches.length === 0 || out.length > limit) {
    return scan(branches.length === 0 ? first.refused : targets.map((t) => ({ target: t.label, reason: `the branches together need more than ${limit} Queries (maxRequests)` })));
  }
  return out;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** Conditions joined by `and`: the one condition itself, or an And node. */
function andOf(operands: FilterNode[], span: FilterNode["span"]): FilterNode {
  return operands.length === 1 ? operands[0]! : { type: "And", operands, span };
}

type Choice = { requests: DynamoRequest[] } | { refused: { target: string; reason: string }[] };

/** The target that serves `node` with the fewest reads (the table, then the indexes in order, on a tie), with the reasons. */
function chooseTarget(node: FilterNode, targets: readonly Target[], settings: TargetSettings, explained: boolean): Choice {
  const plans = targets.map((target) => ({ target, plan: scanWorthy(planOnTarget(node, target, settings), target, settings.table) }));
  let best: { target: Target; requests: DynamoRequest[]; cost: number; whole: number; narrowed: number; fetches?: string } | undefined;
  for (const { target, plan } of plans) {
    if ("refused" in plan) continue;
    if (best === undefined || plan.cost < best.cost) best = { target, ...plan };
  }
  if (best === undefined) return { refused: plans.map(({ target, plan }) => ({ target: target.label, reason: (plan as { refused: string }).refused })) };
  if (!explained) return { requests: best.requests };
  const chosen = best;
  const name = chosen.target.index === undefined ? "the table" : `${chosen.target.index.kind} index ${chosen.target.label}`;
  const selects = chosen.target.index?.kind === "local" && chosen.target.index.projection !== "ALL" ? "; DynamoDB fetches the attributes it does not project from the table" : "";
  const fetches = chosen.fetches === undefined ? "" : `; fetches the rest by key (BatchGetItem), since ${chosen.fetches}${fetchEstimate(chosen, settings.table)}`;
  const reason = `Query on ${name}: the filter pins ${chosen.target.shape.partitions.map((p) => `'${p}'`).join(", ")}; reads ${reads(chosen)}${selects}${fetches}`;
  const refused = plans
    .filter(({ target }) => target !== chosen.target)
    .map(({ target, plan }) => {
      if ("refused" in plan) return { target: target.label, reason: plan.refused };
      const tie = plan.cost === chosen.cost ? `as much (${reads({ ...plan, target })}); on a tie the table comes first, then the indexes in order` : `more (${reads({ ...plan, target })}${plan.fetches === undefined ? "" : ", and fetches each item by key"})`;
      return { target: target.label, reason: `it would read ${tie}` };
    });
  return { requests: chosen.requests.map((r) => amend(r, { reason, refused })) };
}

/**
 * Items a fetching plan reads, estimated: without statistics of how many
 * items share a key value, a whole partition of an index is taken as a
 * WHOLE_SHARE of the index's items (DescribeTable's ItemCount), one narrowed
 * by a sort-key condition as a tenth of that, and each is read twice (the
 * index's item, then the table's). undefined: no item count to go by.
 */
function fetchReads(plan: { whole: number; narrowed: number }, target: Target, table: DynamoKeys): number | undefined {
  const items = target.index?.itemCount ?? table.itemCount;
  if (items === undefined) return undefined;
  return 2 * Math.min(items, Math.ceil(items * WHOLE_SHARE * (plan.whole + plan.narrowed / 10)));
}

// The share of an index's items one whole partition is taken to hold, when choosing a fetching Query over a Scan.
const WHOLE_SHARE = 0.1;

function fetchEstimate(plan: { whole: number; narrowed: number; target: Target }, table: DynamoKeys): string {
  const estimate = fetchReads(plan, plan.target, table);
  return estimate === undefined || table.itemCount === undefined ? "" : ` (about ${estimate} items read, against ${table.itemCount} for a Scan)`;
}

/** A fetching plan is chosen over a Scan only when it reads fewer items, as estimated; a plan that needs no fetch always is. */
function scanWorthy(plan: TargetPlan, target: Target, table: DynamoKeys): TargetPlan {
  if ("refused" in plan || plan.fetches === undefined || table.itemCount === undefined) return plan;
  const estimate = fetchReads(plan, target, table);
  if (estimate === undefined || estimate < table.itemCount) return plan;
  return { refused: `${plan.fetches}, and reading it and fetching by key would read about ${estimate} items, no fewer than a Scan's ${table.itemCount}` };
}

/** What a target's Queries read, as the planner counts it. */
function reads(p: { whole: number; narrowed: number; target: Target }): string {
  const count = (n: number): string => `${n} ${n === 1 ? "partition" : "partitions"}`;
  const parts = [p.whole > 0 ? `${count(p.whole)} whole` : "", p.narrowed > 0 ? `${count(p.narrowed)} narrowed by ${p.target.shape.sorts.length > 1 ? `its sort key (${p.target.shape.sorts.map((s) => `'${s}'`).join(", ")})` : `'${p.target.sort}'`}` : ""].filter((x) => x !== "");
  return parts.length === 0 ? "nothing" : parts.join(" and ");
}

const GIB = 2 ** 30;

/** AWS's advice is a segment per 2 GB or so; one per GiB, at most 16, keeps a Scan of a large table from one long chain of pages. */
function defaultSegments(keys: DynamoKeys | undefined): number {
  const size = keys?.sizeBytes;
  return size === undefined ? 1 : Math.min(16, Math.max(1, Math.ceil(size / GIB)));
}

function resolvedLimits(options: ParseOptions): Limits {
  return { maxDepth: options.maxDepth ?? 32, maxPredicates: options.maxPredicates ?? 256, maxInValues: options.maxInValues ?? 100 };
}
