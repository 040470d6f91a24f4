import { escapeForDisplay } from "@itemfilter/core";

/**
 * A message made safe for a terminal: control and bidi characters (ESC, BEL,
 * U+202E…) become `\uXXXX`, line by line, so text from a file, a server or the
 * command line cannot retitle or clear the terminal or reorder what is shown.
 * Every message the command prints on stderr goes through this one escape.
 */
export function escapeMessage(text: string): string {
  return text
    .split("\n")
    .map((line) => escapeForDisplay(line, true))
    .join("\n");
}
