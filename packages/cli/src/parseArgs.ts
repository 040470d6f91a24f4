import yargs from "yargs";
import type { CliContext } from "./cliContext.js";
import { compileCommand } from "./commands/compileCommand.js";
import { findCommand } from "./commands/findCommand.js";
import { loadCommand } from "./commands/loadCommand.js";
import { playgroundCommand } from "./commands/playgroundCommand.js";
import { replCommand } from "./commands/replCommand.js";
import type { Selection } from "./commands/selection.js";
import { sendCommand } from "./commands/sendCommand.js";
import { serveCommand } from "./commands/serveCommand.js";
import { whyCommand } from "./commands/whyCommand.js";
import { examplesMarker, insertExamples } from "./commands/examples.js";
import { splitAtDashDash, withOperands } from "./filterOperands.js";
import { STDIN_WORD } from "./filterSource.js";
import { EPILOG } from "./helpText.js";
import { VERSION } from "./version.js";

export interface Parsed {
  /** The command to run, or undefined when yargs printed help or the version (in `output`) or failed. */
  selection: Selection | undefined;
  /** Help, version or error text, which yargs hands over instead of printing. */
  output: string;
  error: Error | undefined;
}

/** Parses a command line with yargs. Nothing runs here: handlers only record their checked arguments. */
export function parseArgs(ctx: CliContext, argv: readonly string[]): Promise<Parsed> {
  let selection: Selection | undefined;
  const select = (s: Selection): void => void (selection = s);
  const parser = yargs()
    .scriptName("itemfilter")
    .detectLocale(false)
    .parserConfiguration({ "parse-positional-numbers": false })
    .exitProcess(false)
    .strict()
    .recommendCommands()
    .wrap(ctx.columns)
    .usage("$0 <command> [options]\n\nA filter language for the storage service's listItems and queryItems.")
    .command(compileCommand(select))
    .command(sendCommand("list", select))
    .command(sendCommand("query", select))
    .command(findCommand(select))
    .command(whyCommand(select))
    .command(serveCommand(select))
    .command(loadCommand(select))
    .command(replCommand(select))
    .command(playgroundCommand(select))
    .showHelpOnFail(false, "Run 'itemfilter --help' (or 'itemfilter <command> --help') for usage.")
    .help()
    .alias("help", "h")
    .version(VERSION)
    .epilog(`${examplesMarker("itemfilter")}\n\n${EPILOG}`);
  skipHelpCache(parser);
  // Words after `--` never reach yargs: they are the filter, whatever they start with.
  const { options, operands } = splitAtDashDash(argv);
  return new Promise((resolve) => {
    void parser.parse(options.map((a) => (a === "-" ? STDIN_WORD : a)), {}, (error: Error | undefined | null, _args: unknown, output: string) => {
      if (error == null && selection !== undefined) {
        try {
          selection = withOperands(selection, operands);
        } catch (problem) {
          resolve({ selection: undefined, output: "", error: problem as Error });
          return;
        }
      }
      resolve({ selection, output: insertExamples(output), error: error ?? undefined });
    });
  });
}

/**
 * yargs renders the whole help text after running any command's handler, to have it ready should the
 * handler ask for it; ours only record their arguments and never ask. That rendering was about 30 ms
 * of CPU a run, most of a warm run's work (and of the CLI tests' time). The cache sits on yargs' usage
 * object, which is internal: if a yargs release moves it, nothing is skipped and only speed is lost.
 * Help that is asked for (`--help`, a command's `--help`) is rendered as before.
 */
function skipHelpCache(parser: unknown): void {
  const internal = (parser as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: unknown } } }).getInternalMethods?.();
  const usage = internal?.getUsageInstance?.();
  if (usage !== undefined && typeof usage.cacheHelpMessage === "function") usage.cacheHelpMessage = () => {};
}
