import { describe, expect, it } from "vitest";
import { plan, FilterError } from "../src/index.js";

/**
 * Planning time is bounded (issue 17). Not a speed assertion: the bounds are
 * generous enough for a loaded machine, and catch what the planner did
 * before, time that grew with the cube of the filter (256 equalities took
 * 0.95 s; 200 equalities and two copies of a 16-way `or` took 4.3 s, and
 * 20.8 s with maxRequests 100). The ratio to compileList is a bench figure
 * (packages/bench, "plan ÷ compile").
 */

const equalities = (n: number, prefix = "a"): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i} = ${i}`);
const anyOf = (n: number, prefix: string): string => `(${Array.from({ length: n }, (_, i) => `${prefix}${i} = ${i}`).join(" or ")})`;

/** CPU milliseconds of the fastest of `runs` plans (the fastest is the one least disturbed by other work). */
function planMs(text: string, options: Parameters<typeof plan>[1] = {}, runs = 3): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const start = process.cpuUsage();
    try {
      plan(text, options);
    } catch (error) {
      if (!(error instanceof FilterError) || error.code !== "E_PLAN_TOO_LARGE") throw error;
    }
    const spent = process.cpuUsage(start);
    best = Math.min(best, (spent.user + spent.system) / 1000);
  }
  return best;
}

/** The worst cases found within the default limits, and the issue's. */
export const WORST_CASES: Record<string, string> = {
  "256 equalities": equalities(256).join(" and "),
  "200 equalities and two copies of a 16-way or (issue 17)": [...equalities(200), anyOf(16, "o"), anyOf(16, "o")].join(" and "),
  "16 copies of a 16-way or": Array.from({ length: 16 }, () => anyOf(16, "o")).join(" and "),
  "200 equalities and three different 16-way ors (too large)": [...equalities(200), anyOf(16, "p"), anyOf(16, "q"), anyOf(16, "r")].join(" and "),
  "a 256-way or of equalities on one attribute": Array.from({ length: 256 }, (_, i) => `a = ${i}`).join(" or "),
  "a 256-way or of bounds on one attribute": Array.from({ length: 256 }, (_, i) => `a < ${i}`).join(" or "),
  "ors nested 15 deep": (() => {
    let t = "z = 1";
    for (let i = 0; i < 15; i++) t = `(x${i} = 1 or y${i} = 1) and (${t}) or w${i} = 1`;
    return t;
  })(),
};

describe("planning time is bounded", () => {
  it.each(Object.entries(WORST_CASES))("%s plans in well under a second", (_, text) => {
    expect(text.length).toBeLessThanOrEqual(16384);
    expect(planMs(text)).toBeLessThan(400);
    expect(planMs(text, { maxRequests: 100 })).toBeLessThan(400);
  });

  it("grows about linearly with a conjunction's length, not with its cube", () => {
    const limits = { maxPredicates: 4096, maxLength: 1 << 20 };
    const small = planMs(equalities(256).join(" and "), limits, 5);
    const large = planMs(equalities(2048).join(" and "), limits, 5);
    // 8 times the conditions: linear is about 8 times the time, cubic 512 times.
    expect(large).toBeLessThan(Math.max(small, 0.5) * 64);
  });
});
