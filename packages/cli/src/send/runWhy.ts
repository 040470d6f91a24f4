import { dateCompileOptions } from "../commands/dateOptions.js";
import { explainMatch, formatDiagnostics, formatExplanation, isFilterError, stringifyJson, type Schema } from "@itemfilter/core";
import type { CliContext } from "../cliContext.js";
import { CliError, usageError } from "../cliError.js";
import type { WhyArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { readFilter } from "../filterSource.js";
import { formatJson } from "../formatJson.js";
import { loadSchema } from "../loadSchema.js";
import { embeddedSchema } from "./embeddedSchema.js";
import { findByKey, type ItemKey } from "./findByKey.js";
import { keyValue } from "./keyValue.js";
import { tableNamed } from "./loadTables.js";
import { openTarget } from "./openTarget.js";
import { tableKeys } from "./tableKeys.js";

/**
 * `itemfilter why`: reads one item by its key and prints why the filter does
 * or does not match it (core's explainMatch): exit 0 either way, 1 for a
 * filter error, 4 when no item has that key.
 */
export async function runWhy(ctx: CliContext, args: WhyArgs): Promise<number> {
  const fileSchema: Schema | undefined = args.schema === undefined ? undefined : await loadSchema(ctx, args.schema);
  const source = await readFilter(ctx, args.filter, "stdin");
  const target = await openTarget(ctx, args);
  try {
    const keys = tableKeys(args, tableNamed(target.tables, args.table));
    if (keys === undefined) {
      throw usageError(`why reads the item by its key, and the primary key of '${args.table}' is not known here; name it with --primary-key`);
    }
    const schema = fileSchema ?? embeddedSchema(target.tables, args.table, args.inferSchema);
    const options = { ...(schema === undefined ? {} : { schema }), ...dateCompileOptions(args.dates) };
    // The filter is checked before anything is read, so a typo costs no request.
    try {
      explainMatch(source, {}, options);
    } catch (error) {
      if (!isFilterError(error)) throw error;
      ctx.err(`${formatDiagnostics(source, error, { color: ctx.color.stderr })}\n`);
      return EXIT.filter;
    }
    const key: ItemKey = { primary: keyValue(args.key), secondary: args.secondary === undefined ? undefined : keyValue(args.secondary) };
    const item = await findByKey(ctx, target.client, args.table, keys, key);
    if (item === undefined) {
      const which = key.secondary === undefined ? `${keys.primary} ${stringifyJson(key.primary)}` : `${keys.primary} ${stringifyJson(key.primary)} and ${keys.secondary} ${stringifyJson(key.secondary)}`;
      throw new CliError(`no item of '${args.table}' has ${which}`, EXIT.noItem);
    }
    // findItems masked any credential in the item already: the explanation speaks of what is shown.
    const explanation = explainMatch(source, item, options);
    if (args.json) {
      const keyJson = { [keys.primary]: key.primary, ...(key.secondary === undefined || keys.secondary === undefined ? {} : { [keys.secondary]: key.secondary }) };
      ctx.out(`${formatJson({ key: keyJson, item, explanation }, ctx.tty.stdout)}\n`);
    } else {
      ctx.out(`${formatExplanation(source, explanation, { color: ctx.color.stdout })}\n`);
    }
    return EXIT.ok;
  } finally {
    await target.close();
  }
}
