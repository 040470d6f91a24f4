import { EmulatorError, parseAccessFile, type Credentials } from "@itemfilter/emulator";
import type { CliContext } from "../cliContext.js";
import { usageError } from "../cliError.js";
import type { ServeArgs } from "../commands/selection.js";
import { MAX_BYTES, readUserFile } from "../readText.js";
import { resolveCredentials } from "./resolveCredentials.js";

/** The credentials `serve` accepts when none are configured: it serves demo data to this machine only. */
export const DEMO_CREDENTIALS = { applicationKey: "demo-app", authenticationToken: "demo-token" };

/** Who `serve` lets in, and where that came from. */
export type ServeAccess =
  | { kind: "demo"; credentials: Credentials[] }
  | { kind: "configured"; credentials: Credentials[] }
  | { kind: "file"; credentials: Credentials[]; file: string };

/**
 * The access file (--access), or the configured key and token, which
 * replace the demo ones entirely, or the demo ones when nothing is
 * configured. Half a configuration (a key without a token, or the reverse)
 * is a start-up error rather than a silent demo token.
 */
export async function serveAccess(ctx: CliContext, args: ServeArgs): Promise<ServeAccess> {
  if (args.access !== undefined) return { kind: "file", credentials: await readAccessFile(ctx, args.access), file: args.access };
  const found = await resolveCredentials(ctx, args);
  if (found.applicationKey !== undefined && found.authenticationToken !== undefined) {
    return { kind: "configured", credentials: [{ applicationKey: found.applicationKey, authenticationToken: found.authenticationToken }] };
  }
  if (found.applicationKey !== undefined) {
    throw usageError("serve has an application key but no token to accept; give the token too (--token-file FILE or ITEMFILTER_AUTH_TOKEN), or neither for the demo credentials");
  }
  if (found.authenticationToken !== undefined) {
    throw usageError("serve has a token but no application key to accept; give the key too (--app-key or ITEMFILTER_APPLICATION_KEY), or neither for the demo credentials");
  }
  return { kind: "demo", credentials: [DEMO_CREDENTIALS] };
}

/**
 * The credentials of an access file, checked whole before anything is
 * served. A token given in plain text is accepted with a warning, and
 * registered as a secret first, so nothing printed afterwards shows it.
 */
async function readAccessFile(ctx: CliContext, file: string): Promise<Credentials[]> {
  const text = await readUserFile(ctx, file, "access file", MAX_BYTES.access);
  let read;
  try {
    read = parseAccessFile(text, file);
  } catch (error) {
    if (error instanceof EmulatorError) throw usageError(`cannot use the access file: ${error.message}`);
    throw error;
  }
  for (const c of read.credentials) ctx.secrets.add(c.authenticationToken);
  if (read.plainTokens.length > 0) {
    const which = read.plainTokens.length === 1 ? `the token of ${read.plainTokens[0]}` : `the tokens of ${read.plainTokens.join(", ")}`;
    ctx.err(`Warning: the access file '${file}' gives ${which} in plain text (authenticationToken); store the SHA-256 instead, as authenticationTokenSha256 (printf %s "$TOKEN" | sha256sum).\n`);
  }
  return read.credentials;
}

/** Whether the URL's host is a loopback address; undefined for text that is not a URL (the DynamoDB client says so). */
function isLoopbackUrl(text: string): boolean | undefined {
  let host: string;
  try {
    host = new URL(text).hostname;
  } catch {
    return undefined;
  }
  // The URL parser writes every IPv4 spelling (127.1, 0x7f.1) as four decimals.
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * With --dynamodb-endpoint and only the public demo credentials, every table
 * the AWS credentials reach would be served to anyone: refused, unless the
 * endpoint is a loopback address (DynamoDB Local), where the returned
 * warning says so.
 */
export function dynamoExposure(args: ServeArgs, access: ServeAccess): string | undefined {
  if (args.dynamodbEndpoint === undefined || access.kind !== "demo") return undefined;
  const loopback = isLoopbackUrl(args.dynamodbEndpoint);
  if (loopback === false) {
    throw usageError(
      "serve --dynamodb-endpoint on an address that is not loopback needs credentials of its own (--app-key with --token-file, or --access FILE): with the public demo ones it would serve every table the AWS credentials reach to anyone who can connect",
    );
  }
  return loopback === undefined ? undefined : `Warning: every table of DynamoDB at ${args.dynamodbEndpoint} is served to the demo key, whose token is public; give --access FILE (or --app-key and --token-file) to choose who may read which table.`;
}
