import { compileList, matches, parse } from "@itemfilter/core";
import { compileExpression } from "filtrex";
import { describe, expect, it } from "vitest";
import { PEERS } from "../src/candidates.mjs";
import { evaluators } from "../src/evaluation.mjs";
import { LARGE, SMALL, TYPICAL } from "../src/inputs.mjs";
import { generateItems } from "../src/items.mjs";
import { toMongo } from "../src/mongoQuery.mjs";
import { FILTREX_FUNCTIONS, toFiltrex, toJsep, toLiqe, toRsql, toScim } from "../src/peerSyntax.mjs";

// Correctness of the bench's inputs, not speed: every peer must parse what it is timed on.

const EVERY_OPERATOR =
  'a = 1 and b != "x" and c < 2 and d <= 3 and e > 4 and f >= 5 and g contains "y" and h notContains "z" and ' +
  'i beginsWith "p q" and j in (1, "two") and k between 1 and 2 and l is null and m is not null and not (n = 1) and (o = 1 or o = 2)';

describe("peer translations", () => {
  it.each([
    ["liqe", toLiqe, 'name:ab* AND score:>=3 AND (status:="a" OR status:="b") AND NOT tags:"x" AND age:[18 TO 65]'],
    ["scim", toScim, 'name sw "ab" and score ge 3 and (status eq "a" or status eq "b") and not (tags co "x") and (age ge 18 and age le 65)'],
    ["rsql", toRsql, "name==ab*;score>=3;status=in=(a,b);tags!=*x*;(age>=18;age<=65)"],
    ["jsep", toJsep, 'name.startsWith("ab") && score >= 3 && ["a", "b"].includes(status) && !tags.includes("x") && (age >= 18 && age <= 65)'],
    ["filtrex", toFiltrex, 'startsWith(name, "ab") and score >= 3 and status in ("a", "b") and not contains(tags, "x") and (age >= 18 and age <= 65)'],
  ])("%s gets the typical filter as %s", (_name, translate, expected) => {
    expect(translate(parse(TYPICAL))).toBe(expected);
  });

  it("rsql pushes not inward, as it has none", () => {
    expect(toRsql(parse('not (a = 1 or b in (2, 3)) and not (c between 1 and 2)'))).toBe("(a!=1;b=out=(2,3));(c<1,c>2)");
  });

  const inputs = { small: SMALL, typical: TYPICAL, large: LARGE, everyOperator: EVERY_OPERATOR };
  const cases = Object.entries(inputs).flatMap(([input, source]) => PEERS.map((peer) => [peer.name, input, source, peer] as const));
  it.each(cases)("%s parses its translation of %s", (_peer, _input, source, peer) => {
    expect(() => peer.run(peer.translate(parse(source)))).not.toThrow();
  });
});

describe("evaluators agree", () => {
  const items = generateItems(2000);
  const filters = compileList(TYPICAL);

  it("builds the Mongo query from the compiled filters", () => {
    expect(toMongo(filters)).toEqual({
      name: { $regex: /^ab/ },
      score: { $gte: 3 },
      status: { $in: ["a", "b"] },
      tags: { $not: /x/ },
      age: { $gte: 18, $lte: 65 },
    });
  });

  it("falls back to $and when one attribute repeats an operator", () => {
    expect(toMongo([{ item: "a", operator: "notEquals", value: 1 }, { item: "a", operator: "notEquals", value: 2 }])).toEqual({ $and: [{ a: { $ne: 1 } }, { a: { $ne: 2 } }] });
  });

  it("matches, sift, mingo and filtrex select the same 99 of 2,000 items", () => {
    const expected = items.filter((item) => matches(item, filters));
    expect(expected.length).toBe(99);
    for (const e of evaluators(filters).list) expect(items.filter(e.test)).toEqual(expected);
    const filtrex = compileExpression(toFiltrex(parse(TYPICAL)), { extraFunctions: FILTREX_FUNCTIONS });
    expect(items.filter((item) => filtrex(item) === true)).toEqual(expected);
  });
});

describe("plan ÷ compile inputs (issue 17)", () => {
  it("each plans (or is refused as too large), within the default limits, and one is the worst case", async () => {
    const { PLAN_COST_INPUTS } = await import("../src/planCost.mjs");
    const { plan } = await import("@itemfilter/core");
    expect(PLAN_COST_INPUTS.map((i: { name: string }) => i.name)).toEqual(["typical", "256 conjuncts", "200 equalities and two 16-way ors (issue 17)", "worst case: ors nested 15 deep"]);
    expect(PLAN_COST_INPUTS.filter((i: { worst?: boolean }) => i.worst === true)).toHaveLength(1);
    for (const { text, worst } of PLAN_COST_INPUTS as { text: string; worst?: boolean }[]) {
      if (worst === true) expect(() => plan(text)).toThrow(/more than 16 requests/);
      else expect(plan(text).requests.length).toBeGreaterThan(0);
    }
  });
});

describe("the explain figure measures a match", () => {
  it("the typical filter matches its item, and explainMatch says so", async () => {
    const { explainMatch, evaluate } = await import("@itemfilter/core");
    const { MATCHING_ITEM } = await import("../src/explainBench.mjs");
    expect(evaluate(TYPICAL, MATCHING_ITEM)).toBe(true);
    expect(explainMatch(TYPICAL, MATCHING_ITEM).matched).toBe(true);
  });
});
