export { createCli, type Cli } from "./createCli.js";
export type { CliOptions, TtyFlags } from "./cliContext.js";
export { CliError } from "./cliError.js";
export { EXIT, EXIT_CODES_HELP, type ExitCode } from "./exitCodes.js";
export { VERSION } from "./version.js";
