import { beforeAll, describe, expect, it } from "vitest";
import { chevrotainStubs } from "../scripts/chevrotainStubs.mjs";
import { liveParser, lookaheadPaths } from "../scripts/recordedGrammar.mjs";

/**
 * The shipped parser does not record its grammar: it rebuilds the grammar
 * that chevrotain recorded at build time (scripts/recordedGrammar.mjs). Here
 * the parser built with the bundle's stubs and the one built with all of
 * chevrotain must hold the same grammar, production by production, and what
 * chevrotain derives from it: the follows recovery resyncs at, a
 * lookahead function at every decision, and the lookahead paths the shipped
 * parser reads from its record (for those functions and for error messages).
 */
type Parser = {
  getGAstProductions(): Record<string, object>;
  tokensMap: Record<string, { name: string }>;
  resyncFollows: Record<string, { name: string }[]>;
  lookAheadFuncsCache: unknown[][];
  definedRulesNames: string[];
};
type Built = { parser: Parser; kinds: Record<string, new (...args: never[]) => unknown>; getLookaheadPaths: unknown };

let live: Built;
let shipped: Built;
beforeAll(async () => {
  live = (await liveParser()) as Built;
  const stubs = chevrotainStubs();
  shipped = (await liveParser([stubs.plugin])) as Built;
  stubs.check();
}, 60_000);

/** A production as plain data: its kind (by class), its own properties, token types and rules by name and whether they are the parser's own. */
function described(built: Built, node: object): unknown {
  const { parser, kinds } = built;
  const kind = Object.keys(kinds).find((k) => Object.getPrototypeOf(node) === kinds[k]!.prototype) ?? "unknown";
  const out: Record<string, unknown> = { kind };
  for (const [key, value] of Object.entries(node)) {
    if (key === "_definition") continue;
    if (key === "terminalType") out[key] = { name: (value as { name: string }).name, own: parser.tokensMap[(value as { name: string }).name] === value };
    else if (key === "referencedRule") out[key] = { name: (value as { name: string }).name, own: parser.getGAstProductions()[(value as { name: string }).name] === value };
    else out[key] = value;
  }
  if (kind !== "Terminal" && kind !== "NonTerminal") out.definition = (node as { definition: object[] }).definition.map((child) => described(built, child));
  return out;
}

function grammar(built: Built): unknown {
  return Object.entries(built.parser.getGAstProductions()).map(([name, rule]) => [name, described(built, rule)]);
}

describe("the grammar the bundle rebuilds", () => {
  it("is the grammar chevrotain records, production by production", () => {
    expect(grammar(shipped)).toEqual(grammar(live));
    expect(JSON.stringify(grammar(live))).not.toContain('"own":false');
    expect(shipped.parser.definedRulesNames).toEqual(live.parser.definedRulesNames);
  });

  it("gives the same follows for recovery", () => {
    const follows = (p: Parser) => Object.entries(p.resyncFollows).map(([key, types]) => [key, types.map((t) => t.name)]);
    expect(follows(shipped.parser)).toEqual(follows(live.parser));
    expect(follows(live.parser).length).toBeGreaterThan(0);
  });

  it("gives a lookahead function at the same decisions", () => {
    const decisions = (p: Parser) => p.lookAheadFuncsCache.map((rule) => Object.keys(rule ?? []));
    expect(decisions(shipped.parser)).toEqual(decisions(live.parser));
  });

  // Built by the same builder, down the same branch (with or without predicates, one token or more): the same source.
  it("gives the same kind of lookahead function at every decision", () => {
    const functions = (p: Parser) => p.lookAheadFuncsCache.map((rule) => Object.entries(rule ?? []).map(([key, f]) => [key, String(f)]));
    expect(functions(shipped.parser)).toEqual(functions(live.parser));
  });

  it("gives the same lookahead paths at every decision, at the production's depth and the parser's", () => {
    const paths = (built: Built) =>
      Object.values(built.parser.getGAstProductions()).map((rule) => [
        (rule as { name: string }).name,
        lookaheadPaths(built, rule).map(({ key, paths: alts }) => [key, alts.map((alt) => alt.map((path) => path.map((t) => t.name)))]),
      ]);
    expect(paths(shipped)).toEqual(paths(live));
    // Every rule of this grammar has a decision; the record is not empty.
    expect(paths(live).every(([, decisions]) => decisions!.length > 0)).toBe(true);
  });
});
