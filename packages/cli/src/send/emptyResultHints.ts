import { formatDiagnostics } from "@itemfilter/core";
import { attributeHints, MAX_SEEN } from "../attributeHints.js";
import type { CliContext } from "../cliContext.js";
import { fetchPages, type SendParams } from "./fetchPages.js";
import { tableNamed } from "./loadTables.js";
import type { Target } from "./openTarget.js";

/** Items read to learn a service table's attribute names when a filter matched nothing. */
const SAMPLE_ITEMS = 200;

/**
 * An empty result may come from a misspelt name (for a service's table,
 * which has no schema) or from `=` on an attribute that holds arrays: look at
 * the table's items (one page of a service's table) and say so on stderr.
 * Only a warning, and only a help: a failure to read the page is ignored.
 */
export async function warnAboutNames(ctx: CliContext, target: Target, table: string, source: string, mode: "list" | "query"): Promise<void> {
  const embedded = target.streamed?.name === table ? target.streamed.sample : tableNamed(target.tables, table)?.items;
  const seen = embedded === undefined ? await samplePage(ctx, target, table) : embedded.slice(0, MAX_SEEN);
  const hints = attributeHints(source, seen, { mode });
  if (hints.length > 0) ctx.err(`warning: the filter matched nothing, and:\n${formatDiagnostics(source, hints, { color: ctx.color.stderr })}\n`);
}

/** The first page of a service's table, unfiltered; empty when it cannot be read. */
async function samplePage(ctx: CliContext, target: Target, table: string): Promise<Record<string, unknown>[]> {
  const seen: Record<string, unknown>[] = [];
  const sample: SendParams = { operation: "list", params: { table, ...(ctx.signal === undefined ? {} : { signal: ctx.signal }) } };
  try {
    for await (const step of fetchPages(ctx, target.client, sample, { limit: SAMPLE_ITEMS, maxPages: 1 })) for (const item of step.items) seen.push(item);
  } catch {
    return [];
  }
  return seen;
}
