import { escapeForDisplay, formatPlan, type Plan, type PlanKeys, type PlanRequest } from "@itemfilter/core";

/**
 * What a person is told about a plan: the whole of it for `find --explain`
 * and the REPL's `.explain`, and a one-line note on stderr before a plan
 * that costs more than one exact request runs.
 */

/** core's formatPlan, and when the table's keys are unknown, that this is why every request is listItems. */
export function explainPlan(plan: Plan, keys: PlanKeys | undefined, table: string | undefined, color: boolean): string {
  const text = formatPlan(plan, { ...(keys === undefined ? {} : { keys }), color });
  return keys === undefined ? `${text}\n${noKeysLine(table)}` : text;
}

/** Why a plan reads no partition: its table's keys are unknown (or, in the REPL, there is no table yet). */
export function noKeysLine(table: string | undefined): string {
  if (table === undefined) return "(no table is set, and so no keys are known: every request is listItems; with .table NAME a plan can read one partition)";
  return `(the keys of '${escapeForDisplay(table)}' are not known, so every request is listItems; --primary-key and --secondary-key let a plan read one partition)`;
}

const KINDS = ["partition query", "scan of every partition", "full scan"] as const;
const PLURAL: Record<(typeof KINDS)[number], string> = { "partition query": "partition queries", "scan of every partition": "scans of every partition", "full scan": "full scans" };

/** The cost of a request in formatPlan's words. */
function kind(request: PlanRequest): (typeof KINDS)[number] {
  if (request.operation === "listItems") return "full scan";
  return request.key === undefined ? "scan of every partition" : "partition query";
}

/**
 * `note: 2 requests (2 full scans), 1 with a local check; see --explain` when
 * a plan needs more than one request or checks items locally (so nobody is
 * surprised by a full scan), and when it needs none; undefined for one exact request.
 */
export function planNote(plan: Plan): string | undefined {
  const requests = plan.requests;
  if (requests.length === 0) return "note: the filter can match no item, so nothing is sent; see --explain";
  const local = requests.filter((r) => r.residual !== null).length;
  if (requests.length === 1 && local === 0) return undefined;
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(kind(r), (counts.get(kind(r)) ?? 0) + 1);
  if (requests.length === 1) return `note: 1 request (${kind(requests[0]!)}), its items checked locally; see --explain`;
  const costs = KINDS.filter((k) => counts.has(k)).map((k) => `${counts.get(k)} ${counts.get(k) === 1 ? k : PLURAL[k]}`);
  const checked = local === 0 ? "" : `, ${local} with a local check`;
  return `note: ${requests.length} requests (${costs.join(", ")})${checked}; see --explain`;
}
