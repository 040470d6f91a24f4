import type { CliContext } from "./cliContext.js";
import { usageError } from "./cliError.js";
import { readStdin } from "./readText.js";

/**
 * yargs drops a lone `-` from the positionals, so parseArgs hands it over as
 * this word instead (and optionalString turns it back into "-").
 */
export const STDIN_WORD = "\u0000-";

/**
 * Where a command's filter comes from: the words on the command line, stdin
 * (`-`), or nowhere. Every command that takes a filter reads it through
 * readFilter, so `-` means stdin for all of them.
 */
export type FilterSource = { from: "text"; text: string } | { from: "stdin" } | { from: "none" };

/** The filter from positional words. Unquoted words are joined with spaces (`compile a = 1`); `-` alone is stdin. */
export function filterSource(words: unknown): FilterSource {
  const list = Array.isArray(words) ? words.map(String) : words === undefined ? [] : [String(words)];
  if (list.length === 0) return { from: "none" };
  if (list.includes(STDIN_WORD) || list.includes("-")) {
    if (list.length > 1) throw usageError("'-' reads the filter from stdin; give either '-' or the filter, not both");
    return { from: "stdin" };
  }
  return { from: "text", text: list.join(" ") };
}

/**
 * The filter text. With no filter given, `compile` reads stdin (`ifNone:
 * "stdin"`), while `list` and `query` send no filter (`ifNone: "empty"`).
 * Stdin that holds no filter text (nothing, or only white space) is a usage
 * error: it is what a broken generator in a pipeline leaves, and read as the
 * empty filter it would dump the whole table. The empty filter is `''`.
 * `blankStdin: "none"` is for `compile --lines`, where stdin holds a filter a
 * line and a blank stdin is no filters, not the empty one.
 */
export async function readFilter(ctx: CliContext, source: FilterSource, ifNone: "stdin" | "empty", blankStdin: "refused" | "none" = "refused"): Promise<string> {
  if (source.from === "text") return source.text;
  if (source.from === "none" && ifNone === "empty") return "";
  const text = await readStdin(ctx);
  if (text.trim() === "" && blankStdin === "refused") {
    throw usageError(source.from === "stdin" ? "stdin held no filter text for '-'; for the empty filter, give '' instead of '-'" : "stdin held no filter text; give a filter, or '' for the empty filter");
  }
  return text;
}
