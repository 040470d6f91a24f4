import type { Argv, CommandModule } from "yargs";
import { filterSource } from "../filterSource.js";
import { DATE_OPTIONS, dateArgs } from "./dateOptions.js";
import { optionalString } from "./argValues.js";
import { EPILOG } from "../helpText.js";
import { examplesMarker } from "./examples.js";
import type { Select } from "./selection.js";

export function compileCommand(select: Select): CommandModule {
  return {
    command: "compile [expr..]",
    describe: "Compile a filter to the service's JSON (reads stdin when no filter or '-' is given)",
    builder: (y: Argv) =>
      y
        .positional("expr", { type: "string", describe: "The filter; quote it for the shell. Omit it or give '-' to read stdin" })
        .option("query", { type: "boolean", default: false, describe: "Compile a key query (queryItems) instead of listItems filters" })
        .option("secondary-key", { type: "string", describe: "The table's secondary key name, accepted in a key query instead of 'key'" })
        .option("schema", { type: "string", describe: "A JSON schema file ({attributes: {name: {type, aliases}}}) to check names and types" })
        .options(DATE_OPTIONS)
        .option("lines", { type: "boolean", default: false, describe: "Compile each line of the input as its own filter (blank lines are skipped)" })
        .option("ast", { type: "boolean", default: false, describe: "Print the syntax tree instead of the compiled filter" })
        .option("compact", { type: "boolean", default: false, describe: "One line of JSON even on a terminal" })
        .option("pretty", { type: "boolean", default: false, describe: "Indented JSON even when not on a terminal" })
        .epilog(`${examplesMarker("compile")}\n\n${EPILOG}`),
    handler: (argv) => {
      select({
        command: "compile",
        args: {
          filter: filterSource(argv.expr),
          query: argv.query === true,
          lines: argv.lines === true,
          ast: argv.ast === true,
          compact: argv.compact === true,
          pretty: argv.pretty === true,
          secondaryKey: optionalString(argv.secondaryKey, "secondary-key"),
          schema: optionalString(argv.schema, "schema"),
          dates: dateArgs(argv),
        },
      });
    },
  };
}
