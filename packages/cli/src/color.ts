/**
 * Colour goes only to a terminal, and never when NO_COLOR is set to anything
 * non-empty (https://no-color.org) or the terminal says it cannot show it.
 */
export function colorEnabled(env: Readonly<Record<string, string | undefined>>, isTTY: boolean): boolean {
  if (!isTTY) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return env.TERM !== "dumb";
}
