import type { CliContext } from "../cliContext.js";
import { usageError } from "../cliError.js";
import { MAX_BYTES, readUserFile } from "../readText.js";

export interface Credentials {
  applicationKey: string;
  authenticationToken: string;
}

interface CredentialArgs {
  appKey: string | undefined;
  tokenFile: string | undefined;
}

/**
 * The application key from --app-key or ITEMFILTER_APPLICATION_KEY, and the
 * token from --token-file or ITEMFILTER_AUTH_TOKEN (never from a flag value,
 * which `ps` would show). Found secrets are registered with the redactor
 * before anything else can print them. Undefined when neither is given.
 */
export async function resolveCredentials(ctx: CliContext, args: CredentialArgs): Promise<Partial<Credentials>> {
  let authenticationToken: string | undefined;
  if (args.tokenFile !== undefined) {
    authenticationToken = (await readUserFile(ctx, args.tokenFile, "token file", MAX_BYTES.token)).replace(/\r?\n$/, "");
    if (authenticationToken.trim() === "") throw usageError(`the token file '${args.tokenFile}' is empty`);
    if (authenticationToken.includes("\n")) throw usageError(`the token file '${args.tokenFile}' holds more than one line; it should hold only the token`);
  } else {
    const fromEnv = ctx.env.ITEMFILTER_AUTH_TOKEN;
    if (fromEnv !== undefined && fromEnv !== "") authenticationToken = fromEnv;
  }
  ctx.secrets.add(authenticationToken);
  const fromEnv = ctx.env.ITEMFILTER_APPLICATION_KEY;
  const applicationKey = args.appKey ?? (fromEnv === undefined || fromEnv === "" ? undefined : fromEnv);
  const found: Partial<Credentials> = {};
  if (applicationKey !== undefined) found.applicationKey = applicationKey;
  if (authenticationToken !== undefined) found.authenticationToken = authenticationToken;
  return found;
}

/** Both credentials, or a usage error that says where each comes from. */
export function requireCredentials(found: Partial<Credentials>, baseUrl: string): Credentials {
  const missing: string[] = [];
  if (found.applicationKey === undefined) missing.push("an application key (--app-key or ITEMFILTER_APPLICATION_KEY)");
  if (found.authenticationToken === undefined) missing.push("a token (--token-file FILE or ITEMFILTER_AUTH_TOKEN)");
  if (missing.length > 0) throw usageError(`${baseUrl} needs ${missing.join(" and ")}; leave out --base-url to use the embedded emulator`);
  return found as Credentials;
}
