import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as source from "../../packages/core/src/index.js";

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
});
