/**
 * How many inputs a property test draws in this vitest run. On the machine's Node every property draws
 * all of its runs. test/runTests.mjs runs the suite again on the other supported Nodes with
 * ITEMFILTER_PROPERTY_SHARE set (README "Node versions"): there a property's job is to find where that
 * engine differs, which its first inputs show as well as its thousandth, so it draws that share of its
 * runs, never fewer than MIN_RUNS (nor more than it has). A property with a fixed seed draws the first
 * of the same inputs.
 */
const MIN_RUNS = 25;

const share = Number(process.env.ITEMFILTER_PROPERTY_SHARE ?? "1");

export function propertyRuns(runs: number): number {
  if (!(share > 0 && share < 1)) return runs;
  return Math.min(runs, Math.max(MIN_RUNS, Math.ceil(runs * share)));
}
