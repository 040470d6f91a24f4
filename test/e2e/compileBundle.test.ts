import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * What an app that compiles carries of chevrotain: the parts its parser runs,
 * without what it never runs (packages/core/scripts/chevrotainStubs.mjs). Bundled
 * from node_modules as an app bundles the core (the built dist/). Sizes are a
 * bench figure (6b); this checks what is inside.
 */
const app = fileURLToPath(new URL("../../packages/bench/", import.meta.url));

async function textOf(contents: string): Promise<string> {
  const result = await build({ stdin: { contents, resolveDir: app, sourcefile: "app.mjs", loader: "js" }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent" });
  expect(result.warnings).toEqual([]);
  return result.outputFiles[0]!.text;
}

describe("an app that compiles", () => {
  // Checks for misuses of chevrotain's API that the core's parser never makes.
  it.each([
    "The <ignoredIssues> IParserConfig property",
    "The Parser's configuration can no longer contain",
    "A Token Vocabulary cannot be empty",
    "The Parser constructor no longer accepts a token vector",
    "may not be defined after the 'performSelfAnalysis' method",
    "Missing <performSelfAnalysis> invocation",
    "The **static** `performSelfAnalysis` method has been deprecated",
    "<tokensDictionary> argument must be",
    "The parent property is no longer supported",
  ])("carries no check that throws %j", async (message) => {
    const text = await textOf('export { compileList, compileQuery, formatDiagnostics } from "@itemfilter/core";');
    expect(text).toContain("compileList");
    expect(text.includes(message)).toBe(false);
  });

  // Options and enum members the core never uses: createToken's lexer options, the grammar validations' error types.
  it.each(["start_chars_hint", "push_mode", "line_breaks", "INVALID_RULE_OVERRIDE", "AMBIGUOUS_PREFIX_ALTS"])("carries no %s", async (word) => {
    expect((await textOf('export { compileList } from "@itemfilter/core";')).includes(word)).toBe(false);
  });

  // The operators' descriptions (content assist's and the reference's) ship only to apps that read them.
  it.each([
    ['export { compileList, compileQuery, formatDiagnostics } from "@itemfilter/core";', false],
    ['export { matches } from "@itemfilter/core";', false],
    ['export { OPERATORS } from "@itemfilter/core";', true],
    ['export { operatorInfo } from "@itemfilter/core";', true],
    ['export { suggest } from "@itemfilter/core";', true],
  ])("%s carries the operators' descriptions: %s", async (entry, carries) => {
    const text = await textOf(entry);
    expect(text.includes("present, of the same type, and equal")).toBe(carries);
    expect(text.includes("email is not null")).toBe(carries);
  });
});

