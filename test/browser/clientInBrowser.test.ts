import { evaluate } from "@itemfilter/core";
import { createEmulator, type Emulator } from "@itemfilter/emulator";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, type LaunchedBrowser } from "./chromium.js";
import type { ClientApp, Credentials, Failure, Found } from "./clientApp/main.js";
import { bundleWithEsbuild, bundleWithVite, openApp, pageServer, type Bundle } from "./clientPage.js";

// @itemfilter/client as a web page gets it: the built package (dist/, so run
// `pnpm build` first), bundled for the browser by esbuild and by Vite, in
// headless Chromium, against the emulator serving the page on its own origin.

type Item = Record<string, unknown>;
const demo = JSON.parse(readFileSync(new URL("../../packages/cli/demo/demo.json", import.meta.url), "utf8")) as { tables: Record<string, { primaryKey: string; items: Item[] }> };
const users = demo.tables.users!.items;
const CREDENTIALS: Credentials = { applicationKey: "page-app-key", authenticationToken: "page-secret-token-7f3a" };
const tables = { users: { primaryKey: "id", items: users } };

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
    const opened = await openApp(chromium.browser, baseUrl, bundler);
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
    const opened = await openApp(chromium.browser, baseUrl, bundler);
    try {
      const truncated = await app(opened.page).find({ table: "users", filter: 'age < 25 or plan = "pro"', maxPages: 2, onMaxPages: "stop" });
      expect(truncated.outcome).toMatchObject({ truncated: true, pages: 2 });
      const refused = (await app(opened.page).list({ ...CREDENTIALS, authenticationToken: "wrong-secret-token-9c1d" }, "age < 25")) as Failure;
      expect(refused).toMatchObject({ name: "ServiceError", code: "E_SERVICE", operation: "listItems", attempts: 1 });
      expect(`${refused.message}\n${refused.stack}`).not.toContain("wrong-secret-token-9c1d");
    } finally {
      await opened.close();
    }
    // Its first two requests fail with 503: the client in the page must retry them.
    const flaky = createEmulator({ tables, credentials: [CREDENTIALS], pageSize: 100, hooks: { failures: { count: 2, status: 503 } } });
    const retried = await openApp(chromium.browser, await flaky.start({ fallback: pageServer(scripts) }), bundler);
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
