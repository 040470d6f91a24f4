/*
 * Argument checks for the public functions. A wrong argument type is a
 * programming mistake, not a bad filter, so it is a TypeError (FilterError is
 * for filters); its message says what the function takes and what it got.
 * Checks are typeof tests on the path a correct call takes, so they cost
 * nothing measurable.
 */

import { escapeForDisplay } from "./escapeForDisplay.js";

/** A short description of a value for a TypeError: "a number (123)", "an array", "null". */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return `an array (length ${value.length})`;
  switch (typeof value) {
    case "string":
      return value.length > 20 ? "a string" : `the string ${escapeForDisplay(JSON.stringify(value))}`;
    case "number":
    case "boolean":
    case "bigint":
      return `a ${typeof value} (${String(value)}${typeof value === "bigint" ? "n" : ""})`;
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
    default:
      return "an object";
  }
}

/** Options must be an object when given; undefined and null mean none. */
export function checkOptions(fn: string, options: unknown, takes: string): void {
  if (options === undefined || options === null) return;
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`${fn} takes options as an object (${takes}), not ${describeValue(options)}`);
  }
}

/** An optional string option, such as secondaryKey. */
export function checkStringOption(fn: string, name: string, value: unknown): void {
  if (value !== undefined && typeof value !== "string") {
    throw new TypeError(`${fn}: options.${name} must be a string, not ${describeValue(value)}`);
  }
}

/** An optional count option, such as maxInValues: a number from 0 (Infinity allowed), not NaN. */
export function checkCountOption(fn: string, name: string, value: unknown): void {
  if (value !== undefined && !(typeof value === "number" && value >= 0)) {
    throw new TypeError(`${fn}: options.${name} must be a number from 0 (Infinity for no limit), not ${describeValue(value)}`);
  }
}
