import { build as esbuild, type Metafile } from "esbuild";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";

// The test page of test/browser/clientApp: @itemfilter/client's built package
// (dist/, so run `pnpm build` first) bundled for the browser by esbuild or by
// Vite, served, and opened in Chromium.

const appDir = fileURLToPath(new URL("./clientApp/", import.meta.url));
const playgroundDir = fileURLToPath(new URL("../../packages/playground/", import.meta.url));

/** What these tests use of Vite (not a dependency of the tests' own tsconfig, so typed here). */
interface ViteLogger {
  warn(msg: string): void;
  warnOnce(msg: string): void;
  error(msg: string): void;
}
interface ViteApi {
  createLogger(level: "warn"): ViteLogger;
  build(config: Record<string, unknown>): Promise<unknown>;
}

export interface Bundle {
  js: string;
  warnings: string[];
  inputs: string[];
}

export async function bundleWithEsbuild(): Promise<Bundle> {
  const result = await esbuild({ entryPoints: [join(appDir, "main.ts")], bundle: true, platform: "browser", format: "esm", write: false, metafile: true, logLevel: "silent" });
  return {
    js: result.outputFiles[0]!.text,
    warnings: [...result.errors, ...result.warnings].map((m) => m.text),
    inputs: Object.keys((result.metafile as Metafile).inputs),
  };
}

export async function bundleWithVite(): Promise<Bundle> {
  // Vite is the playground's devDependency; loaded from there, as that package would.
  const vite = (await import(pathToFileURL(createRequire(join(playgroundDir, "package.json")).resolve("vite")).href)) as ViteApi;
  const warnings: string[] = [];
  const logger = vite.createLogger("warn");
  const keep = (msg: string): void => void warnings.push(msg);
  logger.warn = keep;
  logger.warnOnce = keep;
  logger.error = keep;
  const outDir = mkdtempSync(join(tmpdir(), "itemfilter-vite-"));
  try {
    const output = (await vite.build({
      root: appDir,
      configFile: false,
      logLevel: "warn",
      customLogger: logger,
      build: { outDir, emptyOutDir: true, write: true, modulePreload: { polyfill: false }, rollupOptions: { onwarn: (warning: { message: string }) => void warnings.push(warning.message) } },
    })) as { output: { type: string; fileName: string; code?: string; isEntry?: boolean; moduleIds?: string[] }[] } | { output: unknown[] }[];
    const chunks = (Array.isArray(output) ? output[0]! : output).output as { type: string; fileName: string; code?: string; isEntry?: boolean; moduleIds?: string[] }[];
    const entry = chunks.find((c) => c.type === "chunk" && c.isEntry === true)!;
    const files = readdirSync(join(outDir, "assets"));
    expect(files.some((f) => f.endsWith(".js"))).toBe(true);
    return { js: entry.code!, warnings, inputs: entry.moduleIds ?? [] };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Serves the page (`/<name>/`) with each bundle as its script, on the emulator's own origin. */
export function pageServer(bundles: Map<string, string>): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    req.resume();
    const [, name, file] = /^\/([a-z]+)\/(app\.js)?$/.exec(req.url ?? "") ?? [];
    const js = name === undefined ? undefined : bundles.get(name);
    if (js === undefined) {
      res.writeHead(404).end();
      return;
    }
    if (file === undefined) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html><html><head><meta charset="utf-8"><title>client</title><link rel="icon" href="data:,"><script type="module" src="/${name}/app.js"></script></head><body></body></html>`);
      return;
    }
    res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8" }).end(js);
  };
}

/** Opens the page of one bundle; fails the test on any console error or page error. */
export async function openApp(browser: Browser, origin: string, bundler: string): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => (m.type() === "error" || m.type() === "warning" ? problems.push(`console.${m.type()}: ${m.text()}`) : undefined));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${origin}/${bundler}/`);
  // The page's body is empty, so never "visible": wait for the flag itself.
  await page.waitForSelector("body[data-ready=true]", { state: "attached" });
  return { page, problems, close: () => context.close() };
}

