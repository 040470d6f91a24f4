import { checkFields } from "@itemfilter/core";
import { usageError } from "../cliError.js";
import { STDIN_WORD } from "../filterSource.js";

/** Readers for yargs' loosely typed argv; a wrong value is a usage error (exit 2). */

export function optionalString(value: unknown, flag: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === STDIN_WORD) return "-";
  if (Array.isArray(value)) throw usageError(`--${flag} was given more than once; give it once`);
  if (typeof value !== "string" || value === "") throw usageError(`--${flag} needs a value`);
  return value;
}

/** A flag that may be repeated (yargs gives one value as a string, several as an array), in the order given. */
export function repeatedStrings(value: unknown, flag: string): string[] {
  if (value === undefined || value === null) return [];
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values.map((v) => {
    if (typeof v !== "string" || v === "") throw usageError(`--${flag} needs a value`);
    return v;
  });
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

/** --timeout SECONDS (decimals allowed, such as 0.5) as whole milliseconds, from 1 ms to an hour. */
export function optionalTimeoutMs(value: unknown, flag = "timeout"): number | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw usageError(`--${flag} was given more than once; give it once`);
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  const ms = Math.round(n * 1000);
  if (!Number.isFinite(n) || ms < 1 || n > MAX_TIMEOUT_SECONDS) throw usageError(`--${flag} must be a number of seconds from 0.001 to ${MAX_TIMEOUT_SECONDS}, such as 30 or 0.5`);
  return ms;
}

/** The longest --timeout: an hour. */
export const MAX_TIMEOUT_SECONDS = 3600;

/**
 * --fields a,b,address.city: attribute paths, comma-separated. A comma inside
 * a backtick name (`` `a,b` ``) is part of the name: a backtick opens a name
 * the language reads until its closing backtick (a backslash escapes the character after it there).
 */
export function optionalFields(value: unknown): string[] | undefined {
  const text = optionalString(value, "fields");
  if (text === undefined) return undefined;
  const fields = splitFields(text).map((field) => field.trim());
  try {
    checkFields(fields);
  } catch {
    throw usageError(`--fields takes attribute paths separated by commas, such as id,name,address.city,items[0].sku, not ${JSON.stringify(text)}`);
  }
  return fields;
}

/** The text cut at each comma outside backticks; an unclosed backtick runs to the end (and checkFields refuses it). */
function splitFields(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === "\\") i++;
    else if (c === "`") quoted = !quoted;
    else if (c === "," && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
