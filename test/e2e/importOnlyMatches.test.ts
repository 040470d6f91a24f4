import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

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

describe("an app that imports only what needs no parser", () => {
  it.each(["matches", "prepareFilter", "validateListFilter", "validateQueryFilter", "OPERATORS", "formatDiagnostics"])("carries no parser when it imports only %s", async (name) => {
    const inputs = await inputsOf(`export { ${name} } from "@itemfilter/core";`);
    expect(inputs.some((i) => i.endsWith("core/dist/parser.js"))).toBe(false);
    expect(inputs.some((i) => i.includes("core/dist/"))).toBe(true);
  });

  it("carries the parser when it compiles", async () => {
    const inputs = await inputsOf('export { compileList } from "@itemfilter/core";');
    expect(inputs).toContain("core/dist/parser.js");
  });
});
