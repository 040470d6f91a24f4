import type { DateArgs } from "./dateOptions.js";
import type { FilterSource } from "../filterSource.js";

/** What yargs picked: the command and its checked arguments. The work itself runs after parsing. */
export type Selection =
  | { command: "compile"; args: CompileArgs }
  | { command: "list" | "query"; args: SendArgs }
  | { command: "find"; args: FindArgs }
  | { command: "why"; args: WhyArgs }
  | { command: "serve"; args: ServeArgs }
  | { command: "load"; args: LoadArgs }
  | { command: "repl"; args: ReplArgs }
  | { command: "playground"; args: PlaygroundArgs };

export type Select = (selection: Selection) => void;

export interface CompileArgs {
  /** The filter; none at all reads stdin, as `-` does. */
  filter: FilterSource;
  query: boolean;
  lines: boolean;
  ast: boolean;
  compact: boolean;
  pretty: boolean;
  secondaryKey: string | undefined;
  /** --now and --time-zone: what the filter's relative dates resolve against. */
  dates: DateArgs;
  schema: string | undefined;
}

/** Where requests go: a service (base URL and credentials) or an embedded emulator (data file). */
export interface TargetArgs {
  baseUrl: string | undefined;
  appKey: string | undefined;
  tokenFile: string | undefined;
  data: string | undefined;
  /** --timeout in milliseconds: each request's (a service's, or a DynamoDB call's) wait for its answer; the default (10 s) when left out. */
  timeoutMs?: number | undefined;
}

export type OutputFormat = "json" | "ndjson" | "table";

/** How a filter is read: one listItems or queryItems walk, or `find` (core's plan, any filter). */
export type Operation = "list" | "query" | "find";

/** The raw single operations, `list` and `query`. */
export type SendOperation = Exclude<Operation, "find">;

export interface SendArgs extends TargetArgs {
  operation: SendOperation;
  /** Only these attributes of each item (--fields). */
  fields: string[] | undefined;
  table: string;
  key: string | undefined;
  /** The filter; none sends no filter (every item, or the whole partition). */
  filter: FilterSource;
  limit: number | undefined;
  maxPages: number | undefined;
  output: OutputFormat | undefined;
  dryRun: boolean;
  curl: boolean;
  secondaryKey: string | undefined;
  /** --now and --time-zone: what the filter's relative dates resolve against. */
  dates: DateArgs;
  schema: string | undefined;
  /** Check names and types against the embedded table's items (when no --schema is given). */
  inferSchema: boolean;
}

export interface FindArgs extends TargetArgs {
  table: string;
  /** Only these attributes of each item (--fields). */
  fields: string[] | undefined;
  /** The filter; none finds every item. */
  filter: FilterSource;
  /** Most matching items to print. */
  limit: number | undefined;
  /** Most pages over all the plan's requests. */
  maxPages: number | undefined;
  /** Most requests the plan may hold (core's maxRequests). */
  maxRequests: number | undefined;
  output: OutputFormat | undefined;
  /** Print the plan and send nothing. */
  explain: boolean;
  /** With explain: the plan as JSON. */
  json: boolean;
  /** The table's key names, for a table whose keys the command does not know (a service's). */
  primaryKey: string | undefined;
  secondaryKey: string | undefined;
  /** --now and --time-zone: what the filter's relative dates resolve against. */
  dates: DateArgs;
  schema: string | undefined;
  /** Check names and types against the embedded table's items (when no --schema is given). */
  inferSchema: boolean;
  /** Run the filter straight on this DynamoDB's table instead. */
  dynamodbEndpoint: string | undefined;
  dynamodbRegion: string | undefined;
  /** On DynamoDB: false refuses a plan with a Scan (--no-scan). */
  scan: boolean;
  /** On DynamoDB: the most items the run may read. */
  maxItemsRead: number | undefined;
  /** On DynamoDB: a Scan's parallel segments. */
  segments: number | undefined;
  /** The order of the items: "PATH", "PATH asc" or "PATH desc" (--order-by). */
  orderBy: string | undefined;
  /** The most items a local sort may hold (--max-sort-items). */
  maxSortItems: number | undefined;
  /** Print only how many items match (--count). */
  count: boolean;
}

export interface WhyArgs extends TargetArgs {
  table: string;
  /** The item's primary key value, as typed (keyValue reads it). */
  key: string;
  /** The item's secondary key value, for a table with two keys. */
  secondary: string | undefined;
  filter: FilterSource;
  json: boolean;
  /** The table's key names, for a table whose keys the command does not know (a service's). */
  primaryKey: string | undefined;
  secondaryKey: string | undefined;
  /** --now and --time-zone: what the filter's relative dates resolve against. */
  dates: DateArgs;
  schema: string | undefined;
  inferSchema: boolean;
}

export interface ServeArgs {
  data: string | undefined;
  /** Serve DynamoDB's tables at this URL instead of the data file's. */
  dynamodbEndpoint: string | undefined;
  dynamodbRegion: string | undefined;
  port: number;
  /** The address to listen on, which the emulator's allowed-Host check then also accepts; 127.0.0.1 when left out. */
  host: string | undefined;
  appKey: string | undefined;
  tokenFile: string | undefined;
  /** A JSON file of credentials, each with the tables it may read and their scopes; replaces --app-key and --token-file. */
  access: string | undefined;
  /** Web origins whose pages may call it (CORS), as given (runServe checks them); empty: none. */
  allowOrigins: string[];
  /** --timeout in milliseconds: with --dynamodb-endpoint, the most one answer spends on DynamoDB; 5 s when left out. */
  timeoutMs?: number | undefined;
}

/** `itemfilter load`: a data file into a DynamoDB table. */
export interface LoadArgs {
  endpoint: string;
  region: string | undefined;
  table: string;
  data: string | undefined;
  key: string | undefined;
  sortKey: string | undefined;
  /** --schema: a schema file whose folded copies are written with each item. */
  schema: string | undefined;
  /** --resume-from: the line of the data file to write from. */
  resumeFrom: number | undefined;
  /** --wait: seconds to wait for the endpoint to accept connections. */
  wait: number;
  /** --timeout in milliseconds: each DynamoDB call's wait for its answer; 10 s when left out. */
  timeoutMs?: number | undefined;
}

export interface ReplArgs extends TargetArgs {
  table: string | undefined;
  key: string | undefined;
  mode: Operation;
  send: boolean;
  /** The table's primary key name, for find mode on a service's table (the embedded tables know theirs). */
  primaryKey: string | undefined;
  secondaryKey: string | undefined;
  schema: string | undefined;
  /** Check names and types against the embedded table's items (when no schema file is set). */
  inferSchema: boolean;
}

export interface PlaygroundArgs {
  port: number;
  open: boolean;
  data: string | undefined;
}
