import { compileList, compileQuery, type Schema } from "@itemfilter/core";
import type { SendArgs } from "../commands/selection.js";
import { dateCompileOptions, type DateArgs } from "../commands/dateOptions.js";
import type { SendParams } from "./fetchPages.js";
import { keyValue } from "./keyValue.js";

/** What a send needs of its command's arguments (the REPL has no more than these). */
export type SendParamsArgs = Pick<SendArgs, "operation" | "table" | "key">;

/**
 * Compiles the filter (throwing FilterError) and builds the client's
 * parameters. No filter text sends no filter: every item, or the whole partition.
 */
export function buildSendParams(args: SendParamsArgs, source: string, schema: Schema | undefined, secondaryKey: string | undefined, signal: AbortSignal | undefined, dates?: DateArgs): SendParams {
  const base = { table: args.table, ...(signal === undefined ? {} : { signal }) };
  if (args.operation === "list") {
    const filter = compileList(source, { ...(schema === undefined ? {} : { schema }), ...dateCompileOptions(dates) });
    return { operation: "list", params: filter.length === 0 ? base : { ...base, filter } };
  }
  const key = args.key === undefined ? {} : { key: { primary: keyValue(args.key) } };
  if (source.trim() === "") return { operation: "query", params: { ...base, ...key } };
  const filter = compileQuery(source, { ...(schema === undefined ? {} : { schema }), ...(secondaryKey === undefined ? {} : { secondaryKey }), ...dateCompileOptions(dates) });
  return { operation: "query", params: { ...base, ...key, filter } };
}
