import { checkCountOption, describeValue } from "./checkArgument.js";

/**
 * Guards against hostile or accidental huge input. Exceeding any of them is
 * E_LIMIT, found before the work it guards is done. grammar/semantics.md
 * ("Limits") says what each one bounds and what happens past it.
 */
export interface Limits {
  /** Most characters in a filter. */
  maxLength: number;
  /** Most groups and negations nested inside one another. */
  maxDepth: number;
  /** Most conditions (predicates) in one filter. */
  maxPredicates: number;
  /** Most values in one `in` list; the service takes 1 to 100. */
  maxInValues: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxLength: 16384,
  maxDepth: 32,
  maxPredicates: 256,
  maxInValues: 100,
});

const TAKES = "limits such as maxLength, and schema";

/**
 * The limits in effect: each given one, else its default. Options that are
 * not an object, and limits that are not numbers from 0, are TypeErrors
 * (Infinity lifts a limit).
 */
export function resolveLimits(options: Partial<Limits> | undefined | null): Limits {
  if (options === undefined || options === null) return DEFAULT_LIMITS;
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`options must be an object (${TAKES}), not ${describeValue(options)}`);
  }
  const { maxLength, maxDepth, maxPredicates, maxInValues } = options;
  if (maxLength === undefined && maxDepth === undefined && maxPredicates === undefined && maxInValues === undefined) return DEFAULT_LIMITS;
  checkCountOption("limits", "maxLength", maxLength);
  checkCountOption("limits", "maxDepth", maxDepth);
  checkCountOption("limits", "maxPredicates", maxPredicates);
  checkCountOption("limits", "maxInValues", maxInValues);
  return {
    maxLength: maxLength ?? DEFAULT_LIMITS.maxLength,
    maxDepth: maxDepth ?? DEFAULT_LIMITS.maxDepth,
    maxPredicates: maxPredicates ?? DEFAULT_LIMITS.maxPredicates,
    maxInValues: maxInValues ?? DEFAULT_LIMITS.maxInValues,
  };
}
