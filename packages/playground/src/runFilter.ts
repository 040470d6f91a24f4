import { createClient, type Client, type Item } from "@itemfilter/client";
import type { FilterResult } from "@itemfilter/codemirror";
import { orderPlan, readOrderBy } from "@itemfilter/core";
import type { Credentials, TableInfo } from "./api.js";

/** What a run brought back, for the results table and its summary. */
export interface RunOutcome {
  items: Item[];
  requests: number;
  pages: number;
  /** The client's page limit stopped a list or query walk with more to come. */
  truncated: boolean;
}

let client: { credentials: Credentials; client: Client } | undefined;

/** One client for the page: the emulator on this origin, through the platform's fetch (the client's browser default). */
export function pageClient(credentials: Credentials): Client {
  if (client?.credentials !== credentials) client = { credentials, client: createClient({ baseUrl: window.location.origin, ...credentials }) };
  return client.client;
}

/**
 * Runs a compiled filter through @itemfilter/client, the same code an app
 * would run: list and query as one request followed page by page, find as
 * its plan (each request's pages, the residual checked here, duplicates
 * dropped by the table's keys). The client's errors come through as they are.
 */
export async function runFilter(
  result: FilterResult & { ok: true },
  table: TableInfo,
  partition: string | number | undefined,
  credentials: Credentials,
  signal: AbortSignal,
  orderBy = "",
): Promise<RunOutcome> {
  const items: Item[] = [];
  const c = pageClient(credentials);
  if (result.mode === "find") {
    const keys = { primary: table.primaryKey, ...(table.secondaryKey === undefined ? {} : { secondary: table.secondaryKey }) };
    // The editor plans without an order; an order marks each request read in order or sorted, and the run merges them.
    const plan = orderBy.trim() === "" ? result.plan : orderPlan(result.plan, readOrderBy(orderBy, "Order by"), keys);
    const run = c.executePlan(plan, { table: table.name, keys, signal });
    for (let step = await run.next(); ; step = await run.next()) {
      if (step.done === true) return { items, requests: step.value.requests, pages: step.value.pages, truncated: step.value.truncated };
      items.push(step.value);
    }
  }
  const walk =
    result.mode === "list"
      ? c.walkPages("listItems", { table: table.name, filter: result.filter, signal })
      : c.walkPages("queryItems", {
          table: table.name,
          ...(partition === undefined ? {} : { key: { primary: partition } }),
          ...(result.filter === null ? {} : { filter: result.filter }),
          signal,
        });
  for (let step = await walk.next(); ; step = await walk.next()) {
    if (step.done === true) return { items, requests: 1, pages: step.value.pages, truncated: step.value.truncated };
    for (const item of step.value.items) items.push(item); // no spread: a page's size is the server's to choose
  }
}
