import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileList } from "../src/compile/compileList.js";
import { parse } from "../src/schema/parse.js";
import { tokenize } from "../src/assist/tokenize.js";
import { giveBack, lexReused } from "../src/scan/reusedTokens.js";

/**
 * A whole-filter parse refills the Token objects of the last one
 * (src/scan/reusedTokens.ts). No token may outlive its parse: a tree, an
 * error or a token list read after the next parse must be what it was. The
 * expected answers are taken while the tokens are lent (lexReused then
 * gives new ones), so they are what a parse with new tokens gives.
 */
type Outcome = { ok: unknown } | { error: unknown };

function outcome(run: () => unknown): Outcome {
  try {
    return { ok: JSON.parse(JSON.stringify(run())) };
  } catch (error) {
    return { error: JSON.parse(JSON.stringify({ name: (error as Error).name, message: (error as Error).message, ...(error as object) })) };
  }
}

/** What each text gives: a located parse, an unlocated compile (which parses again, located, on error), and tokenize. */
function answers(text: string): Outcome[] {
  return [outcome(() => parse(text)), outcome(() => compileList(text)), outcome(() => compileList(text, { maxPredicates: 2 })), outcome(() => tokenize(text))];
}

function fresh(texts: readonly string[]): Outcome[][] {
  const loan = lexReused("held");
  try {
    return texts.map(answers);
  } finally {
    giveBack(loan.tokens);
  }
}

const TEXTS = [
  'name beginsWith "ab" and score >= 3 and status in ("a","b") and tags notContains "x" and age between 18 and 65',
  "a = 1",
  "a = = 1 b (",
  'a in (1, "x"',
  "(((a = 1",
  "x.y[2] >= -2.5e3 or not (z is not null)",
  "",
  "a = 1 and b = 2 and c = 3",
  "`q r` contains 'it''s' and d = $p",
  "a < true and b between 5 and 1",
];

describe("tokens reused from parse to parse", () => {
  it("leave every answer as new tokens give it, whatever was parsed before", () => {
    const expected = fresh(TEXTS);
    // Each text after every other one: longer and shorter, clean and broken, thrown out of the parse by a limit.
    for (const before of TEXTS) {
      for (let i = 0; i < TEXTS.length; i++) {
        answers(before);
        expect(answers(TEXTS[i]!), `${JSON.stringify(TEXTS[i])} after ${JSON.stringify(before)}`).toEqual(expected[i]);
      }
    }
  });

  it("leave what an earlier parse returned as it was", () => {
    const clean = [TEXTS[0]!, "a = 1", "x.y[2] >= -2.5e3 or not (z is not null)", "`q r` contains 'its' and d = $p"];
    const kept = clean.map((t) => parse(t));
    const before = JSON.stringify(kept);
    for (const t of TEXTS) answers(t);
    expect(JSON.stringify(kept)).toBe(before);
  });

  it("are lent to one parse at a time: a second loan gets new tokens, and the first keeps its own", () => {
    const first = lexReused("a = 1 and b = 2");
    const images = first.tokens.map((t) => t.image);
    const second = lexReused("c = 3");
    expect(second.tokens).not.toBe(first.tokens);
    expect(first.tokens.map((t) => t.image)).toEqual(images);
    giveBack(second.tokens);
    giveBack(first.tokens);
    expect(lexReused("d = 4").tokens).toBe(first.tokens);
    giveBack(first.tokens);
  });

  it("leave drawn sequences of filters answered as new tokens answer them", () => {
    const piece = fc.constantFrom(...TEXTS, "a", "(", ")", "b in [1, 2, 3]", "c != 'x'", " and ", " or ", "#", "1e400", "size(a) > 2");
    const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(" "));
    fc.assert(
      fc.property(fc.array(text, { minLength: 2, maxLength: 6 }), (texts) => {
        const expected = fresh(texts);
        expect(texts.map(answers)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
