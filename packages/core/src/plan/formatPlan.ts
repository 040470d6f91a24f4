import { describeValue } from "../values/checkArgument.js";
import type { Plan, PlanKeys, PlanRequest } from "./planTypes.js";
import { quoteName } from "../scan/quote.js";
import { escapeForDisplay } from "../values/escapeForDisplay.js";

export interface FormatPlanOptions {
  /** The table's keys, to name the partition a query reads (`id = "u001"`) instead of showing the key JSON alone. */
  keys?: PlanKeys;
  /** Bold operation names and dim hints, in ANSI colour. Off by default. */
  color?: boolean;
}

const BOLD = "\u001b[1m";
const DIM = "\u001b[2m";
const RESET = "\u001b[0m";

/**
 * A plan as text for a person (`find --explain`, the REPL's `.explain`, the
 * playground): a one-line summary, then per request the operation and what
 * it costs, what the server filters (its JSON, compact), and what is checked
 * locally. Control and bidi characters from filter values are shown as
 * escapes, so a plan cannot drive the terminal it is printed on.
 *
 *     2 requests (2 full scans), results united without duplicates; all exact on the server
 *     1. listItems: full scan
 *        server: [{"item":"age","operator":"lessThan","value":18}]
 *        local:  nothing
 */
export function formatPlan(plan: Plan, options?: FormatPlanOptions): string {
  if (typeof plan !== "object" || plan === null || !Array.isArray((plan as { requests?: unknown }).requests)) {
    throw new TypeError(`formatPlan takes a Plan (what plan() returns), not ${describeValue(plan)}`);
  }
  if (options !== undefined && (typeof options !== "object" || options === null || Array.isArray(options))) {
    throw new TypeError(`formatPlan takes options as an object ({ keys?, color? }), not ${describeValue(options)}`);
  }
  const paint = (style: string, text: string): string => (options?.color === true ? style + text + RESET : text);
  const lines = [summary(plan.requests)];
  plan.requests.forEach((r, i) => {
    lines.push(`${i + 1}. ${paint(BOLD, r.operation)}: ${paint(DIM, cost(r, options?.keys))}`);
    lines.push(`   server: ${server(r)}`);
    lines.push(`   local:  ${r.residual === null ? paint(DIM, "nothing") : show(r.residual)}`);
  });
  return lines.join("\n");
}

const PLURAL: Record<string, string> = { "full scan": "full scans", "scan of every partition": "scans of every partition", "partition query": "partition queries" };

function summary(requests: readonly PlanRequest[]): string {
  if (requests.length === 0) return "no requests: the filter matches no item";
  const costs = new Map<string, number>();
  for (const r of requests) {
    const kind = r.operation === "listItems" ? "full scan" : r.key === undefined ? "scan of every partition" : "partition query";
    costs.set(kind, (costs.get(kind) ?? 0) + 1);
  }
  const counted = [...costs].map(([kind, n]) => `${n} ${n === 1 ? kind : PLURAL[kind]}`).join(", ");
  const local = requests.filter((r) => r.residual !== null).length;
  if (requests.length === 1) return `1 request (${[...costs.keys()][0]}); ${local === 0 ? "exact on the server" : "its items are checked locally"}`;
  const exactness = local === 0 ? "all exact on the server" : local === requests.length ? "every request's items checked locally" : `${local} of them checked locally`;
  return `${requests.length} requests (${counted}), results united without duplicates; ${exactness}`;
}

function cost(r: PlanRequest, keys: PlanKeys | undefined): string {
  if (r.operation === "listItems") return r.filter.length === 0 ? "full scan, every item returned" : "full scan";
  if (r.key === undefined) return "every partition (items with the secondary key)";
  const where = keys === undefined ? "" : ` (${escapeForDisplay(quoteName(keys.primary))} = ${show(JSON.stringify(r.key.primary))})`;
  return `one partition${where}`;
}

function server(r: PlanRequest): string {
  if (r.operation === "listItems") return r.filter.length === 0 ? "no filter" : show(JSON.stringify(r.filter));
  const parts: string[] = [];
  if (r.key !== undefined) parts.push(`key ${show(JSON.stringify(r.key))}`);
  parts.push(r.filter === undefined ? "no filter" : `filter ${show(JSON.stringify(r.filter))}`);
  return parts.join(", ");
}

function show(text: string): string {
  return escapeForDisplay(text);
}
