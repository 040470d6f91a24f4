import { evaluate, explainMatch } from "@itemfilter/core";
import { TYPICAL } from "./inputs.mjs";
import { runRounds } from "./measure.mjs";
import { ratioSummary } from "./stats.mjs";

/** An item the typical filter matches: the case issue 25 bounds (a match costs at most 2 × evaluate). */
export const MATCHING_ITEM = Object.freeze({ name: "abc", score: 4, status: "a", tags: "yz", age: 30 });

/**
 * explainMatch against evaluate, both from the filter text, as the CLI's
 * `why` and an app's "why?" button call them. Ratio: explainMatch's time ÷
 * evaluate's, per round.
 */
export function benchExplain(rounds) {
  const rows = runRounds(
    [
      { name: "evaluate (text)", run: () => evaluate(TYPICAL, MATCHING_ITEM) },
      { name: "explainMatch (text)", run: () => explainMatch(TYPICAL, MATCHING_ITEM) },
    ],
    rounds,
  );
  return { filter: TYPICAL, rows, ratio: ratioSummary(rows[0].opsPerSec, rows[1].opsPerSec) };
}
