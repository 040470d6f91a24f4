import type { Argv, CommandModule } from "yargs";
import { EPILOG } from "../helpText.js";
import { DEFAULT_WAIT_SECONDS } from "../dynamo/waitForEndpoint.js";
import { optionalInteger, optionalString, optionalTimeoutMs } from "./argValues.js";
import { examplesMarker } from "./examples.js";
import type { Select } from "./selection.js";

export function loadCommand(select: Select): CommandModule {
  return {
    command: "load",
    describe: "Create a DynamoDB table and write a data file into it (credentials from the AWS SDK's chain)",
    builder: (y: Argv) =>
      y
        .option("dynamodb-endpoint", { type: "string", demandOption: true, describe: "DynamoDB's URL, such as http://127.0.0.1:8000 for DynamoDB Local" })
        .option("dynamodb-region", { type: "string", describe: "The AWS region (default: the AWS SDK's chain, such as AWS_REGION)" })
        .option("table", { type: "string", demandOption: true, describe: "The DynamoDB table to create (or to write into, when it exists with the same keys)" })
        .option("data", { type: "string", describe: "A JSON ({tables: {...}}) or NDJSON data file (default: the demo data); from a tables file, the table named by --table, or its only one" })
        .option("key", { type: "string", describe: "The partition key attribute (default: the tables file's primaryKey)" })
        .option("sort-key", { type: "string", describe: "The sort key attribute (default: the tables file's secondaryKey, when --key is not given)" })
        .option("schema", { type: "string", describe: "A schema file: each attribute it makes caseInsensitive with a folded copy (\"folded\": \"nameFolded\") is written with that copy, foldCase of its text" })
        .option("resume-from", { type: "number", describe: "Write only the items from this line of the data file on (a load that stopped says which)" })
        .option("wait", { type: "number", describe: `Seconds to wait while nothing listens at the endpoint yet, such as a DynamoDB Local just started (default ${DEFAULT_WAIT_SECONDS}; 0: not at all)` })
        .option("timeout", { type: "string", describe: "Seconds each DynamoDB call waits for its answer before it is retried (default 10)" })
        .epilog(`${examplesMarker("load")}\n\n${EPILOG}`),
    handler: (argv) => {
      select({
        command: "load",
        args: {
          endpoint: optionalString(argv.dynamodbEndpoint, "dynamodb-endpoint")!,
          region: optionalString(argv.dynamodbRegion, "dynamodb-region"),
          table: optionalString(argv.table, "table")!,
          data: optionalString(argv.data, "data"),
          key: optionalString(argv.key, "key"),
          sortKey: optionalString(argv.sortKey, "sort-key"),
          schema: optionalString(argv.schema, "schema"),
          resumeFrom: optionalInteger(argv.resumeFrom, "resume-from", 1),
          wait: optionalInteger(argv.wait, "wait", 0, 600) ?? DEFAULT_WAIT_SECONDS,
          timeoutMs: optionalTimeoutMs(argv.timeout),
        },
      });
    },
  };
}
