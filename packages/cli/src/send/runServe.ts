import { createEmulator, isWildcardHost, type Store } from "@itemfilter/emulator";
import { untilInterrupted, type CliContext } from "../cliContext.js";
import { serviceError, usageError } from "../cliError.js";
import type { ServeArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { quoteArg } from "../quoteArg.js";
import { loadTables, type Tables } from "./loadTables.js";
import { resolveCredentials, type Credentials } from "./resolveCredentials.js";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** The credentials `serve` accepts when none are configured: it serves demo data to this machine only. */
export const DEMO_CREDENTIALS = { applicationKey: "demo-app", authenticationToken: "demo-token" };

/**
 * `itemfilter serve`: runs the emulator on 127.0.0.1 until the signal aborts
 * (Ctrl-C or SIGTERM for the binary). The URL goes to stdout, for scripts;
 * everything else to stderr.
 */
export async function runServe(ctx: CliContext, args: ServeArgs): Promise<number> {
  const credentials = await serveCredentials(ctx, args);
  const source = await openSource(ctx, args);
  try {
    return await serve(ctx, args, credentials, source);
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
  close(): void;
}

async function openSource(ctx: CliContext, args: ServeArgs): Promise<Source> {
  if (args.dynamodbEndpoint !== undefined) {
    const { openDynamoStore } = await import("../dynamo/openDynamoStore.js");
    const handle = await openDynamoStore(ctx, { endpoint: args.dynamodbEndpoint, region: args.dynamodbRegion });
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
  return { options: { tables }, described: names.join(", "), firstTable: Object.keys(tables)[0], close: () => {} };
}

async function serve(ctx: CliContext, args: ServeArgs, credentials: Credentials, source: Source): Promise<number> {
  const demo = credentials === DEMO_CREDENTIALS;
  const emulator = createEmulator({ ...source.options, credentials: [credentials] });
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
  if (demo && args.host !== undefined && !LOOPBACK.has(args.host)) {
    ctx.err(`Warning: --host ${args.host} may let other machines in, and the demo credentials are public; configure your own.\n`);
  }
  if (args.host !== undefined && isWildcardHost(args.host)) {
    // A wildcard address answers any Host name, so the check that refuses DNS-rebound names cannot run.
    ctx.err(`Warning: with --host ${args.host} any Host name is answered, so DNS-rebinding protection is off: a web page you visit could read and query this server through your browser. Give a specific address to keep it on.\n`);
  }
  ctx.err(
    demo
      ? `It accepts only the demo credentials: applicationKey "${DEMO_CREDENTIALS.applicationKey}" with authenticationToken "${DEMO_CREDENTIALS.authenticationToken}" (set ITEMFILTER_APPLICATION_KEY and ITEMFILTER_AUTH_TOKEN, or --app-key and --token-file, to choose).\n`
      : "It accepts only the application key and token you configured.\n",
  );
  ctx.err(`${tryLine(url, source.firstTable, args, demo)}\nPress Ctrl-C to stop.\n`);
  await untilInterrupted(ctx);
  await emulator.stop();
  ctx.err("Stopped.\n");
  return EXIT.ok;
}

/**
 * The configured credentials, which replace the demo ones entirely, or the
 * demo ones when nothing is configured. Half a configuration (a key without
 * a token, or the reverse) is a start-up error rather than a silent demo token.
 */
async function serveCredentials(ctx: CliContext, args: ServeArgs): Promise<Credentials> {
  const found = await resolveCredentials(ctx, args);
  if (found.applicationKey !== undefined && found.authenticationToken !== undefined) return { applicationKey: found.applicationKey, authenticationToken: found.authenticationToken };
  if (found.applicationKey !== undefined) {
    throw usageError("serve has an application key but no token to accept; give the token too (--token-file FILE or ITEMFILTER_AUTH_TOKEN), or neither for the demo credentials");
  }
  if (found.authenticationToken !== undefined) {
    throw usageError("serve has a token but no application key to accept; give the key too (--app-key or ITEMFILTER_APPLICATION_KEY), or neither for the demo credentials");
  }
  return DEMO_CREDENTIALS;
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
