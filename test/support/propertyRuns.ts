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

/**
 * Whether properties draw all their runs here. A test that counts what its inputs exercised (so many
 * planned as Queries, some paged) checks the counts only then: a count is the generator's, the same on
 * every Node, and a quarter of the draws spreads too widely for a bound set for all of them.
 */
export const drawsAll = !(share > 0 && share < 1);

/** `runs`, or that share of them; `atLeast` lowers the floor for a property whose every run is a whole session of requests. */
export function propertyRuns(runs: number, atLeast = MIN_RUNS): number {
  if (drawsAll) return runs;
  return Math.min(runs, Math.max(atLeast, Math.ceil(runs * share)));
}
