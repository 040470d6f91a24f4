import type { WriteTableError } from "@itemfilter/dynamodb/store";
import { loadNdjsonLines, loadTablesFromFile, type Item } from "@itemfilter/emulator";
import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import type { CliContext } from "../cliContext.js";
import { CliError, usageError } from "../cliError.js";
import type { LoadArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { quoteArg } from "../quoteArg.js";
import { checkUserFile, MAX_BYTES, throwIfAborted } from "../readText.js";
import { demoDataPath } from "../send/demoDataPath.js";
import { dynamoCliError, dynamoRetry, openDynamoClient } from "./openDynamoClient.js";
import { tableItemLines } from "./tableItemLines.js";
import { waitForEndpoint } from "./waitForEndpoint.js";
import { foldedCopies, withFoldedCopies } from "./foldedCopies.js";
import { loadSchema } from "../loadSchema.js";

interface Source {
  items: readonly Item[];
  key: string;
  sortKey: string | undefined;
  /** The file as the person named it, for messages. */
  file: string;
  /** The line each item starts on, in `file`. */
  lines: readonly number[];
}

/** The lines of a tables file's items: in the file itself, or in the NDJSON file its "items" names. */
async function tableLines(path: string, shown: string, table: string, count: number): Promise<Pick<Source, "file" | "lines">> {
  const found = tableItemLines(await readFile(path, "utf8"), table);
  if (found?.kind === "file") {
    const { lines } = await loadNdjsonLines(resolve(dirname(path), found.path));
    return { file: found.path, lines };
  }
  // The walk agrees with JSON.parse on every valid file; item numbers, should it not, rather than wrong lines.
  if (found === undefined || found.lines.length !== count) return { file: `${shown}, table ${table}, item`, lines: Array.from({ length: count }, (_, i) => i + 1) };
  return { file: shown, lines: found.lines };
}

/**
 * The items to load, their keys, and their lines: an NDJSON file's items
 * (keys from --key and --sort-key), or one table of a JSON tables file (the
 * one named by --table, or the only one), whose primaryKey and secondaryKey are the default keys.
 */
async function readSource(ctx: CliContext, args: LoadArgs): Promise<Source> {
  const path = args.data === undefined ? demoDataPath() : await checkUserFile(ctx, args.data, "data file", MAX_BYTES.data);
  const shown = args.data ?? "the demo data";
  try {
    const ext = extname(path).toLowerCase();
    if (ext === ".ndjson" || ext === ".jsonl") {
      if (args.key === undefined) throw usageError(`give --key, the attribute that is the table's partition key, to load the NDJSON file '${shown}'`);
      const { items, lines } = await loadNdjsonLines(path);
      return { items, lines, file: shown, key: args.key, sortKey: args.sortKey };
    }
    const tables = await loadTablesFromFile(path);
    throwIfAborted(ctx);
    const names = Object.keys(tables);
    const name = Object.hasOwn(tables, args.table) ? args.table : names.length === 1 ? names[0]! : undefined;
    if (name === undefined) {
      throw usageError(`${shown} has no table ${quoteArg(args.table)} (it has ${names.map(quoteArg).join(", ") || "none"}); name one of them with --table`);
    }
    const definition = tables[name]!;
    const key = args.key ?? definition.primaryKey;
    // A --key of one's own drops the file's sort key unless --sort-key names one.
    const sortKey = args.sortKey ?? (args.key === undefined ? definition.secondaryKey : undefined);
    return { items: definition.items, key, sortKey, ...(await tableLines(path, shown, name, definition.items.length)) };
  } catch (error) {
    if (error instanceof Error && error.name === "EmulatorError") throw usageError(`cannot load the data file: ${error.message}`);
    throw error;
  }
}

/** The index of the first item on or after --resume-from's line. */
function resumeIndex(source: Source, line: number | undefined): number {
  if (line === undefined) return 0;
  const index = source.lines.findIndex((l) => l >= line);
  if (index < 0) {
    const last = source.lines.at(-1);
    throw usageError(`--resume-from ${line}: ${source.file} has no item on or after line ${line}${last === undefined ? "" : ` (its last item is on line ${last})`}`);
  }
  return index;
}

/** A WriteTableError as the command's error: the item by its file and line, or how far the load got and how to go on. */
function loadError(error: WriteTableError, source: Source, args: LoadArgs, from: number): CliError {
  const lineOf = (index: number | undefined) => source.lines[index ?? 0] ?? (index ?? 0) + 1;
  switch (error.code) {
    case "E_ITEM":
      return usageError(`cannot load into ${args.table}: ${source.file} line ${lineOf(error.index)}: ${error.detail}; nothing was written`);
    case "E_DUPLICATE_KEY":
      return usageError(`cannot load into ${args.table}: ${source.file} lines ${lineOf(error.other)} and ${lineOf(error.index)} hold items with the same key; each item needs its own; nothing was written`);
    case "E_TABLE":
      return usageError(`cannot load into ${args.table}: ${error.message}`);
    default: {
      const cause = error.code === "E_WRITE" ? dynamoCliError(error.cause, args.endpoint) : undefined;
      const rest = `${error.written} of ${source.items.length - from} items were written`;
      return new CliError(`${cause?.message ?? error.detail}; ${rest}; to write the rest, run the same command with --resume-from ${lineOf(error.index)}`, cause?.exitCode ?? EXIT.service);
    }
  }
}

/**
 * `itemfilter load`: creates a DynamoDB table keyed as asked (or writes into
 * the one of that name when its keys are the same) and writes the items with
 * BatchWriteItem (with the folded copies a --schema names), a progress line on stderr; stdout gets one JSON line, the result.
 */
export async function runLoad(ctx: CliContext, args: LoadArgs): Promise<number> {
  const read = await readSource(ctx, args);
  const copies = args.schema === undefined ? [] : foldedCopies(await loadSchema(ctx, args.schema), args.schema);
  const source = copies.length === 0 ? read : { ...read, items: read.items.map((item) => withFoldedCopies(item, copies)) };
  const from = resumeIndex(source, args.resumeFrom);
  const retry = dynamoRetry(ctx, args.timeoutMs, args.endpoint);
  await waitForEndpoint(ctx, args.endpoint, args.wait);
  const client = await openDynamoClient(ctx, args);
  const { writeTable } = await import("@itemfilter/dynamodb/store");
  const live = ctx.tty.stderr;
  const keys = source.sortKey === undefined ? source.key : `${source.key}, sort key ${source.sortKey}`;
  const count = from === 0 ? `${source.items.length} items` : `${source.items.length - from} of ${source.items.length} items (from line ${source.lines[from]})`;
  ctx.err(`Loading ${count} into ${args.table} (key ${keys}) at ${args.endpoint}\n`);
  try {
    const result = await writeTable({
      client,
      table: args.table,
      key: source.key,
      sortKey: source.sortKey,
      items: source.items,
      from,
      retry,
      ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
      onProgress: ({ written, total }) => {
        if (live) ctx.err(`\r\u001b[K${written}/${total} items written…`);
      },
    });
    if (live) ctx.err("\r\u001b[K");
    ctx.err(`${result.created ? "Created" : "Wrote into the existing"} table ${args.table}: ${result.written} items.\n`);
    // The result, for scripts: stdout carries only this.
    ctx.out(`${JSON.stringify({ table: args.table, created: result.created, written: result.written, ...(from === 0 ? {} : { skipped: from }) })}\n`);
    return EXIT.ok;
  } catch (error) {
    if (live) ctx.err("\r\u001b[K");
    if (error instanceof Error && error.name === "WriteTableError") throw loadError(error as WriteTableError, source, args, from);
    throw dynamoCliError(error, args.endpoint) ?? error;
  } finally {
    client.destroy();
  }
}
