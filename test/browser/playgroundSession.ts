import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { createContext } from "../../packages/cli/src/cliContext.js";
import { startPlayground, type StartedPlayground } from "../../packages/cli/src/playground/runPlayground.js";
import { launchChromium, type LaunchedBrowser } from "./chromium.js";
import { openPlayground, type OpenedPage } from "./playgroundPage.js";

export interface PlaygroundSession {
  /** The playground's base URL (ends in "/"). */
  url(): string;
  /** Opens the page (`query` such as "?mode=list") in a fresh context; the test's page, checked and closed after it. */
  open(query?: string): Promise<OpenedPage>;
  /** The page the current test opened, if any. */
  opened(): OpenedPage | undefined;
}

/**
 * The set-up every playground browser test file shares: one Chromium and one
 * `itemfilter playground` server for the file (failing loudly when Chromium
 * is not installed), a page per test, and after each test a screenshot and
 * the check that it left no console error, failed request or CSP violation.
 */
export function playgroundSession(): PlaygroundSession {
  let playground: StartedPlayground;
  let chromium: LaunchedBrowser;
  let current: OpenedPage | undefined;

  beforeAll(async () => {
    chromium = await launchChromium();
    playground = await startPlayground(createContext({ env: {} }), { port: 0, open: false, data: undefined });
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await playground?.stop();
  });

  afterEach(async (context) => {
    if (current === undefined) return;
    const session = current;
    current = undefined;
    try {
      await session.screenshot(context.task.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, ""));
      expect(session.problems).toEqual([]);
      expect(await session.violations()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  return {
    url: () => playground.url,
    open: async (query = "") => (current = await openPlayground(chromium.browser, `${playground.url}${query}`)),
    opened: () => current,
  };
}
