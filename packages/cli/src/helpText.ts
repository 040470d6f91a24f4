import { EXIT_CODES_HELP } from "./exitCodes.js";

/** The closing lines of every --help. */
export const EPILOG = [
  EXIT_CODES_HELP,
  "Environment: ITEMFILTER_BASE_URL, ITEMFILTER_APPLICATION_KEY and",
  "ITEMFILTER_AUTH_TOKEN (a service and its credentials), ITEMFILTER_HISTORY_FILE",
  "(the REPL's history), NO_COLOR (no colour even on a terminal).",
].join("\n");
