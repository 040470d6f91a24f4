import { build } from "esbuild";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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
  matchesOnly: 'export { matches } from "@itemfilter/core";',
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

/**
 * The same app bundled by Vite (its production build, minified, as a library
 * entry so nothing is added around it); warnings are collected, since the
 * figure's target is "no bundler warning" too.
 */
async function measureVite(contents) {
  const { build: viteBuild, createLogger, version } = await import("vite");
  // Inside the bench package, so the app resolves @itemfilter/core from node_modules as an app would.
  const dir = mkdtempSync(join(BENCH_DIR, ".vite-app-"));
  try {
    writeFileSync(join(dir, "app.mjs"), `${contents}\n`);
    const warnings = [];
    const logger = createLogger("warn", { allowClearScreen: false });
    logger.warn = (message) => warnings.push(message);
    logger.warnOnce = (message) => warnings.push(message);
    const out = await viteBuild({
      root: dir,
      configFile: false,
      logLevel: "warn",
      customLogger: logger,
      build: { write: false, minify: true, lib: { entry: join(dir, "app.mjs"), formats: ["es"], fileName: "app" }, rollupOptions: { onwarn: (w) => warnings.push(String(w.message ?? w)) } },
    });
    const code = Buffer.from((Array.isArray(out) ? out[0] : out).output[0].code);
    return { entry: contents, bundler: `vite ${version}`, minified: code.length, gzip: gzipSync(code, { level: 9 }).length, warnings };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchBundleSize() {
  try {
    const core = await measure(APPS.core);
    const compileOnly = await measure(APPS.compileOnly);
    const matchesOnly = { esbuild: await measure(APPS.matchesOnly), vite: await measureVite(APPS.matchesOnly) };
    const chevrotain = { ...(await measure(APPS.chevrotain)), version: chevrotainVersion() };
    return {
      na: null,
      core,
      compileOnly,
      matchesOnly,
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
