/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// page.evaluate callbacks run in the page, so they are typed against the DOM.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";

/** Screenshots land here (git-ignored), one per test, for a person to look at after a run. */
export const ARTIFACTS = fileURLToPath(new URL("./artifacts/", import.meta.url));

export interface OpenedPage {
  page: Page;
  /** Console errors and warnings, uncaught page errors and failed requests, as they happened. */
  problems: string[];
  /** Content-Security-Policy violations the page reported (securitypolicyviolation events). */
  violations: () => Promise<string[]>;
  /** The CSP header the page itself was served with. */
  csp: string | undefined;
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the playground in a fresh context and records everything that would
 * show as a problem: console errors, page errors, failed requests and CSP
 * violations (listened for from an init script, which CDP injects without
 * being an inline script, so the page's CSP still applies to the page).
 */
export async function openPlayground(browser: Browser, url: string): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`));
  const response = await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    page,
    problems,
    csp: response?.headers()["content-security-policy"],
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
    screenshot: async (name) => void (await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true })),
    close: () => context.close(),
  };
}

/** The editor's text. */
export function editorText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const content = document.querySelector(".cm-content");
    return [...(content?.querySelectorAll(".cm-line") ?? [])].map((line) => line.textContent ?? "").join("\n");
  });
}

/** Focuses the editor and types, as a person would, one key at a time. */
export async function typeFilter(page: Page, text: string): Promise<void> {
  await page.locator(".cm-content").click();
  await page.keyboard.type(text);
}

/**
 * Waits until the completion list is open with `label` selected, and past the
 * 75 ms in which CodeMirror ignores accepting (so a stray key cannot pick an item).
 */
export async function completionSelected(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    (want) => document.querySelector(".cm-tooltip-autocomplete li[aria-selected=true] .cm-completionLabel")?.textContent === want,
    label,
  );
  await page.waitForTimeout(100);
}
