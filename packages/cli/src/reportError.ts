import type { CliContext } from "./cliContext.js";
import { CliError } from "./cliError.js";
import { clientErrorText } from "./clientErrorText.js";
import { escapeMessage } from "./escapeMessage.js";
import { EXIT } from "./exitCodes.js";

/**
 * The client's error classes, matched by name so this file does not load the
 * client for `compile`. Any other error whose name ends in "Error" and whose
 * code is a client code (E_ and capitals) counts too, so a class the client
 * adds later (such as one for a refused redirect) is a service error, not a bug.
 */
const CLIENT_ERRORS = new Set(["ClientError", "ServiceError", "HttpError", "ProtocolError", "TimeoutError", "NetworkError", "RedirectError"]);
const CLIENT_CODE = /^E_[A-Z_]+$/;

/** Prints one line for a failure that reached the top and picks its exit code. Whatever it prints is escaped first. */
export function reportError(ctx: CliContext, error: unknown): number {
  return report({ ...ctx, err: (text: string) => ctx.err(escapeMessage(text)) }, error);
}

function report(ctx: CliContext, error: unknown): number {
  if (error instanceof CliError) {
    ctx.err(`itemfilter: ${error.message}\n`);
    return error.exitCode;
  }
  if (error instanceof Error && error.name === "FilterError") {
    ctx.err(`itemfilter: ${error.message}\n`);
    const hint = (error as { diagnostics?: readonly { hint?: unknown }[] }).diagnostics?.[0]?.hint;
    // FilterError has already made the hint one line without control characters.
    if (typeof hint === "string") ctx.err(`hint: ${hint}\n`);
    return EXIT.filter;
  }
  if (error instanceof Error && error.name === "AbortError") {
    ctx.err("itemfilter: interrupted\n");
    return EXIT.interrupted;
  }
  if (isClientError(error) && (error as { code?: unknown }).code === "E_ORDER_TOO_LARGE") {
    // The person's filter matches too many items to sort: theirs to narrow, as a filter error is.
    ctx.err(`itemfilter: ${error.message}\n`);
    const hint = (error as { hint?: unknown }).hint;
    if (typeof hint === "string") ctx.err(`hint: ${hint}\n`);
    return EXIT.filter;
  }
  if (isClientError(error)) {
    const code = (error as { code?: unknown }).code;
    if (code === "E_ARGUMENT") {
      ctx.err(`itemfilter: ${error.message}\n`);
      return EXIT.usage;
    }
    ctx.err(`itemfilter: ${clientErrorText(error)}\n`);
    return EXIT.service;
  }
  // Nothing expected this: it is a bug, not the service's fault nor the user's.
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  ctx.err(`itemfilter: internal error (a bug in itemfilter; please report it with the command line): ${message}\n`);
  if (ctx.env.ITEMFILTER_DEBUG !== undefined && error instanceof Error && error.stack !== undefined) ctx.err(`${error.stack}\n`);
  else ctx.err("Set ITEMFILTER_DEBUG=1 to print its stack.\n");
  return EXIT.internal;
}

function isClientError(error: unknown): error is Error & { code?: unknown } {
  if (!(error instanceof Error)) return false;
  if (CLIENT_ERRORS.has(error.name)) return true;
  const code = (error as { code?: unknown }).code;
  return error.name.endsWith("Error") && error.name !== "Error" && typeof code === "string" && CLIENT_CODE.test(code) && error.name !== "EmulatorError";
}
