import { EXIT, type ExitCode } from "./exitCodes.js";

/**
 * A failure the command reports as one line on stderr and an exit code,
 * without a stack trace: the message says what to do about it.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.usage,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}

export function serviceError(message: string): CliError {
  return new CliError(message, EXIT.service);
}
