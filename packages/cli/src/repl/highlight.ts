import { tokenize, type TokenKind } from "@itemfilter/core";

const RESET = "\u001b[0m";

const STYLE: Record<TokenKind, string> = {
  keyword: "\u001b[35m", // magenta
  attribute: "\u001b[36m", // cyan
  operator: "\u001b[33m", // yellow
  string: "\u001b[32m", // green
  number: "\u001b[34m", // blue
  boolean: "\u001b[34m", // blue, as a number: a value
  parameter: "\u001b[1;34m", // bold blue: a value the app supplies
  punctuation: "",
  error: "\u001b[31;4m", // red, underlined
};

/** A dot-command line: the command name as a keyword, its argument plain. */
export function highlightDotCommand(line: string): string {
  return line.replace(/^(\s*)(\.\S*)/, (_, space: string, name: string) => `${space}${STYLE.keyword}${name}${RESET}`);
}

/**
 * The source with ANSI colour around each token. Only escape codes are
 * added, so every character keeps its column and the cursor stays put.
 */
export function highlight(source: string): string {
  let out = "";
  let at = 0;
  for (const token of tokenize(source)) {
    out += source.slice(at, token.start);
    const style = STYLE[token.kind];
    out += style === "" ? token.text : style + token.text + RESET;
    at = token.end;
  }
  return out + source.slice(at);
}
