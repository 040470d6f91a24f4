import { dateCompileOptions } from "../commands/dateOptions.js";
import { formatDiagnostics, isFilterError, isScopeError, plan as planFilter, type Plan, type PlanKeys, type Schema } from "@itemfilter/core";
import type { CliContext } from "../cliContext.js";
import { usageError } from "../cliError.js";
import type { FindArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { readFilter } from "../filterSource.js";
import { formatJson } from "../formatJson.js";
import { loadSchema } from "../loadSchema.js";
import { findReduction } from "./dataReductions.js";
import { explainPlan, noKeysLine, planNote } from "./describePlan.js";
import { embeddedSchema } from "./embeddedSchema.js";
import { warnAboutNames } from "./emptyResultHints.js";
import { findItems } from "./fetchPages.js";
import { loadTables, tableNamed, type Tables } from "./loadTables.js";
import { openTarget, serviceUrl } from "./openTarget.js";
import { createResultOutput } from "./resultOutput.js";
import { tableKeys } from "./tableKeys.js";

interface Planned {
  plan: Plan;
  keys: PlanKeys | undefined;
}

/**
 * `itemfilter find`: plans any filter with core's plan (the table's keys
 * let it read partitions), then prints the plan (--explain) or runs it with
 * the client and prints the matching items as list does.
 */
export async function runFind(ctx: CliContext, args: FindArgs): Promise<number> {
  const fileSchema: Schema | undefined = args.schema === undefined ? undefined : await loadSchema(ctx, args.schema);
  const source = await readFilter(ctx, args.filter, "empty");
  if (args.dynamodbEndpoint !== undefined) {
    const { runDynamoFind } = await import("../dynamo/runDynamoFind.js");
    return runDynamoFind(ctx, { ...args, dynamodbEndpoint: args.dynamodbEndpoint }, source, fileSchema);
  }
  if (args.explain) {
    // Nothing is sent, so nothing is started and no credentials are needed: only the embedded tables' keys and items.
    const tables = serviceUrl(ctx, args) === undefined ? await loadTables(ctx, args.data) : undefined;
    const planned = planFor(ctx, args, source, tables, fileSchema ?? embeddedSchema(tables, args.table, args.inferSchema));
    if (planned === undefined) return EXIT.filter;
    if (args.json) {
      ctx.out(`${formatJson(planned.plan, ctx.tty.stdout)}\n`);
      if (planned.keys === undefined) ctx.err(`${noKeysLine(args.table)}\n`);
    } else {
      ctx.out(`${explainPlan(planned.plan, planned.keys, args.table, ctx.color.stdout)}\n`);
    }
    return EXIT.ok;
  }
  const reduction = findReduction(args, source, fileSchema, (tables, schema) => planOf(args, source, tables, schema).plan);
  const target = await openTarget(ctx, args, false, reduction);
  try {
    const planned = planFor(ctx, args, source, target.tables, fileSchema ?? embeddedSchema(target.tables, args.table, args.inferSchema, target.streamed));
    if (planned === undefined) return EXIT.filter;
    const note = planNote(planned.plan);
    if (note !== undefined) ctx.err(`${note}\n`);
    if (args.count) {
      let counted = 0;
      const all = findItems(ctx, target.client, planned.plan, { table: args.table, keys: planned.keys, maxPages: args.maxPages });
      let step = await all.next();
      for (; step.done !== true; step = await all.next()) counted++;
      // The number alone on stdout; a count --max-pages cut short says so on stderr.
      ctx.out(`${counted}\n`);
      if (step.value.truncated) ctx.err(`Stopped after --max-pages pages: more items may match than ${counted}.\n`);
      return EXIT.ok;
    }
    const output = createResultOutput(ctx, args.output, args.fields);
    // One item past --limit, so that "more" is said only when more did match (issue 17).
    const limit = args.limit;
    const items = findItems(ctx, target.client, planned.plan, {
      table: args.table,
      keys: planned.keys,
      limit: limit === undefined ? undefined : limit + 1,
      maxPages: args.maxPages,
      maxSortItems: args.maxSortItems,
      onProgress: (p) => output.progress(p.pages, limit === undefined ? p.matched : Math.min(p.matched, limit)),
    });
    let step = await items.next();
    let total = 0;
    let more = false;
    try {
      while (step.done !== true) {
        if (limit !== undefined && total >= limit) {
          more = true;
          await items.return(undefined as never);
          break;
        }
        output.write([step.value]);
        total++;
        step = await items.next();
      }
    } finally {
      output.stopProgress();
    }
    // --max-pages stops without knowing whether more would match: that is "may follow".
    const truncated = !more && step.done === true && step.value.truncated;
    output.end(truncated, total);
    if (more) ctx.err(`Stopped after ${total} ${total === 1 ? "item" : "items"} (--limit); more items match.\n`);
    if (total === 0 && fileSchema === undefined && source.trim() !== "") await warnAboutNames(ctx, target, args.table, source, "list");
    return EXIT.ok;
  } finally {
    await target.close();
  }
}

/** The plan, or undefined after printing the filter's diagnostics. Names and types are checked as list checks them. */
function planFor(ctx: CliContext, args: FindArgs, source: string, tables: Tables | undefined, schema: Schema | undefined): Planned | undefined {
  try {
    return planOf(args, source, tables, schema);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    ctx.err(`${formatDiagnostics(source, error, { color: ctx.color.stderr })}\n`);
    return undefined;
  }
}

/** The plan with the table's keys and `schema` (the user's, else the embedded table's items'); a FilterError for a bad filter. */
function planOf(args: FindArgs, source: string, tables: Tables | undefined, schema: Schema | undefined): Planned {
  const keys = tableKeys(args, tableNamed(tables, args.table));
  if (keys === undefined && args.secondaryKey !== undefined) {
    throw usageError("--secondary-key needs --primary-key: a plan narrows one partition, which it reads by the primary key");
  }
  let plan: Plan;
  try {
    plan = planFilter(source, {
      ...(schema === undefined ? {} : { schema }),
      ...dateCompileOptions(args.dates),
      ...(keys === undefined ? {} : { keys }),
      ...(args.maxRequests === undefined ? {} : { maxRequests: args.maxRequests }),
      ...(args.orderBy === undefined ? {} : { orderBy: args.orderBy }),
    });
  } catch (error) {
    // A TypeError from plan is a bad option: only --order-by's text can make one here.
    if (error instanceof TypeError && !isScopeError(error)) throw usageError(`--order-by ${error.message.replace(/^plan: options\.orderBy /, "")}`);
    throw error;
  }
  return { plan, keys };
}
