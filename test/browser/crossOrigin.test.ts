import { evaluate } from "@itemfilter/core";
import { createEmulator, type EmulatorOptions } from "@itemfilter/emulator";
import { mkdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServe } from "../../packages/cli/test/runCli.js";
import { launchChromium, type LaunchedBrowser } from "./chromium.js";
import type { ClientApp, Credentials, Failure, Found } from "./clientApp/main.js";
import { bundleWithVite, openApp, pageServer } from "./clientPage.js";
import { ARTIFACTS } from "./playgroundPage.js";

// Issue 36 §2: a page served on one origin (a static server on localhost:A, as Vite's dev server
// would be) runs the client's findAll against `itemfilter serve` on another (127.0.0.1:B).

type Item = Record<string, unknown>;
const demo = JSON.parse(readFileSync(new URL("../../packages/cli/demo/demo.json", import.meta.url), "utf8")) as { tables: Record<string, { primaryKey: string; items: Item[] }> };
const users = demo.tables.users!.items;
const DEMO: Credentials = { applicationKey: "demo-app", authenticationToken: "demo-token" };
const FILTER = 'age < 25 or plan = "pro"';
const tables = { users: { primaryKey: "id", items: users } };

let chromium: LaunchedBrowser;
let pages: Server;
/** The page's origin: another host name and port than the service's. */
let pageOrigin: string;

beforeAll(async () => {
  chromium = await launchChromium();
  pages = createServer(pageServer(new Map([["vite", (await bundleWithVite()).js]])));
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  pageOrigin = `http://localhost:${(pages.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  pages?.closeAllConnections();
  await new Promise((resolve) => pages?.close(resolve));
});

const findAt = (page: Page, baseUrl: string, credentials: Credentials, table = "users"): Promise<Found | Failure> =>
  page.evaluate(([u, c, t, f]) => (window as unknown as { clientApp: ClientApp }).clientApp.findAt(u, c, { table: t, filter: f, keys: { primary: "id" } }), [baseUrl, credentials, table, FILTER] as const);

const ids = (items: Item[]): string[] => items.map((item) => item.id as string).sort();
const expected = users.filter((item) => evaluate(FILTER, item));

/** Opens the page on its origin, runs `check`, and closes it; returns what the console said. */
async function withPage(check: (page: Page) => Promise<void>): Promise<string[]> {
  const opened = await openApp(chromium.browser, pageOrigin, "vite");
  try {
    await check(opened.page);
    return opened.problems;
  } finally {
    await opened.close();
  }
}

/** The refusal a page gets from a service on `service` that does not allow it. */
const refusal = (service: string): string =>
  `listItems: network error: Failed to fetch: the browser refused the answer of ${service} because that service does not allow ${pageOrigin} (CORS: start itemfilter serve with --allow-origin ${pageOrigin}, or have the service allow it), or could not reach it; not retried, since a page cannot tell which (the browser's console says)`;

describe("a page on another origin", () => {
  it("runs findAll against itemfilter serve --allow-origin <its origin>: exactly the items evaluate selects", async () => {
    const serving = await startServe(["serve", "--port", "0", "--allow-origin", pageOrigin]);
    try {
      expect(new URL(serving.url).origin).not.toBe(pageOrigin);
      const problems = await withPage(async (page) => {
        const found = (await findAt(page, serving.url, DEMO)) as Found;
        expect(ids(found.items)).toEqual(ids(expected));
        expect(found.outcome).toMatchObject({ truncated: false, requests: 2, matched: expected.length });
        // What a person would see: the page's origin, the service's, and what findAll brought back.
        await page.evaluate(
          ([from, to, filter, items]) => {
            const add = (parent: Element, tag: string, text = ""): HTMLElement => parent.appendChild(Object.assign(document.createElement(tag), { textContent: text }));
            document.body.replaceChildren();
            add(document.body, "h1", `findAll from ${from}`);
            add(document.body, "p", `against itemfilter serve --allow-origin ${from} on ${to}; filter: ${filter}; ${items.length} items`);
            const table = add(document.body, "table");
            table.setAttribute("border", "1");
            for (const row of [["id", "name", "age", "plan"], ...items.map((i) => [i.id, i.name, i.age, i.plan])]) {
              const tr = add(table, "tr");
              for (const cell of row) add(tr, "td", String(cell));
            }
          },
          [pageOrigin, serving.url, FILTER, found.items] as const,
        );
        mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({ path: `${ARTIFACTS}cross-origin-findAll.png`, fullPage: true });
      });
      expect(problems).toEqual([]);
    } finally {
      await serving.stop();
    }
  });

  it.each<[string, EmulatorOptions["allowedOrigins"], string]>([
    ["without allowedOrigins (OPTIONS is a 405)", undefined, "has been blocked by CORS policy"],
    ["that lists other origins only (the preflight is a 403)", ["http://localhost:1"], "has been blocked by CORS policy"],
  ])("fails at once, not retried, against a service %s: one preflight, and a message that names the fix", async (_, allowedOrigins, console) => {
    const emulator = createEmulator({ tables, credentials: [DEMO], ...(allowedOrigins === undefined ? {} : { allowedOrigins }) });
    const url = await emulator.start();
    try {
      const problems = await withPage(async (page) => {
        const failure = (await findAt(page, url, DEMO)) as Failure;
        expect(failure).toMatchObject({ name: "NetworkError", code: "E_NETWORK", operation: "listItems", attempts: 1, message: refusal(url) });
      });
      // findAll's two requests start together: each is refused at its preflight, once.
      expect(emulator.requestCount).toBe(2);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.every((p) => p.includes(console) || p.includes("Failed to load resource"))).toBe(true);
    } finally {
      await emulator.stop();
    }
  });

  it("reads the service's refusals, so a 503 is retried and a wrong token is a ServiceError", async () => {
    const emulator = createEmulator({ tables, credentials: [DEMO], allowedOrigins: [pageOrigin], hooks: { failures: { count: 3, status: 503, retryAfter: 0 } } });
    const url = await emulator.start();
    try {
      const problems = await withPage(async (page) => {
        // The page may read the 503's Retry-After, which the client waits for (exposed: it is not a CORS-safelisted header).
        const first = await page.evaluate(async (u) => {
          const res = await fetch(`${u}/listItems`, { method: "POST", headers: { "Content-Type": "application/json; charset=UTF-8" }, body: "{}" });
          return { status: res.status, retryAfter: res.headers.get("retry-after") };
        }, url);
        expect(first).toEqual({ status: 503, retryAfter: "0" });
        const found = (await findAt(page, url, DEMO)) as Found;
        expect(ids(found.items)).toEqual(ids(expected));
        const wrong = (await findAt(page, url, { ...DEMO, authenticationToken: "wrong-token-5e1a" })) as Failure;
        expect(wrong).toMatchObject({ name: "ServiceError", code: "E_SERVICE", attempts: 1, message: "listItems: the service refused the request (HTTP 401): unknown applicationKey or authenticationToken" });
      });
      expect(problems.filter((p) => !/\b(503|401)\b/.test(p))).toEqual([]);
    } finally {
      await emulator.stop();
    }
  });
});
