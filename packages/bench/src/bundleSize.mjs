import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const CORE_ENTRY = fileURLToPath(new URL("../../core/dist/index.js", import.meta.url));
const CHEVROTAIN_ENTRY = fileURLToPath(import.meta.resolve("chevrotain"));

/** Bundles one entry the way a browser app would ship it; returns minified and gzipped sizes and the biggest inputs. */
async function measure(entry) {
  const result = await build({
    entryPoints: [entry],
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
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8);
  // Minified bytes that come from the core's own modules rather than its dependencies.
  const own = Object.entries(output.inputs)
    .filter(([path]) => path.includes("core/dist/"))
    .reduce((sum, [, v]) => sum + v.bytesInOutput, 0);
  return { entry, minified: code.length, gzip: gzipSync(code, { level: 9 }).length, ownMinified: own, top };
}

export async function benchBundleSize() {
  try {
    const core = await measure(CORE_ENTRY);
    const chevrotain = await measure(CHEVROTAIN_ENTRY);
    return { na: null, core, chevrotain, ratio: core.gzip / chevrotain.gzip, minifiedRatio: core.minified / chevrotain.minified };
  } catch (e) {
    return { na: `esbuild could not bundle: ${String(e?.message ?? e).split("\n").slice(0, 2).join(" ")}` };
  }
}
