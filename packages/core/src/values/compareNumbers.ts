import type { NumberValue } from "./ExactNumber.js";

/**
 * Order of two numbers of either form, exactly: negative, zero or positive;
 * NaN when either is NaN. A double stands for its shortest decimal, the one
 * `String()` writes, so two doubles compare as themselves; an ExactNumber
 * brings its own exact order (ExactNumber's compare).
 */
export function compareNumbers(a: NumberValue, b: NumberValue): number {
  if (typeof a !== "number") return a.compare(b);
  if (typeof b !== "number") return 0 - b.compare(a);
  return a < b ? -1 : a > b ? 1 : a === b ? 0 : Number.NaN;
}
