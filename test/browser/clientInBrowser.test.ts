import { evaluate } from "@itemfilter/core";
import { createEmulator, type Emulator } from "@itemfilter/emulator";
import { build as esbuild, type Metafile } from "esbuild";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, type LaunchedBrowser } from "./chromium.js";
import type { ClientApp, Credentials, Failure, Found } from "./clientApp/main.js";

// @itemfilter/client as a web page gets it: the built package (dist/, so run
// `pnpm build` first), bundled for the browser by esbuild and by Vite, in
// headless Chromium, against the emulator serving the page on its own origin.

type Item = Record<string, unknown>;
const appDir = fileURLToPath(new URL("./clientApp/", import.meta.url));
const playgroundDir = fileURLToPath(new URL("../../packages/playground/", import.meta.url));
const demo = JSON.parse(readFileSync(new URL("../../packages/cli/demo/demo.json", import.meta.url), "utf8")) as { tables: Record<string, { primaryKey: string; items: Item[] }> };
const users = demo.tables.users!.items;
const CREDENTIALS: Credentials = { applicationKey: "page-app-key", authenticationToken: "page-secret-token-7f3a" };
const tables = { users: { primaryKey: "id", items: users } };

/** What this test uses of Vite (not a dependency of the tests' own tsconfig, so typed here). */
interface ViteLogger {
  warn(msg: string): void;
  warnOnce(msg: string): void;
  error(msg: string): void;
}
interface ViteApi {
  createLogger(level: "warn"): ViteLogger;
  build(config: Record<string, unknown>): Promise<unknown>;
}

interface Bundle {
  js: string;
  warnings: string[];
  inputs: string[];
}

async function bundleWithEsbuild(): Promise<Bundle> {
  const result = await esbuild({ entryPoints: [join(appDir, "main.ts")], bundle: true, platform: "browser", format: "esm", write: false, metafile: true, logLevel: "silent" });
  return {
    js: result.outputFiles[0]!.text,
    warnings: [...result.errors, ...result.warnings].map((m) => m.text),
    inputs: Object.keys((result.metafile as Metafile).inputs),
  };
}

