import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FilterError } from "../src/messages/errors.js";
import { resolveLimits } from "../src/values/limits.js";
import { LineIndex } from "../src/messages/location.js";
import { parse } from "../src/schema/parse.js";
import { parseScanned } from "../src/tree/parseSource.js";
import { FAILED, parseAsScanned } from "../src/syntax/parseAsScanned.js";
import { newParseState } from "../src/syntax/parser.js";
import { CLEAN_CONDITIONS } from "./cleanConditions.js";

/**
 * A long filter is scanned a chunk (512 tokens) at a time as the parser
 * reaches it (parse.ts, parseAsScanned). It must build the tree that parsing
 * all the tokens builds, and fail exactly where that reports an error, for
 * filters whose groups, lists and mistakes fall across chunk boundaries.
 */
const limits = resolveLimits({ maxLength: 1 << 22, maxPredicates: 1 << 20, maxInValues: 2000, maxDepth: 32 });

function both(source: string): { streamed: unknown; scanned: unknown } {
  const index = new LineIndex(source);
  const streamed = parseAsScanned(source, newParseState(index, limits));
  let scanned: unknown;
  try {
    scanned = parseScanned(source, index, true, limits);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    scanned = FAILED;
  }
  return { streamed, scanned };
}

const clean = fc.constantFrom(...CLEAN_CONDITIONS);
const broken = fc.constantFrom("a = ", "b in (1,", "c between 1", "d #", '"open', "(e = 1", "f = 1)", "g < null");
const longList = fc.integer({ min: 1, max: 1500 }).map((n) => `id in (${Array.from({ length: n }, (_, i) => i).join(", ")})`);
const deep = fc.integer({ min: 1, max: 30 }).map((n) => `${"(".repeat(n)}x = ${n}${")".repeat(n)}`);
const term = fc.oneof({ weight: 12, arbitrary: clean }, { weight: 1, arbitrary: longList }, { weight: 2, arbitrary: deep });
// Half the filters are clean; the other half have one mistake somewhere.
const filter = fc
  .tuple(
    fc.array(fc.tuple(term, fc.constantFrom(" and ", " or ", " && ", "\n  and ")), { minLength: 150, maxLength: 500 }),
    fc.option(fc.tuple(broken, fc.nat()), { freq: 2 }),
  )
  .map(([parts, mistake]) => {
    const terms = parts.map(([t, j], i) => (i === 0 ? t : j + t));
    if (mistake !== null) terms[mistake[1] % terms.length] = ` and ${mistake[0]}`;
    return terms.join("");
  });

describe("parsing a long filter as it is scanned", () => {
  it("builds the tree of the whole-token parse, or fails exactly where that reports an error", () => {
    const outcomes = [0, 0];
    fc.assert(
      fc.property(filter, (source) => {
        const { streamed, scanned } = both(source);
        // Node's strict comparison first: vitest's toEqual, which says what differs, took most of this test's time.
        if (!isDeepStrictEqual(streamed, scanned)) expect(streamed).toEqual(scanned);
        outcomes[streamed === FAILED ? 1 : 0]++;
      }),
      { numRuns: 40 },
    );
    // Both outcomes are drawn, so neither path goes untested.
    expect(outcomes[0]).toBeGreaterThan(5);
    expect(outcomes[1]).toBeGreaterThan(5);
  });

  it("releases nothing the tree still needs: a group opened in the first chunk closes in the last", () => {
    const inner = Array.from({ length: 2000 }, (_, i) => `a${i} = ${i}`).join(" and ");
    const source = `not (${inner}) or z = "end"`;
    const { streamed, scanned } = both(source);
    expect(streamed).not.toBe(FAILED);
    expect(streamed).toEqual(scanned);
  });

  it.each([
    ["a scanning problem in a later chunk", `${Array.from({ length: 1000 }, (_, i) => `a${i} = ${i}`).join(" and ")} and b = #`],
    ["a syntax error in a later chunk", `${Array.from({ length: 1000 }, (_, i) => `a${i} = ${i}`).join(" and ")} and b = = 1`],
    ["a value problem in a later chunk", `${Array.from({ length: 1000 }, (_, i) => `a${i} = ${i}`).join(" and ")} and b < null`],
  ])("reports %s as the whole-token parse does", (_, source) => {
    expect(both(source).streamed).toBe(FAILED);
    let message = "";
    try {
      parse(source, limits);
    } catch (error) {
      message = (error as FilterError).diagnostics.map((d) => `${d.code} ${d.span.start.offset} ${d.message}`).join("\n");
    }
    expect(message).toMatch(/^E_/);
    expect(message).toMatch(/ 1[0-9]{4} /);
  });
});
