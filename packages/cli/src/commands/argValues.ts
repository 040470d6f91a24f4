import { usageError } from "../cliError.js";

/** Readers for yargs' loosely typed argv; a wrong value is a usage error (exit 2). */

export function optionalString(value: unknown, flag: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) throw usageError(`--${flag} was given more than once; give it once`);
  if (typeof value !== "string" || value === "") throw usageError(`--${flag} needs a value`);
  return value;
}

/** A whole number >= min, such as a --limit or a --port. */
export function optionalInteger(value: unknown, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw usageError(`--${flag} was given more than once; give it once`);
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw usageError(`--${flag} must be a whole number ${max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`}`);
  }
  return n;
}

/**
 * The filter from positional words. Unquoted words are joined with spaces
 * (`compile a = 1`); `-` or nothing means stdin.
 */
export function filterText(words: unknown): string | undefined {
  const list = Array.isArray(words) ? words.map(String) : words === undefined ? [] : [String(words)];
  if (list.length === 0 || (list.length === 1 && list[0] === "-")) return undefined;
  return list.join(" ");
}
