import { tokenize } from "@itemfilter/core";

/** Operator words that take no value, so a line may end with them. */
const COMPLETE_OPERATORS = new Set(["null", "notnull"]);

/**
 * Whether REPL input should continue on another line: a parenthesis or
 * bracket is still open, a string or backtick name is not closed, or the
 * last word waits for more: `and`, `or`, `not` (or `&&`, `||`, `!`), or an
 * operator waiting for its value (`=`, `in`, `between 1`, `between 1 and`, `is`, `is not`).
 * More closers than openers is complete, so the compiler can point at the stray one.
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
  if (quote !== "" || depth > 0) return true;
  return waitsForMore(source);
}

function waitsForMore(source: string): boolean {
  const tokens = tokenize(source);
  const last = tokens[tokens.length - 1];
  if (last === undefined) return false;
  if (last.kind === "keyword") return true;
  if (last.kind === "operator") return !COMPLETE_OPERATORS.has(last.text.toLowerCase());
  // `between 1` waits for its `and`.
  const before = tokens[tokens.length - 2];
  return before !== undefined && before.kind === "operator" && before.text.toLowerCase() === "between";
}
