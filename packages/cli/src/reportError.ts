import type { CliContext } from "./cliContext.js";
import { CliError } from "./cliError.js";
import { EXIT } from "./exitCodes.js";

/** The client's error classes, matched by name so this file does not load the client for `compile`. */
const CLIENT_ERRORS = new Set(["ClientError", "ServiceError", "HttpError", "ProtocolError", "TimeoutError", "NetworkError"]);

/** Prints one line for a failure that reached the top and picks its exit code. */
export function reportError(ctx: CliContext, error: unknown): number {
  if (error instanceof CliError) {
    ctx.err(`itemfilter: ${error.message}\n`);
    return error.exitCode;
  }
  if (error instanceof Error && error.name === "FilterError") {
    ctx.err(`itemfilter: ${error.message}\n`);
    return EXIT.filter;
  }
  if (error instanceof Error && error.name === "AbortError") {
    ctx.err("itemfilter: interrupted\n");
    return EXIT.interrupted;
  }
  if (error instanceof Error && CLIENT_ERRORS.has(error.name)) {
    const code = (error as { code?: unknown }).code;
    if (code === "E_ARGUMENT") {
      ctx.err(`itemfilter: ${error.message}\n`);
      return EXIT.usage;
    }
    ctx.err(`itemfilter: ${typeof code === "string" ? `${code}: ` : ""}${error.message}\n`);
    return EXIT.service;
  }
  const message = error instanceof Error ? error.message : String(error);
  ctx.err(`itemfilter: unexpected error: ${message}\n`);
  if (ctx.env.ITEMFILTER_DEBUG !== undefined && error instanceof Error && error.stack !== undefined) ctx.err(`${error.stack}\n`);
  return EXIT.service;
}
