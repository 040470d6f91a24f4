import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SIMPLE_FOLDING } from "../../packages/core/src/values/caseFoldingTable.js";

/**
 * The published core is split so that what needs no parser ships apart from
 * it (packages/core/scripts/bundle.mjs). An app that imports only those,
 * bundled from node_modules as an app bundles it (the built dist/, not the
 * sources), carries none of the parser. Sizes are a bench figure (6c); this
 * checks what is inside.
 */
const app = fileURLToPath(new URL("../../packages/bench/", import.meta.url));

async function inputsOf(contents: string): Promise<string[]> {
  const result = await build({ stdin: { contents, resolveDir: app, sourcefile: "app.mjs", loader: "js" }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, metafile: true, logLevel: "silent" });
  expect(result.warnings).toEqual([]);
  const output = Object.values(result.metafile.outputs)[0]!;
  return Object.entries(output.inputs)
    .filter(([, v]) => v.bytesInOutput > 0)
    .map(([path]) => path.replace(/^.*packages\/core\//, "core/"));
}

async function textOf(contents: string): Promise<string> {
  const result = await build({ stdin: { contents, resolveDir: app, sourcefile: "app.mjs", loader: "js" }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent" });
  return result.outputFiles[0]!.text;
}

describe("an app that imports only what needs no parser", () => {
  it.each(["matches", "prepareFilter", "validateListFilter", "validateQueryFilter", "OPERATORS", "formatDiagnostics"])("carries no parser when it imports only %s", async (name) => {
    const inputs = await inputsOf(`export { ${name} } from "@itemfilter/core";`);
    expect(inputs.some((i) => i.endsWith("core/dist/parser.js"))).toBe(false);
    expect(inputs.some((i) => i.includes("core/dist/"))).toBe(true);
  });

  // Issue 43: foldCase's table (about 1.1 KB gzipped) ships only to apps that fold.
  it.each([
    ["matches", false],
    ["validateListFilter", false],
    ["foldCase", true],
  ])("carries the case-folding table when it imports %s: %s", async (name, carries) => {
    expect((await textOf(`export { ${name} } from "@itemfilter/core";`)).includes(SIMPLE_FOLDING.slice(0, 40))).toBe(carries);
  });

  it("carries the parser when it compiles", async () => {
    const inputs = await inputsOf('export { compileList } from "@itemfilter/core";');
    expect(inputs).toContain("core/dist/parser.js");
  });
});
