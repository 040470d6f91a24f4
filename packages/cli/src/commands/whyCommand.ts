import type { Argv, CommandModule } from "yargs";
import { usageError } from "../cliError.js";
import { filterSource } from "../filterSource.js";
import { EPILOG } from "../helpText.js";
import { DATE_OPTIONS, dateArgs } from "./dateOptions.js";
import { optionalString } from "./argValues.js";
import { examplesMarker } from "./examples.js";
import type { Select } from "./selection.js";
import { targetArgs, targetOptions } from "./targetOptions.js";

/** `why`: fetch one item by its key and explain, pointing at the filter text, why the filter does or does not match it. */
export function whyCommand(select: Select): CommandModule {
  return {
    command: "why [expr..]",
    describe: "Explain why one item (by its key) does or does not match a filter: the deciding conditions, underlined, with reasons",
    builder: (y: Argv) =>
      targetOptions(
        y
          .positional("expr", { type: "string", describe: "The filter ('-': read it from stdin)" })
          .option("table", { type: "string", demandOption: true, describe: "The table the item is in" })
          .option("key", { type: "string", demandOption: true, describe: "The item's primary key value (a number when it reads as one; \"…\" for a string that does)" })
          .option("secondary", { type: "string", describe: "The item's secondary key value, for a table with two keys where several items share the primary key" })
          .option("primary-key", { type: "string", describe: "The table's primary key name (the demo tables know theirs)" })
          .option("secondary-key", { type: "string", describe: "The table's secondary key name (needs --primary-key)" })
          .option("json", { type: "boolean", default: false, describe: "Print the explanation as JSON: { key, item, explanation }" })
          .option("schema", { type: "string", describe: "A JSON schema file to check attribute names and types" })
          .options(DATE_OPTIONS)
          .option("infer-schema", { type: "boolean", default: true, describe: "Without --schema, check names and types against the embedded table's items (--no-infer-schema: don't)" }),
      ).epilog(`${examplesMarker("why")}\n\n${EPILOG}`),
    handler: (argv) => {
      const table = optionalString(argv.table, "table");
      if (table === undefined) throw usageError("--table needs a table name");
      const key = optionalString(argv.key, "key");
      if (key === undefined) throw usageError("--key needs the item's primary key value");
      const primaryKey = optionalString(argv.primaryKey, "primary-key");
      const secondaryKey = optionalString(argv.secondaryKey, "secondary-key");
      if (primaryKey !== undefined && primaryKey === secondaryKey) throw usageError(`--primary-key and --secondary-key must name different attributes, not both '${primaryKey}'`);
      select({
        command: "why",
        args: {
          table,
          key,
          secondary: optionalString(argv.secondary, "secondary"),
          filter: filterSource(argv.expr),
          json: argv.json === true,
          primaryKey,
          secondaryKey,
          schema: optionalString(argv.schema, "schema"),
          dates: dateArgs(argv),
          inferSchema: argv.inferSchema !== false,
          ...targetArgs(argv),
        },
      });
    },
  };
}
