import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BENCH_DIR = fileURLToPath(new URL("..", import.meta.url));

/**
 * The apps bundled, each an entry that imports from node_modules the way an
 * app would, so the core's exports map and `sideEffects` decide what ships.
 */
const APPS = {
  core: 'export * from "@itemfilter/core";',
  compileOnly: 'export { compileList, compileQuery, formatDiagnostics } from "@itemfilter/core";',
  chevrotain: 'export * from "chevrotain";',
};

/** Bundles one app the way a browser app would ship it; returns minified and gzipped sizes and the biggest inputs. */
async function measure(contents) {
  const result = await build({
    stdin: { contents, resolveDir: BENCH_DIR, sourcefile: "app.mjs", loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  const output = Object.values(result.metafile.outputs)[0];
  const top = Object.entries(output.inputs)
    .map(([path, v]) => ({ path: path.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, "").replace(/^(\.\.\/)+/, ""), bytes: v.bytesInOutput }))
    .filter((t) => t.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8);
  // Minified bytes that come from the core's own modules rather than its dependencies.
  const own = Object.entries(output.inputs)
    .filter(([path]) => path.includes("core/dist/"))
    .reduce((sum, [, v]) => sum + v.bytesInOutput, 0);
  return { entry: contents, minified: code.length, gzip: gzipSync(code, { level: 9 }).length, ownMinified: own, top };
}

export async function benchBundleSize() {
  try {
    const core = await measure(APPS.core);
    const compileOnly = await measure(APPS.compileOnly);
    const chevrotain = { ...(await measure(APPS.chevrotain)), version: chevrotainVersion() };
    return {
      na: null,
      core,
      compileOnly,
      chevrotain,
      ratio: core.gzip / chevrotain.gzip,
      compileOnlyRatio: compileOnly.gzip / chevrotain.gzip,
      minifiedRatio: core.minified / chevrotain.minified,
    };
  } catch (e) {
    return { na: `esbuild could not bundle: ${String(e?.message ?? e).split("\n").slice(0, 2).join(" ")}` };
  }
}

/** The chevrotain the bench measures is its own dependency, pinned to the version the core bundles. */
function chevrotainVersion() {
  const main = new URL(import.meta.resolve("chevrotain"));
  return JSON.parse(readFileSync(new URL("../../package.json", main), "utf8")).version;
}
