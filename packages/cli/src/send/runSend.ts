import { toCurl } from "@itemfilter/client";
import { formatDiagnostics, isFilterError, type Schema } from "@itemfilter/core";
import type { CliContext } from "../cliContext.js";
import type { SendArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { readFilter } from "../filterSource.js";
import { loadSchema } from "../loadSchema.js";
import { buildSendParams } from "./buildSendParams.js";
import { sendReduction } from "./dataReductions.js";
import { tableNamed, type Tables } from "./loadTables.js";
import type { StreamedTable } from "./streamedTable.js";
import { embeddedKeySchema, embeddedSchema } from "./embeddedSchema.js";
import { warnAboutNames } from "./emptyResultHints.js";
import { fetchPages } from "./fetchPages.js";
import { openTarget } from "./openTarget.js";
import { redactBody } from "./redactBody.js";
import { createResultOutput } from "./resultOutput.js";

/** `itemfilter list` and `itemfilter query`: compile, then print the request or every page of results. */
export async function runSend(ctx: CliContext, args: SendArgs): Promise<number> {
  const fileSchema: Schema | undefined = args.schema === undefined ? undefined : await loadSchema(ctx, args.schema);
  const source = await readFilter(ctx, args.filter, "empty");
  const offline = args.dryRun || args.curl;
  // A key query names only the key, so of the embedded table it needs only the key's type.
  const schemaFor = (tables: Tables | undefined, streamed: StreamedTable | undefined): Schema | undefined =>
    fileSchema ??
    (args.operation === "list"
      ? embeddedSchema(tables, args.table, args.inferSchema, streamed)
      : embeddedKeySchema(tables, args.table, args.secondaryKey ?? tableNamed(tables, args.table)?.secondaryKey, args.inferSchema, streamed));
  const reduction = offline ? undefined : sendReduction(args, source, fileSchema, schemaFor);
  const target = await openTarget(ctx, args, offline, reduction);
  try {
    const secondaryKey = args.secondaryKey ?? tableNamed(target.tables, args.table)?.secondaryKey;
    const schema = schemaFor(target.tables, target.streamed);
    let send;
    try {
      send = buildSendParams(args, source, schema, secondaryKey, ctx.signal, args.dates);
    } catch (error) {
      if (!isFilterError(error)) throw error;
      ctx.err(`${formatDiagnostics(source, error, { color: ctx.color.stderr })}\n`);
      return EXIT.filter;
    }
    const operation = send.operation === "list" ? "listItems" : "queryItems";
    if (offline) {
      const request = target.client.buildRequest(operation, send.params);
      if (args.curl) ctx.out(`${toCurl(request, { redact: true })}\n`);
      else ctx.out(`${redactBody(request.body, ctx.tty.stdout)}\n`);
      if (target.tables !== undefined && args.curl) ctx.err(`# No --base-url: this targets 'itemfilter serve' on ${target.baseUrl}.\n`);
      return EXIT.ok;
    }
    const output = createResultOutput(ctx, args.output, args.fields);
    const pages = fetchPages(ctx, target.client, send, { limit: args.limit, maxPages: args.maxPages });
    let step = await pages.next();
    let total = 0;
    try {
      while (step.done !== true) {
        output.progress(step.value.pages, step.value.total);
        output.write(step.value.items);
        total = step.value.total;
        step = await pages.next();
      }
    } finally {
      output.stopProgress();
    }
    output.end(step.value.truncated, total);
    if (total === 0 && fileSchema === undefined && source.trim() !== "") await warnAboutNames(ctx, target, args.table, source, send.operation);
    return EXIT.ok;
  } finally {
    await target.close();
  }
}
