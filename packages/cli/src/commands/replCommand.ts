import type { Argv, CommandModule } from "yargs";
import { optionalString } from "./argValues.js";
import { EPILOG } from "../helpText.js";
import type { Select } from "./selection.js";
import { targetArgs, targetOptions } from "./targetOptions.js";

export function replCommand(select: Select): CommandModule {
  return {
    command: "repl",
    describe: "Type filters and see their JSON, errors and results as you go (also: no arguments on a terminal)",
    builder: (y: Argv) =>
      targetOptions(
        y
          .option("table", { type: "string", describe: "The table to send to and learn attribute names from" })
          .option("key", { type: "string", describe: "The primary key value for key queries" })
          .option("mode", { type: "string", choices: ["list", "query"], default: "list", describe: "Compile listItems filters or key queries" })
          .option("send", { type: "boolean", default: false, describe: "Send each filter and show the results (needs --table)" })
          .option("secondary-key", { type: "string", describe: "The secondary key's name, accepted instead of 'key' in key queries" })
          .option("schema", { type: "string", describe: "A JSON schema file: names and types to check and to complete" }),
      )
        .example("$0 repl", "try filters against the demo data")
        .example("$0 repl --table users --send", "show matching users as you type filters")
        .epilog(EPILOG),
    handler: (argv) => {
      select({
        command: "repl",
        args: {
          table: optionalString(argv.table, "table"),
          key: optionalString(argv.key, "key"),
          mode: argv.mode === "query" ? "query" : "list",
          send: argv.send === true,
          secondaryKey: optionalString(argv.secondaryKey, "secondary-key"),
          schema: optionalString(argv.schema, "schema"),
          ...targetArgs(argv),
        },
      });
    },
  };
}
