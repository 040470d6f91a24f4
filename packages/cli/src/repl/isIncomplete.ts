/**
 * Whether REPL input should continue on another line: a parenthesis or
 * bracket is still open, or a string or backtick name is not closed. More
 * closers than openers is complete, so the compiler can point at the stray one.
 */
export function isIncomplete(source: string): boolean {
  let depth = 0;
  let quote = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quote !== "") {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
  }
  return quote !== "" || depth > 0;
}
