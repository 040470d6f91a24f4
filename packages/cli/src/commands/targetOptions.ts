import type { Argv } from "yargs";
import { optionalString, optionalTimeoutMs } from "./argValues.js";
import type { TargetArgs } from "./selection.js";

const TARGET = "Where requests go";

/** The options that pick a service or the embedded emulator, shared by list, query and repl. */
export function targetOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option("base-url", { type: "string", group: TARGET, describe: "The service's base URL (env ITEMFILTER_BASE_URL); without one, an embedded emulator answers" })
    .option("app-key", { type: "string", group: TARGET, describe: "The application key (env ITEMFILTER_APPLICATION_KEY)" })
    .option("token-file", { type: "string", group: TARGET, describe: "A file holding the authentication token (or env ITEMFILTER_AUTH_TOKEN); never a flag value" })
    .option("data", { type: "string", group: TARGET, describe: "A JSON or NDJSON data file for the embedded emulator (default: the demo data)" })
    .option("timeout", { type: "string", group: TARGET, describe: "Seconds each request (to --base-url, or a DynamoDB call) waits for its answer before it is retried (default 10)" });
}

export function targetArgs(argv: Record<string, unknown>): TargetArgs {
  return {
    baseUrl: optionalString(argv.baseUrl, "base-url"),
    appKey: optionalString(argv.appKey, "app-key"),
    tokenFile: optionalString(argv.tokenFile, "token-file"),
    data: optionalString(argv.data, "data"),
    timeoutMs: optionalTimeoutMs(argv.timeout),
  };
}
