import type { Argv, CommandModule } from "yargs";
import { readOrderBy } from "@itemfilter/core";
import { usageError } from "../cliError.js";
import { filterSource } from "../filterSource.js";
import { EPILOG } from "../helpText.js";
import { optionalFields, optionalInteger, optionalString } from "./argValues.js";
import { DATE_OPTIONS, dateArgs } from "./dateOptions.js";
import { examplesMarker } from "./examples.js";
import type { OutputFormat, Select } from "./selection.js";
import { targetArgs, targetOptions } from "./targetOptions.js";

const OUTPUTS: readonly OutputFormat[] = ["json", "ndjson", "table"];

/** The most requests a plan may hold (core's MAX_MAX_REQUESTS): past it, a plan is a crawl. */
const MAX_REQUESTS = 100;

/** `find`: any filter (and, or, not, every operator), planned by core and run by the client's findAll. */
export function findCommand(select: Select): CommandModule {
  return {
    command: "find [expr..]",
    describe: "Find the items any filter matches (or, not, every operator): plan the requests, run them, check the rest locally",
    builder: (y: Argv) =>
      targetOptions(
        y
          .positional("expr", { type: "string", describe: "The filter ('-': read it from stdin); none finds every item" })
          .option("table", { type: "string", demandOption: true, describe: "The table to read" })
          .option("explain", { type: "boolean", default: false, describe: "Print the plan (its requests, what the server filters, what is checked locally, the cost) and send nothing" })
          .option("json", { type: "boolean", default: false, describe: "With --explain: the plan as JSON" })
          .option("primary-key", { type: "string", describe: "The table's primary key name, so the plan can read one partition (the demo tables know theirs)" })
          .option("secondary-key", { type: "string", describe: "The table's secondary key name, so the plan can narrow a partition (needs the primary key)" })
          .option("limit", { type: "number", describe: "Stop after this many matching items" })
          .option("order-by", { type: "string", describe: "The items in this order: 'PATH', 'PATH asc' or 'PATH desc' (numbers, then strings, then binary; items without the value last; ties by the keys)" })
          .option("max-sort-items", { type: "number", describe: "With --order-by: the most items sorted locally where no request reads them in order (default 10000); past it the run stops" })
          .option("count", { type: "boolean", default: false, describe: "Print only how many items match (a number alone on stdout)" })
          .option("max-pages", { type: "number", describe: "Stop after this many pages over all requests (default: follow every page)" })
          .option("max-requests", { type: "number", describe: `The most requests the plan may hold, 1 to ${MAX_REQUESTS} (default 16)` })
          .option("fields", { type: "string", describe: "Only these attributes of each item: paths as a filter writes them, separated by commas (id,name,address.city,items[0].sku)" })
          .option("output", { type: "string", choices: OUTPUTS, describe: "json, ndjson or table (default: table on a terminal, json otherwise)" })
          .option("schema", { type: "string", describe: "A JSON schema file to check attribute names and types" })
          .options(DATE_OPTIONS)
          .option("dynamodb-endpoint", { type: "string", group: "Where requests go", conflicts: ["base-url", "data"], describe: "Run the filter straight on a DynamoDB table at this URL (Query or Scan; credentials from the AWS SDK's chain)" })
          .option("scan", { type: "boolean", default: true, group: "Where requests go", describe: "With --dynamodb-endpoint: --no-scan refuses a filter that has to read the whole table, before anything is sent" })
          .option("segments", { type: "number", group: "Where requests go", describe: "With --dynamodb-endpoint: run a Scan as N parallel segments, 1 to 1000 (default: from the table's size, 1 for a small table)" })
          .option("max-items-read", { type: "number", group: "Where requests go", describe: "With --dynamodb-endpoint: the most items DynamoDB may read for the filter; past it the run stops" })
          .option("dynamodb-region", { type: "string", group: "Where requests go", describe: "With --dynamodb-endpoint: the AWS region (default: the AWS SDK's chain, such as AWS_REGION)" })
          .option("infer-schema", { type: "boolean", default: true, describe: "Without --schema, check names and types against the embedded table's items (--no-infer-schema: don't)" }),
      ).epilog(`${examplesMarker("find")}\n\n${EPILOG}`),
    handler: (argv) => {
      const table = optionalString(argv.table, "table");
      if (table === undefined) throw usageError("--table needs a table name");
      const explain = argv.explain === true;
      const json = argv.json === true;
      if (json && !explain) throw usageError("--json prints the plan as JSON and goes with --explain; for the items as JSON, use --output json");
      const primaryKey = optionalString(argv.primaryKey, "primary-key");
      const secondaryKey = optionalString(argv.secondaryKey, "secondary-key");
      if (primaryKey !== undefined && primaryKey === secondaryKey) throw usageError(`--primary-key and --secondary-key must name different attributes, not both '${primaryKey}'`);
      const dynamodbEndpoint = optionalString(argv.dynamodbEndpoint, "dynamodb-endpoint");
      const scan = argv.scan !== false;
      const maxItemsRead = optionalInteger(argv.maxItemsRead, "max-items-read", 1);
      const segments = optionalInteger(argv.segments, "segments", 1, 1000);
      const dynamoOnly = !scan ? "--no-scan" : maxItemsRead !== undefined ? "--max-items-read" : segments !== undefined ? "--segments" : undefined;
      if (dynamodbEndpoint === undefined && dynamoOnly !== undefined) throw usageError(`${dynamoOnly} goes with --dynamodb-endpoint`);
      const count = argv.count === true;
      const orderBy = optionalString(argv.orderBy, "order-by");
      if (orderBy !== undefined) {
        try {
          readOrderBy(orderBy, "--order-by");
        } catch (error) {
          throw usageError((error as Error).message);
        }
      }
      const maxSortItems = optionalInteger(argv.maxSortItems, "max-sort-items", 1);
      if (maxSortItems !== undefined && orderBy === undefined) throw usageError("--max-sort-items goes with --order-by");
      const countClash = !count ? undefined : explain ? "--explain" : argv.limit !== undefined ? "--limit" : argv.fields !== undefined ? "--fields" : argv.output !== undefined ? "--output" : orderBy !== undefined ? "--order-by" : undefined;
      if (countClash !== undefined) throw usageError(`--count prints only how many items match, so it does not go with ${countClash}`);
      select({
        command: "find",
        args: {
          table,
          filter: filterSource(argv.expr),
          limit: optionalInteger(argv.limit, "limit", 1),
          maxPages: optionalInteger(argv.maxPages, "max-pages", 1),
          maxRequests: optionalInteger(argv.maxRequests, "max-requests", 1, MAX_REQUESTS),
          output: argv.output as OutputFormat | undefined,
          fields: optionalFields(argv.fields),
          explain,
          json,
          primaryKey,
          secondaryKey,
          schema: optionalString(argv.schema, "schema"),
          dates: dateArgs(argv),
          inferSchema: argv.inferSchema !== false,
          dynamodbEndpoint,
          scan,
          maxItemsRead,
          segments,
          orderBy,
          maxSortItems,
          count,
          dynamodbRegion: optionalString(argv.dynamodbRegion, "dynamodb-region"),
          ...targetArgs(argv),
        },
      });
    },
  };
}
