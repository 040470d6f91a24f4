import type { Argv, CommandModule } from "yargs";
import { optionalInteger, optionalString } from "./argValues.js";
import { EPILOG } from "../helpText.js";
import { examplesMarker } from "./examples.js";
import type { Select } from "./selection.js";

export const PLAYGROUND_PORT = 8788;

export function playgroundCommand(select: Select): CommandModule {
  return {
    command: "playground",
    describe: "Serve the playground page (an editor, compiled JSON, plans, Run) with the emulator on 127.0.0.1",
    builder: (y: Argv) =>
      y
        .option("port", { type: "number", default: PLAYGROUND_PORT, describe: "The port; 0 picks a free one" })
        .option("open", { type: "boolean", default: false, describe: "Open the page in the default browser" })
        .option("data", { type: "string", describe: "A JSON ({tables: {...}}) or NDJSON data file (default: the demo data)" })
        .epilog(`${examplesMarker("playground")}\n\n${EPILOG}`),
    handler: (argv) => {
      select({
        command: "playground",
        args: {
          port: optionalInteger(argv.port, "port", 0, 65535) ?? PLAYGROUND_PORT,
          open: argv.open === true,
          data: optionalString(argv.data, "data"),
        },
      });
    },
  };
}
