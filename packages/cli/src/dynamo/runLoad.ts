import { loadNdjsonItems, loadTablesFromFile, type Item } from "@itemfilter/emulator";
import { extname } from "node:path";
import type { CliContext } from "../cliContext.js";
import { serviceError, usageError } from "../cliError.js";
import type { LoadArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { quoteArg } from "../quoteArg.js";
import { checkUserFile, MAX_BYTES, throwIfAborted } from "../readText.js";
import { demoDataPath } from "../send/demoDataPath.js";
import { dynamoCliError, openDynamoClient } from "./openDynamoClient.js";
import { waitForEndpoint } from "./waitForEndpoint.js";

interface Source {
  items: readonly Item[];
  key: string;
  sortKey: string | undefined;
}

/**
 * The items to load and their keys: an NDJSON file's items (keys from --key
 * and --sort-key), or one table of a JSON tables file (the one named by
 * --table, or the only one), whose primaryKey and secondaryKey are the default keys.
 */
async function readSource(ctx: CliContext, args: LoadArgs): Promise<Source> {
  const path = args.data === undefined ? demoDataPath() : await checkUserFile(ctx, args.data, "data file", MAX_BYTES.data);
  const shown = args.data ?? "the demo data";
  try {
    const ext = extname(path).toLowerCase();
    if (ext === ".ndjson" || ext === ".jsonl") {
      if (args.key === undefined) throw usageError(`give --key, the attribute that is the table's partition key, to load the NDJSON file '${shown}'`);
      return { items: await loadNdjsonItems(path), key: args.key, sortKey: args.sortKey };
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
    return { items: definition.items, key, sortKey };
  } catch (error) {
    if (error instanceof Error && error.name === "EmulatorError") throw usageError(`cannot load the data file: ${error.message}`);
    throw error;
  }
}

/**
 * `itemfilter load`: creates a DynamoDB table keyed as asked (or writes into
 * the one of that name when its keys are the same) and writes the items with
 * BatchWriteItem, a progress line on stderr; stdout gets one JSON line, the result.
 */
export async function runLoad(ctx: CliContext, args: LoadArgs): Promise<number> {
  const source = await readSource(ctx, args);
  await waitForEndpoint(ctx, args.endpoint, args.wait);
  const client = await openDynamoClient(ctx, args);
  const { writeTable } = await import("@itemfilter/dynamodb/store");
  const live = ctx.tty.stderr;
  const keys = source.sortKey === undefined ? source.key : `${source.key}, sort key ${source.sortKey}`;
  ctx.err(`Loading ${source.items.length} items into ${args.table} (key ${keys}) at ${args.endpoint}\n`);
  try {
    const result = await writeTable({
      client,
      table: args.table,
      key: source.key,
      sortKey: source.sortKey,
      items: source.items,
      ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
      onProgress: ({ written, total }) => {
        if (live) ctx.err(`\r\u001b[K${written}/${total} items written…`);
      },
    });
    if (live) ctx.err("\r\u001b[K");
    ctx.err(`${result.created ? "Created" : "Wrote into the existing"} table ${args.table}: ${result.written} items.\n`);
    // The result, for scripts: stdout carries only this.
    ctx.out(`${JSON.stringify({ table: args.table, created: result.created, written: result.written })}\n`);
    return EXIT.ok;
  } catch (error) {
    if (live) ctx.err("\r\u001b[K");
    if (error instanceof Error && error.name === "WriteTableError") {
      const code = (error as { code?: string }).code;
      throw code === "E_UNPROCESSED" ? serviceError(error.message) : usageError(`cannot load into ${args.table}: ${error.message}`);
    }
    throw dynamoCliError(error, args.endpoint) ?? error;
  } finally {
    client.destroy();
  }
}
