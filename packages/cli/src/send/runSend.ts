import { toCurl } from "@itemfilter/client";
import { formatDiagnostics, isFilterError, type Schema } from "@itemfilter/core";
import type { CliContext } from "../cliContext.js";
import type { SendArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { loadSchema } from "../loadSchema.js";
import { buildSendParams } from "./buildSendParams.js";
import { fetchPages } from "./fetchPages.js";
import { createItemWriter } from "./itemWriter.js";
import { openTarget } from "./openTarget.js";
import { createProgress } from "./progress.js";
import { redactBody } from "./redactBody.js";

/** `itemfilter list` and `itemfilter query`: compile, then print the request or every page of results. */
export async function runSend(ctx: CliContext, args: SendArgs): Promise<number> {
  const schema: Schema | undefined = args.schema === undefined ? undefined : await loadSchema(ctx, args.schema);
  const offline = args.dryRun || args.curl;
  const target = await openTarget(ctx, args, offline);
  try {
    const secondaryKey = args.secondaryKey ?? target.tables?.[args.table]?.secondaryKey;
    let send;
    try {
      send = buildSendParams(args, schema, secondaryKey, ctx.signal);
    } catch (error) {
      if (!isFilterError(error)) throw error;
      ctx.err(`${formatDiagnostics(args.expr ?? "", error, { color: ctx.color.stderr })}\n`);
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
    const writer = createItemWriter(ctx, args.output ?? (ctx.tty.stdout ? "table" : "json"), ctx.tty.stdout);
    const progress = createProgress(ctx);
    const pages = fetchPages(target.client, send, { limit: args.limit, maxPages: args.maxPages });
    let step = await pages.next();
    let total = 0;
    try {
      while (step.done !== true) {
        progress.update(step.value.pages, step.value.total);
        writer.write(step.value.items);
        total = step.value.total;
        step = await pages.next();
      }
    } finally {
      progress.done();
    }
    writer.end();
    if (step.value.truncated) ctx.err(`Stopped after ${total} ${total === 1 ? "item" : "items"} (--limit or --max-pages); more may follow.\n`);
    return EXIT.ok;
  } finally {
    await target.close();
  }
}
