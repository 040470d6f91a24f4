import type { Argv, CommandModule } from "yargs";
import { optionalString } from "./argValues.js";
import { EPILOG } from "../helpText.js";
import { examplesMarker } from "./examples.js";
import type { Select } from "./selection.js";
import { targetArgs, targetOptions } from "./targetOptions.js";

export function replCommand(select: Select): CommandModule {
  return {
    command: "repl",
    describe: "Type filters and see their plans or JSON, errors and results as you go (also: no arguments on a terminal)",
    builder: (y: Argv) =>
      targetOptions(
        y
          .option("table", { type: "string", describe: "The table to send to and learn attribute names from" })
          .option("key", { type: "string", describe: "The primary key value for key queries" })
          .option("mode", { type: "string", choices: ["find", "list", "query"], default: "find", describe: "find: plan any filter and run it; list: listItems filters; query: key queries" })
          .option("send", { type: "boolean", default: false, describe: "Send each filter and show the results (needs --table)" })
          .option("primary-key", { type: "string", describe: "The table's primary key name, for find plans on a service's table (the demo tables know theirs)" })
          .option("secondary-key", { type: "string", describe: "The secondary key's name: accepted instead of 'key' in key queries, and used by find plans" })
          .option("schema", { type: "string", describe: "A JSON schema file: names and types to check and to complete" })
          .option("infer-schema", { type: "boolean", default: true, describe: "Without --schema, check names and types against the embedded table's items (--no-infer-schema: don't)" }),
      )
        .epilog(`${examplesMarker("repl")}\n\n${EPILOG}`),
    handler: (argv) => {
      select({
        command: "repl",
        args: {
          table: optionalString(argv.table, "table"),
          key: optionalString(argv.key, "key"),
          mode: argv.mode === "query" ? "query" : argv.mode === "list" ? "list" : "find",
          send: argv.send === true,
          primaryKey: optionalString(argv.primaryKey, "primary-key"),
          secondaryKey: optionalString(argv.secondaryKey, "secondary-key"),
          schema: optionalString(argv.schema, "schema"),
          inferSchema: argv.inferSchema !== false,
          ...targetArgs(argv),
        },
      });
    },
  };
}
