/**
 * Guards against hostile or accidental huge input. Exceeding any of them is
 * E_LIMIT, found before the work it guards is done.
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

export function resolveLimits(options: Partial<Limits> | undefined): Limits {
  if (options === undefined) return DEFAULT_LIMITS;
  return {
    maxLength: pick(options.maxLength, DEFAULT_LIMITS.maxLength),
    maxDepth: pick(options.maxDepth, DEFAULT_LIMITS.maxDepth),
    maxPredicates: pick(options.maxPredicates, DEFAULT_LIMITS.maxPredicates),
    maxInValues: pick(options.maxInValues, DEFAULT_LIMITS.maxInValues),
  };
}

function pick(value: number | undefined, fallback: number): number {
  return typeof value === "number" && value >= 0 ? value : fallback;
}
