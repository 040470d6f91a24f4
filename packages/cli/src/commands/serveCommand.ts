import type { Argv, CommandModule } from "yargs";
import { optionalInteger, optionalString } from "./argValues.js";
import { EPILOG } from "../helpText.js";
import type { Select } from "./selection.js";

export const DEFAULT_PORT = 8787;

export function serveCommand(select: Select): CommandModule {
  return {
    command: "serve",
    describe: "Run the emulator on 127.0.0.1 and print its URL (Ctrl-C stops it)",
    builder: (y: Argv) =>
      y
        .option("data", { type: "string", describe: "A JSON ({tables: {...}}) or NDJSON data file (default: the demo data)" })
        .option("port", { type: "number", default: DEFAULT_PORT, describe: "The port; 0 picks a free one" })
        .option("app-key", { type: "string", describe: "The application key it accepts (env ITEMFILTER_APPLICATION_KEY)" })
        .option("token-file", { type: "string", describe: "A file holding the token it accepts (or env ITEMFILTER_AUTH_TOKEN)" })
        .example("$0 serve", "serve the demo data on http://127.0.0.1:8787")
        .example("$0 serve --data items.json --port 0", "serve your own data on a free port")
        .epilog(EPILOG),
    handler: (argv) => {
      select({
        command: "serve",
        args: {
          data: optionalString(argv.data, "data"),
          port: optionalInteger(argv.port, "port", 0, 65535) ?? DEFAULT_PORT,
          appKey: optionalString(argv.appKey, "app-key"),
          tokenFile: optionalString(argv.tokenFile, "token-file"),
        },
      });
    },
  };
}
