import { compileList, compileQuery, formatDiagnostics, isFilterError, parse, type Schema } from "@itemfilter/core";
import type { CliContext } from "../cliContext.js";
import { EXIT } from "../exitCodes.js";
import { formatJson } from "../formatJson.js";
import { loadSchema } from "../loadSchema.js";
import { readFilter } from "../filterSource.js";
import type { CompileArgs } from "./selection.js";
import { dateCompileOptions } from "./dateOptions.js";

/** `itemfilter compile`: prints the compiled JSON, or caret diagnostics on stderr and exit 1. */
export async function runCompile(ctx: CliContext, args: CompileArgs): Promise<number> {
  const schema = args.schema === undefined ? undefined : await loadSchema(ctx, args.schema);
  const source = await readFilter(ctx, args.filter, "stdin", args.lines ? "none" : "refused");
  const pretty = !args.compact && (args.pretty || (ctx.tty.stdout && !args.lines));
  const compile = compiler(args, schema);
  if (!args.lines) return emit(ctx, source, compile, pretty, undefined);
  let code: number = EXIT.ok;
  const lines = source.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    if (emit(ctx, line, compile, pretty, i + 1) !== EXIT.ok) code = EXIT.filter;
  }
  return code;
}

function compiler(args: CompileArgs, schema: Schema | undefined): (source: string) => unknown {
  const options = { ...(schema === undefined ? {} : { schema }), ...dateCompileOptions(args.dates) };
  if (args.ast) return (source) => parse(source, options);
  if (args.query) {
    const queryOptions = args.secondaryKey === undefined ? options : { ...options, secondaryKey: args.secondaryKey };
    return (source) => compileQuery(source, queryOptions);
  }
  return (source) => compileList(source, options);
}

function emit(ctx: CliContext, source: string, compile: (source: string) => unknown, pretty: boolean, line: number | undefined): number {
  try {
    ctx.out(`${formatJson(compile(source), pretty)}\n`);
    return EXIT.ok;
  } catch (error) {
    if (!isFilterError(error)) throw error;
    const where = line === undefined ? "" : `line ${line}: `;
    // The frame is numbered as the line of the input, matching "line N:".
    ctx.err(`${where}${formatDiagnostics(source, error, { color: ctx.color.stderr, ...(line === undefined ? {} : { firstLine: line }) })}\n`);
    return EXIT.filter;
  }
}
