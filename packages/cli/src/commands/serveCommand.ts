import type { Argv, CommandModule } from "yargs";
import { optionalInteger, optionalString, optionalTimeoutMs, repeatedStrings } from "./argValues.js";
import { EPILOG } from "../helpText.js";
import { examplesMarker } from "./examples.js";
import type { Select } from "./selection.js";

export const DEFAULT_PORT = 8787;

export function serveCommand(select: Select): CommandModule {
  return {
    command: "serve",
    describe: "Run the emulator on 127.0.0.1 (or --host), over the demo data, a data file or DynamoDB, and print its URL (Ctrl-C stops it)",
    builder: (y: Argv) =>
      y
        .option("data", { type: "string", describe: "A JSON ({tables: {...}}) or NDJSON data file (default: the demo data)" })
        .option("dynamodb-endpoint", { type: "string", conflicts: "data", describe: "Serve the tables of DynamoDB at this URL instead (credentials from the AWS SDK's chain)" })
        .option("dynamodb-region", { type: "string", describe: "With --dynamodb-endpoint: the AWS region (default: the AWS SDK's chain, such as AWS_REGION)" })
        .option("timeout", {
          type: "string",
          describe: "With --dynamodb-endpoint: seconds one answer may spend on DynamoDB, retries included (default 5); past it, throttling is answered 429 with Retry-After, no answer 503",
        })
        .option("port", { type: "number", default: DEFAULT_PORT, describe: "The port; 0 picks a free one" })
        .option("host", { type: "string", describe: "The address to listen on (default 127.0.0.1), which requests may then name in their Host header; otherwise it answers loopback names only" })
        .option("app-key", { type: "string", describe: "The application key it accepts (env ITEMFILTER_APPLICATION_KEY)" })
        .option("token-file", { type: "string", describe: "A file holding the token it accepts (or env ITEMFILTER_AUTH_TOKEN)" })
        .option("access", {
          type: "string",
          conflicts: ["app-key", "token-file"],
          describe: "A JSON file of credentials instead, each with the tables it may read and, per table, an optional scope: a filter every item it reads satisfies",
        })
        .option("allow-origin", {
          type: "string",
          describe: "Let pages on this origin (scheme://host[:port], such as http://localhost:5173) call it from the browser (CORS); repeatable; no *",
        })
        .epilog(`${examplesMarker("serve")}\n\n${EPILOG}`),
    handler: (argv) => {
      select({
        command: "serve",
        args: {
          data: optionalString(argv.data, "data"),
          dynamodbEndpoint: optionalString(argv.dynamodbEndpoint, "dynamodb-endpoint"),
          dynamodbRegion: optionalString(argv.dynamodbRegion, "dynamodb-region"),
          port: optionalInteger(argv.port, "port", 0, 65535) ?? DEFAULT_PORT,
          host: optionalString(argv.host, "host"),
          appKey: optionalString(argv.appKey, "app-key"),
          tokenFile: optionalString(argv.tokenFile, "token-file"),
          access: optionalString(argv.access, "access"),
          allowOrigins: repeatedStrings(argv.allowOrigin, "allow-origin"),
          timeoutMs: optionalTimeoutMs(argv.timeout),
        },
      });
    },
  };
}