async function bundleWithVite(): Promise<Bundle> {
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
function pageServer(bundles: Map<string, string>): (req: IncomingMessage, res: ServerResponse) => void {
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

let chromium: LaunchedBrowser;
let emulator: Emulator;
let baseUrl: string;
let scripts: Map<string, string>;
const built = new Map<string, Bundle>();

beforeAll(async () => {
  chromium = await launchChromium();
  built.set("esbuild", await bundleWithEsbuild());
  built.set("vite", await bundleWithVite());
  scripts = new Map([...built].map(([name, bundle]) => [name, bundle.js]));
  // Small pages, so each request of a plan takes several.
  emulator = createEmulator({ tables, credentials: [CREDENTIALS], pageSize: 4 });
  baseUrl = await emulator.start({ fallback: pageServer(scripts) });
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await emulator?.stop();
});

/** Opens the page of one bundle; fails the test on any console error or page error. */
async function openApp(origin: string, bundler: string): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const context = await chromium.browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => (m.type() === "error" || m.type() === "warning" ? problems.push(`console.${m.type()}: ${m.text()}`) : undefined));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${origin}/${bundler}/`);
  // The page's body is empty, so never "visible": wait for the flag itself.
  await page.waitForSelector("body[data-ready=true]", { state: "attached" });
  return { page, problems, close: () => context.close() };
}

const app = (page: Page) => ({
  find: (params: Parameters<ClientApp["find"]>[1]): Promise<Found> => page.evaluate(([c, p]) => (window as unknown as { clientApp: ClientApp }).clientApp.find(c, p), [CREDENTIALS, params] as const),
  list: (credentials: Credentials, filter: string, baseUrl?: string): Promise<Found | Failure> =>
    page.evaluate(([c, f, u]) => (window as unknown as { clientApp: ClientApp }).clientApp.list(c, "users", f, u), [credentials, filter, baseUrl] as const),
});

const ids = (items: Item[]): string[] => items.map((item) => item.id as string);

describe.each(["esbuild", "vite"])("the client bundled by %s", (bundler) => {
  it("bundles for the browser with no error and no warning, and takes the browser modules, no Node ones", () => {
    const bundle = built.get(bundler)!;
    expect(bundle.warnings).toEqual([]);
    const client = bundle.inputs.filter((path) => path.includes("packages/client/"));
    expect(client.some((path) => path.endsWith("dist/digest.browser.js"))).toBe(true);
    expect(client.some((path) => path.endsWith("dist/defaultFetch.browser.js"))).toBe(true);
    expect(client.filter((path) => /dist\/(digest|defaultFetch)\.js$/.test(path))).toEqual([]);
    expect(bundle.inputs.filter((path) => /node-fetch|^node:|\bnode:/.test(path))).toEqual([]);
    expect(bundle.js).not.toMatch(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']node:/);
  });

  it("runs findAll of an `or` across attributes against the emulator: exactly the items evaluate selects, each once", async () => {
    const opened = await openApp(baseUrl, bundler);
    try {
      const filter = 'age < 25 or plan = "pro"';
      const expected = users.filter((item) => evaluate(filter, item));
      // The two requests overlap, so duplicates must be dropped: by the whole item (the page's SHA-256) without keys, by the key with them.
      expect(expected.length).toBeLessThan(users.filter((i) => evaluate("age < 25", i)).length + users.filter((i) => evaluate('plan = "pro"', i)).length);
      for (const keys of [undefined, { primary: "id" }]) {
        const found = await app(opened.page).find({ table: "users", filter, ...(keys === undefined ? {} : { keys }) });
        expect(ids(found.items).sort()).toEqual(ids(expected).sort());
        expect(found.items).toEqual(expect.arrayContaining(expected));
        expect(found.outcome).toMatchObject({ truncated: false, limitReached: false, requests: 2, matched: expected.length });
        expect((found.outcome as { pages: number }).pages).toBeGreaterThan(2);
      }
      expect(opened.problems).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it("keeps its limits, retries and typed, redacted errors in the page", async () => {
    const opened = await openApp(baseUrl, bundler);
    try {
      const truncated = await app(opened.page).find({ table: "users", filter: 'age < 25 or plan = "pro"', maxPages: 2, onMaxPages: "stop" });
      expect(truncated.outcome).toMatchObject({ truncated: true, pages: 2 });
      const refused = (await app(opened.page).list({ ...CREDENTIALS, authenticationToken: "wrong-secret-token-9c1d" }, "age < 25")) as Failure;
      expect(refused).toMatchObject({ name: "ServiceError", code: "E_SERVICE", operation: "listItems", attempts: 1 });
      expect(`${refused.message}\n${refused.stack}`).not.toContain("wrong-secret-token-9c1d");
    } finally {
      await opened.close();
    }
    // Another origin, without CORS: the browser refuses the answer, and the error says where to look.
    const other = createEmulator({ tables, credentials: [CREDENTIALS] });
    const otherUrl = await other.start();
    const crossOrigin = await openApp(baseUrl, bundler);
    try {
      const refusedByCors = (await app(crossOrigin.page).list(CREDENTIALS, "age < 25", otherUrl)) as Failure;
      expect(refusedByCors).toMatchObject({ name: "NetworkError", code: "E_NETWORK", operation: "listItems", attempts: 3 });
      expect(refusedByCors.message).toBe(
        "listItems: network error: Failed to fetch: the service did not answer, or it does not allow this page's origin (CORS); the browser's console says which (after 3 attempts)",
      );
      expect(crossOrigin.problems.every((p) => p.includes("CORS policy") || p.includes("Failed to load resource"))).toBe(true);
    } finally {
      await crossOrigin.close();
      await other.stop();
    }
    // Its first two requests fail with 503: the client in the page must retry them.
    const flaky = createEmulator({ tables, credentials: [CREDENTIALS], pageSize: 100, hooks: { failures: { count: 2, status: 503 } } });
    const retried = await openApp(await flaky.start({ fallback: pageServer(scripts) }), bundler);
    try {
      const found = (await app(retried.page).list(CREDENTIALS, "age < 25")) as Found;
      expect(ids(found.items).sort()).toEqual(ids(users.filter((i) => evaluate("age < 25", i))).sort());
      // Two 503s retried, then the one page.
      expect(flaky.requestCount).toBe(3);
      expect(retried.problems.filter((p) => !p.includes("503"))).toEqual([]);
    } finally {
      await retried.close();
      await flaky.stop();
    }
  });
});
