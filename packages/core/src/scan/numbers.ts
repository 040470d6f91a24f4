import type { NumberValue } from "../values/ExactNumber.js";

/** Canonical text for a number, as the formatter writes it; `-0` keeps its sign, an ExactNumber is its digits. */
export function formatNumber(value: NumberValue): string {
  return Object.is(value, -0) ? "-0" : String(value);
}
