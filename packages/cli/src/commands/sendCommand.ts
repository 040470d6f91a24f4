import type { Argv, CommandModule } from "yargs";
import { usageError } from "../cliError.js";
import { filterSource } from "../filterSource.js";
import { optionalFields, optionalInteger, optionalString } from "./argValues.js";
import { DATE_OPTIONS, dateArgs } from "./dateOptions.js";
import { EPILOG } from "../helpText.js";
import { examplesMarker } from "./examples.js";
import type { OutputFormat, Select } from "./selection.js";
import { targetArgs, targetOptions } from "./targetOptions.js";

const OUTPUTS: readonly OutputFormat[] = ["json", "ndjson", "table"];

/** `list` (listItems) and `query` (queryItems): compile the filter, send it, print every page. */
export function sendCommand(operation: "list" | "query", select: Select): CommandModule {
  const list = operation === "list";
  return {
    command: `${operation} [expr..]`,
    describe: list
      ? "Compile a filter and list the table's items that match (listItems)"
      : "Compile a key query and query the table's items by secondary key (queryItems)",
    builder: (y: Argv) => {
      let b = y
        .positional("expr", { type: "string", describe: list ? "The filter ('-': read it from stdin); none lists every item" : "The key query, such as 'key beginsWith \"2024\"' ('-': read it from stdin)" })
        .option("table", { type: "string", demandOption: true, describe: "The table to read" })
        .option("limit", { type: "number", describe: "Stop after this many items" })
        .option("max-pages", { type: "number", describe: "Stop after this many pages (default: follow every page)" })
        .option("fields", { type: "string", describe: "Only these attributes of each item: paths as a filter writes them, separated by commas (id,name,address.city,items[0].sku)" })
          .option("output", { type: "string", choices: OUTPUTS, describe: "json, ndjson or table (default: table on a terminal, json otherwise)" })
        .option("dry-run", { type: "boolean", default: false, describe: "Print the request body (credentials redacted) and send nothing" })
        .option("curl", { type: "boolean", default: false, describe: "Print the request as a curl command (credentials redacted) and send nothing" })
        .option("schema", { type: "string", describe: "A JSON schema file to check attribute names and types" })
        .option("infer-schema", { type: "boolean", default: true, describe: "Without --schema, check names and types against the embedded table's items (--no-infer-schema: don't)" });
      if (!list) {
        b = b
          .option("key", { type: "string", describe: "The primary key value whose items to query; without it every partition is read" })
          .option("secondary-key", { type: "string", describe: "The secondary key's name, accepted instead of 'key' in the filter" });
      }
      return targetOptions(b.options(DATE_OPTIONS)).epilog(`${examplesMarker(operation)}\n\n${EPILOG}`);
    },
    handler: (argv) => {
      const table = optionalString(argv.table, "table");
      if (table === undefined) throw usageError("--table needs a table name");
      select({
        command: operation,
        args: {
          operation,
          table,
          key: optionalString(argv.key, "key"),
          filter: filterSource(argv.expr),
          limit: optionalInteger(argv.limit, "limit", 1),
          maxPages: optionalInteger(argv.maxPages, "max-pages", 1),
          output: argv.output as OutputFormat | undefined,
          fields: optionalFields(argv.fields),
          dryRun: argv.dryRun === true,
          curl: argv.curl === true,
          secondaryKey: optionalString(argv.secondaryKey, "secondary-key"),
          schema: optionalString(argv.schema, "schema"),
          dates: dateArgs(argv),
          inferSchema: argv.inferSchema !== false,
          ...targetArgs(argv),
        },
      });
    },
  };
}
