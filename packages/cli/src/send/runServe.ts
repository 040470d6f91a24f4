import { createEmulator, isWildcardHost, originProblem, type Credentials, type Store } from "@itemfilter/emulator";
import { untilInterrupted, type CliContext } from "../cliContext.js";
import { serviceError, usageError } from "../cliError.js";
import type { ServeArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { quoteArg } from "../quoteArg.js";
import { loadTables, type Tables } from "./loadTables.js";
import { DEMO_CREDENTIALS, dynamoExposure, serveAccess, type ServeAccess } from "./serveAccess.js";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/**
 * `itemfilter serve`: runs the emulator on 127.0.0.1 until the signal aborts
 * (Ctrl-C or SIGTERM for the binary). The URL goes to stdout, for scripts;
 * everything else to stderr.
 */
export async function runServe(ctx: CliContext, args: ServeArgs): Promise<number> {
  for (const origin of args.allowOrigins) {
    const problem = originProblem(origin);
    if (problem !== undefined) throw usageError(`--allow-origin ${problem}`);
  }
  const access = await serveAccess(ctx, args);
  // Checked before DynamoDB is asked anything.
  const exposure = dynamoExposure(args, access);
  const source = await openSource(ctx, args);
  try {
    return await serve(ctx, args, access, source, exposure);
  } finally {
    source.close();
  }
}

/** What the handler serves: tables held in memory, or DynamoDB's through its store (the same handler either way). */
interface Source {
  options: { tables: Tables } | { store: Store };
  /** "users (30 items), …" or "the DynamoDB tables at URL (users, …)". */
  described: string;
  firstTable: string | undefined;
  /** The tables served, where they are known once and for all (not DynamoDB's, which may come later). */
  tableNames?: readonly string[];
  close(): void;
}

async function openSource(ctx: CliContext, args: ServeArgs): Promise<Source> {
  if (args.dynamodbEndpoint !== undefined) {
    const { openDynamoStore } = await import("../dynamo/openDynamoStore.js");
    const handle = await openDynamoStore(ctx, { endpoint: args.dynamodbEndpoint, region: args.dynamodbRegion }, args.timeoutMs);
    const names = handle.tableNames;
    return {
      options: { store: handle.store },
      described: `the DynamoDB tables at ${args.dynamodbEndpoint} (${names.length === 0 ? "none yet" : names.join(", ")}; keys from DescribeTable)`,
      firstTable: names[0],
      close: handle.close,
    };
  }
  const tables = await loadTables(ctx, args.data);
  const names = Object.entries(tables).map(([name, t]) => `${name} (${t.items.length} items${t.secondaryKey === undefined ? "" : `, secondary key ${t.secondaryKey}`})`);
  return { options: { tables }, described: names.join(", "), firstTable: Object.keys(tables)[0], tableNames: Object.keys(tables), close: () => {} };
}

async function serve(ctx: CliContext, args: ServeArgs, access: ServeAccess, source: Source, exposure: string | undefined): Promise<number> {
  const demo = access.kind === "demo";
  const emulator = createEmulator({ ...source.options, credentials: access.credentials, ...(args.allowOrigins.length === 0 ? {} : { allowedOrigins: [...new Set(args.allowOrigins)] }) });
  let url: string;
  try {
    // With --host it listens there and answers requests that name it; else loopback names only.
    url = await emulator.start(args.host === undefined ? args.port : { port: args.port, host: args.host });
  } catch (error) {
    const message = (error as Error).message;
    // The emulator wraps the listen error; its message keeps the system code.
    const why = message.includes("EADDRINUSE") ? `port ${args.port} is in use; pick another with --port, or --port 0 for any free one` : message;
    throw serviceError(`the emulator could not start: ${why}`);
  }
  ctx.out(`${url}\n`);
  ctx.err(`Serving ${source.described} on ${url}${args.host === undefined ? "" : ` (listening on ${args.host})`}\n`);
  if (exposure !== undefined) ctx.err(`${exposure}\n`);
  if (demo && args.host !== undefined && !LOOPBACK.has(args.host)) {
    ctx.err(`Warning: --host ${args.host} may let other machines in, and the demo credentials are public; configure your own.\n`);
  }
  if (args.host !== undefined && isWildcardHost(args.host)) {
    // A wildcard address answers any Host name, so the check that refuses DNS-rebound names cannot run.
    ctx.err(`Warning: with --host ${args.host} any Host name is answered, so DNS-rebinding protection is off: a web page you visit could read and query this server through your browser. Give a specific address to keep it on.\n`);
  }
  if (access.kind === "file" && source.tableNames !== undefined) {
    const missing = unservedTables(access.credentials, source.tableNames);
    if (missing.length > 0) ctx.err(`Warning: the access file '${access.file}' lists tables that are not served (${missing.join(", ")}); they are answered as missing.\n`);
  }
  ctx.err(`${acceptsLine(access)}\n`);
  if (args.allowOrigins.length > 0) ctx.err(`${originsLine(args.allowOrigins)}\n`);
  ctx.err(`${tryLine(url, firstReadable(access, source), args, demo)}\nPress Ctrl-C to stop.\n`);
  await untilInterrupted(ctx);
  await emulator.stop();
  ctx.err("Stopped.\n");
  return EXIT.ok;
}

function acceptsLine(access: ServeAccess): string {
  if (access.kind === "demo") {
    return `It accepts only the demo credentials: applicationKey "${DEMO_CREDENTIALS.applicationKey}" with authenticationToken "${DEMO_CREDENTIALS.authenticationToken}" (set ITEMFILTER_APPLICATION_KEY and ITEMFILTER_AUTH_TOKEN, or --app-key and --token-file, or give --access FILE, to choose).`;
  }
  if (access.kind === "configured") return "It accepts only the application key and token you configured.";
  const n = access.credentials.length;
  return `It accepts only the ${n === 1 ? "credential" : `${n} credentials`} of the access file '${access.file}', each on the tables it lists, within their scopes.`;
}

function originsLine(origins: readonly string[]): string {
  return `Pages on ${origins.join(", ")} may call it from the browser (CORS); requests from other pages' origins are refused (403).`;
}

/** The tables credentials list that the source does not have, quoted, each once. */
function unservedTables(credentials: readonly Credentials[], served: readonly string[]): string[] {
  const have = new Set(served);
  const listed = credentials.flatMap((c) => Object.keys(c.tables ?? {}));
  return [...new Set(listed.filter((name) => !have.has(name)))].map((name) => JSON.stringify(name));
}

/** A table the first credential may read, for the line that shows how to try it. */
function firstReadable(access: ServeAccess, source: Source): string | undefined {
  const tables = access.credentials[0]?.tables;
  if (tables === undefined) return source.firstTable;
  const names = Object.keys(tables);
  return names.find((name) => source.tableNames?.includes(name) ?? true) ?? names[0];
}

/** A command that works as printed, against a table actually served. */
function tryLine(url: string, table: string | undefined, args: ServeArgs, demo: boolean): string {
  if (table === undefined) return "(There are no tables yet.)";
  const list = `itemfilter list --table ${quoteArg(table)} --limit 3`;
  if (demo) return `Try: ITEMFILTER_BASE_URL=${url} ITEMFILTER_APPLICATION_KEY=${DEMO_CREDENTIALS.applicationKey} ITEMFILTER_AUTH_TOKEN=${DEMO_CREDENTIALS.authenticationToken} ${list}`;
  // The application key is not printed (the client treats it as a secret too): it comes from the environment.
  const token = args.tokenFile === undefined ? "" : ` --token-file ${quoteArg(args.tokenFile)}`;
  const from = args.tokenFile === undefined ? "ITEMFILTER_APPLICATION_KEY and ITEMFILTER_AUTH_TOKEN" : "ITEMFILTER_APPLICATION_KEY";
  return `Try, with ${from} exported as configured here: ITEMFILTER_BASE_URL=${url} ${list}${token}`;
}
