/** What yargs picked: the command and its checked arguments. The work itself runs after parsing. */
export type Selection =
  | { command: "compile"; args: CompileArgs }
  | { command: "list" | "query"; args: SendArgs }
  | { command: "serve"; args: ServeArgs }
  | { command: "repl"; args: ReplArgs };

export type Select = (selection: Selection) => void;

export interface CompileArgs {
  /** The filter text, or undefined to read stdin. */
  expr: string | undefined;
  query: boolean;
  lines: boolean;
  ast: boolean;
  compact: boolean;
  pretty: boolean;
  secondaryKey: string | undefined;
  schema: string | undefined;
}

/** Where requests go: a service (base URL and credentials) or an embedded emulator (data file). */
export interface TargetArgs {
  baseUrl: string | undefined;
  appKey: string | undefined;
  tokenFile: string | undefined;
  data: string | undefined;
}

export type OutputFormat = "json" | "ndjson" | "table";

export interface SendArgs extends TargetArgs {
  operation: "list" | "query";
  table: string;
  key: string | undefined;
  expr: string | undefined;
  limit: number | undefined;
  maxPages: number | undefined;
  output: OutputFormat | undefined;
  dryRun: boolean;
  curl: boolean;
  secondaryKey: string | undefined;
  schema: string | undefined;
}

export interface ServeArgs {
  data: string | undefined;
  port: number;
  appKey: string | undefined;
  tokenFile: string | undefined;
}

export interface ReplArgs extends TargetArgs {
  table: string | undefined;
  key: string | undefined;
  mode: "list" | "query";
  send: boolean;
  secondaryKey: string | undefined;
  schema: string | undefined;
}
