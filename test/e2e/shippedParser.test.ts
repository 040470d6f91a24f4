import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as source from "../../packages/core/src/index.js";
import { treeArb } from "../property/astArbitraries.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * The shipped core (dist/bundle.js) parses with the parts of chevrotain its
 * build keeps (packages/core/scripts/chevrotainStubs.mjs and recordedGrammar.mjs
 * cut, stub and rewrite the rest); the sources run all of chevrotain. Both
 * must answer every golden input alike, clean or broken: the same filters,
 * the same diagnostics (recovery included), the same tokens and suggestions.
 */
const shipped = (await import(new URL("../../packages/core/dist/bundle.js", import.meta.url).href)) as typeof source;

const texts = new Set<string>();
const collect = (value: unknown): void => {
  if (typeof value === "string") texts.add(value);
  else if (Array.isArray(value)) value.forEach(collect);
  else if (typeof value === "object" && value !== null) Object.values(value).forEach(collect);
};
const golden = new URL("../golden/", import.meta.url);
for (const file of readdirSync(golden)) collect(JSON.parse(readFileSync(new URL(file, golden), "utf8")));

const NOW = Date.UTC(2026, 10, 29, 12);
const answer = (run: () => unknown): string => {
  try {
    return JSON.stringify(run());
  } catch (error) {
    return `${(error as Error).name}: ${JSON.stringify((error as { diagnostics?: unknown }).diagnostics ?? (error as Error).message)}`;
  }
};

describe("the shipped core's parser", () => {
  it.each([
    ["compileList", (core: typeof source, text: string) => core.compileList(text, { now: NOW })],
    ["compileQuery", (core: typeof source, text: string) => core.compileQuery(text, { now: NOW })],
    ["format", (core: typeof source, text: string) => core.format(text)],
    ["tokenize", (core: typeof source, text: string) => core.tokenize(text)],
    ["suggest", (core: typeof source, text: string) => core.suggest(text, text.length)],
  ])("answers %s as the sources do, for every golden input", (_, run) => {
    expect(texts.size).toBeGreaterThan(1000);
    const differing = [...texts].filter((text) => answer(() => run(shipped, text)) !== answer(() => run(source, text)));
    expect(differing).toEqual([]);
  });

  // Beyond the golden inputs: what people type, half-typed and broken, and hostile text, where recovery decides the answer.
  const words = fc.constantFrom("a", "b.c", "`q r`", "=", "!=", ">", "<=", "contains", "beginsWith", "in", "between", "and", "or", "not", "&&", "||", "!", "(", ")", "[", "]", ",", "1", "-2.5e3", '"x"', "'y", "is", "null", "size(", "fold(", "now", "$p", "#", ":");
  const sentence = fc.array(words, { maxLength: 12 }).map((w) => w.join(" "));
  const mutated = fc.tuple(treeArb, fc.nat(), fc.nat({ max: 3 }), fc.constantFrom("", "(", ")", '"', " and", "=", ",")).map(([tree, at, cut, insert]) => {
    const text = source.format(tree);
    const i = at % (text.length + 1);
    return text.slice(0, i) + insert + text.slice(i + cut);
  });
  const hostile = fc.string({ unit: "binary", maxLength: 40 });
  it("answers as the sources do for typed, half-typed, broken and hostile text", () => {
    fc.assert(
      fc.property(fc.oneof(sentence, mutated, hostile), (text) => {
        for (const run of [(core: typeof source) => core.compileList(text, { now: NOW }), (core: typeof source) => core.tokenize(text), (core: typeof source) => core.suggest(text, text.length)]) {
          const a = answer(() => run(shipped));
          const b = answer(() => run(source));
          if (a !== b) expect({ text, shipped: a }).toEqual({ text, shipped: b });
        }
      }),
      { numRuns: propertyRuns(1500) },
    );
  });
});

