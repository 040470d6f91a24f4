import { usageError } from "./cliError.js";
import type { Selection } from "./commands/selection.js";
import { filterSource } from "./filterSource.js";

/**
 * Splits a command line at its first `--`: what comes before is parsed as
 * options and words; everything after is filter text, even words that start
 * with `-`. yargs would otherwise put those words where no command reads
 * them, and a filter given but lost would become "no filter" (every item).
 */
export function splitAtDashDash(argv: readonly string[]): { options: string[]; operands: string[] } {
  const cut = argv.indexOf("--");
  return cut === -1 ? { options: [...argv], operands: [] } : { options: argv.slice(0, cut), operands: argv.slice(cut + 1) };
}

/**
 * The selection with the words after `--` added to its filter, after any
 * filter words given before `--` (as a shell joins operands). A command
 * that takes no filter refuses them rather than ignoring them.
 */
export function withOperands(selection: Selection, operands: readonly string[]): Selection {
  if (operands.length === 0) return selection;
  switch (selection.command) {
    case "compile":
    case "list":
    case "query":
    case "find":
    case "why": {
      const before = selection.args.filter;
      if (before.from === "stdin") throw usageError("'-' reads the filter from stdin; give either '-' or the filter, not both");
      const words = before.from === "text" ? [before.text, ...operands] : operands;
      // A typed object spread keeps each command's own argument type.
      return { ...selection, args: { ...selection.args, filter: filterSource(words) } } as Selection;
    }
    default:
      throw usageError(`'${selection.command}' takes no filter, but words follow '--'; leave them out`);
  }
}
