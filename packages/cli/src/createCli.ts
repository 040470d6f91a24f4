import { createContext, type CliContext, type CliOptions } from "./cliContext.js";
import { CliError } from "./cliError.js";
import type { CompileArgs } from "./commands/selection.js";
import { escapeMessage } from "./escapeMessage.js";
import { EXIT } from "./exitCodes.js";
import { filterSource } from "./filterSource.js";
import { reportError } from "./reportError.js";

export interface Cli {
  /** Runs one command line (without `node` and the script) and resolves to its exit code. Never throws. */
  run(argv: readonly string[]): Promise<number>;
}

/** Flags that would put a token on the command line, where `ps` shows it to every user. */
const TOKEN_FLAGS = /^--?(token|auth-token|authentication-token|authenticationToken|authToken)(=|$)/;

/**
 * The `itemfilter` command as a function of its streams and environment.
 * Parsing is all yargs does; each command's code (and yargs itself) is
 * imported only when needed, so `compile` never loads the REPL, client or emulator.
 */
export function createCli(options: CliOptions = {}): Cli {
  return {
    run: async (argv) => {
      const ctx = createContext(options);
      try {
        return await runCommand(ctx, argv);
      } catch (error) {
        return reportError(ctx, error);
      }
    },
  };
}

async function runCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const tokenFlag = argv.find((a) => TOKEN_FLAGS.test(a));
  if (tokenFlag !== undefined) {
    // Name the flag but never echo its value.
    const name = tokenFlag.split("=")[0];
    throw new CliError(`${name} is not accepted, since a token on the command line shows in 'ps'; use --token-file FILE or ITEMFILTER_AUTH_TOKEN`);
  }
  if (argv.length === 0 && ctx.tty.stdin && ctx.tty.stdout) {
    const { runRepl } = await import("./repl/runRepl.js");
    return runRepl(ctx, { table: undefined, key: undefined, mode: "find", send: false, primaryKey: undefined, secondaryKey: undefined, schema: undefined, inferSchema: true, ...noTarget });
  }
  const plain = plainCompile(argv);
  if (plain !== undefined) {
    const { runCompile } = await import("./commands/runCompile.js");
    return runCompile(ctx, plain);
  }
  const { parseArgs } = await import("./parseArgs.js");
  if (argv.length === 0) {
    // Not on a terminal, so no REPL: say what is missing, then what the command takes.
    ctx.err(`itemfilter: missing command (with no arguments, the REPL starts only on a terminal)\n\n${(await parseArgs(ctx, ["--help"])).output}\n`);
    return EXIT.usage;
  }
  const { selection, output, error } = await parseArgs(ctx, argv);
  if (error !== undefined) {
    if (error instanceof CliError) throw error;
    ctx.err(`itemfilter: ${escapeMessage(usageMessage(argv, output, error))}\n`);
    return EXIT.usage;
  }
  if (selection === undefined) {
    // --help or --version.
    ctx.out(`${output}\n`);
    return EXIT.ok;
  }
  switch (selection.command) {
    case "compile": {
      const { runCompile } = await import("./commands/runCompile.js");
      return runCompile(ctx, selection.args);
    }
    case "list":
    case "query": {
      const { runSend } = await import("./send/runSend.js");
      return runSend(ctx, selection.args);
    }
    case "find": {
      const { runFind } = await import("./send/runFind.js");
      return runFind(ctx, selection.args);
    }
    case "why": {
      const { runWhy } = await import("./send/runWhy.js");
      return runWhy(ctx, selection.args);
    }
    case "serve": {
      const { runServe } = await import("./send/runServe.js");
      return runServe(ctx, selection.args);
    }
    case "load": {
      const { runLoad } = await import("./dynamo/runLoad.js");
      return runLoad(ctx, selection.args);
    }
    case "repl": {
      const { runRepl } = await import("./repl/runRepl.js");
      return runRepl(ctx, selection.args);
    }
    case "playground": {
      const { runPlayground } = await import("./playground/runPlayground.js");
      return runPlayground(ctx, selection.args);
    }
  }
}

/**
 * yargs' complaint, except that an unknown first word is an unknown command,
 * with the nearest command yargs recommends ("did you mean").
 */
function usageMessage(argv: readonly string[], output: string, error: Error): string {
  const first = argv[0] ?? "";
  const unknown = /^Unknown arguments?: (.*)$/.exec(error.message)?.[1]?.split(", ") ?? [];
  if (first.startsWith("-") || !unknown.includes(first)) return output.trim() || error.message;
  const recommended = /Did you mean (\S+)\?/.exec(output)?.[1];
  const hint = recommended === undefined ? "" : `; did you mean '${recommended}'?`;
  return `unknown command '${first}'${hint}\nRun 'itemfilter --help' for the commands.`;
}

const noTarget = { baseUrl: undefined, appKey: undefined, tokenFile: undefined, data: undefined };

/**
 * `itemfilter compile EXPR` with no options, the command people run most,
 * skips yargs (a fifth of the start-up time): its arguments can only mean this.
 */
function plainCompile(argv: readonly string[]): CompileArgs | undefined {
  if (argv.length !== 2 || argv[0] !== "compile" || argv[1]!.startsWith("-")) return undefined;
  return { filter: filterSource(argv[1]), query: false, lines: false, ast: false, compact: false, pretty: false, secondaryKey: undefined, schema: undefined, dates: { now: Date.now() } };
}
