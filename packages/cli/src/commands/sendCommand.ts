import type { Argv, CommandModule } from "yargs";
import { usageError } from "../cliError.js";
import { filterText, optionalInteger, optionalString } from "./argValues.js";
import { EPILOG } from "../helpText.js";
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
        .positional("expr", { type: "string", describe: list ? "The filter; none lists every item" : "The key query, such as 'key >= 10'" })
        .option("table", { type: "string", demandOption: true, describe: "The table to read" })
        .option("limit", { type: "number", describe: "Stop after this many items" })
        .option("max-pages", { type: "number", describe: "Stop after this many pages (default: follow every page)" })
        .option("output", { type: "string", choices: OUTPUTS, describe: "json, ndjson or table (default: table on a terminal, json otherwise)" })
        .option("dry-run", { type: "boolean", default: false, describe: "Print the request body (credentials redacted) and send nothing" })
        .option("curl", { type: "boolean", default: false, describe: "Print the request as a curl command (credentials redacted) and send nothing" })
        .option("schema", { type: "string", describe: "A JSON schema file to check attribute names and types" });
      if (!list) {
        b = b
          .option("key", { type: "string", describe: "The primary key value whose items to query" })
          .option("secondary-key", { type: "string", describe: "The secondary key's name, accepted instead of 'key' in the filter" });
      }
      b = targetOptions(b).epilog(EPILOG);
      return list
        ? b
            .example("$0 list --table users 'age >= 30'", "users aged 30 or more, from the demo data")
            .example("$0 list --table users --output ndjson 'city in (\"Oslo\", \"Lima\")'", "one JSON item per line")
            .example("$0 list --table users --limit 5 --output table", "the first five users as a table")
            .example("$0 list --table users --curl 'name beginsWith \"A\"'", "the equivalent curl command")
            .example("ITEMFILTER_BASE_URL=https://api.example.com $0 list --table users --token-file ~/.itemfilter-token 'age >= 30'", "ask a real service")
        : b
            .example("$0 query --table orders --key alice 'key beginsWith \"2024-03\"'", "alice's orders in March 2024, from the demo data")
            .example("$0 query --table readings --key sensor-1 'key between 1700000000 and 1700003600'", "one hour of readings")
            .example("$0 query --table orders --key alice --dry-run '>= \"2024\"'", "print the request body only");
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
          expr: filterText(argv.expr),
          limit: optionalInteger(argv.limit, "limit", 1),
          maxPages: optionalInteger(argv.maxPages, "max-pages", 1),
          output: argv.output as OutputFormat | undefined,
          dryRun: argv.dryRun === true,
          curl: argv.curl === true,
          secondaryKey: optionalString(argv.secondaryKey, "secondary-key"),
          schema: optionalString(argv.schema, "schema"),
          ...targetArgs(argv),
        },
      });
    },
  };
}
