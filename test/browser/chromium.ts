import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Where Debian puts its headless Chromium (chromium-headless-shell) or full Chromium (chromium). */
const CANDIDATES = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/** The Chromium to drive: $ITEMFILTER_CHROMIUM, else Debian's. Throws, saying how to install it, when there is none. */
export function chromiumPath(): string {
  const chosen = process.env.ITEMFILTER_CHROMIUM;
  if (chosen !== undefined && chosen !== "") {
    if (!existsSync(chosen)) throw new Error(`ITEMFILTER_CHROMIUM=${chosen} does not exist`);
    return chosen;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found === undefined) {
    throw new Error(
      "The browser tests need Debian's headless Chromium and none is installed. Install it with:\n" +
        "  bash test/prepareMachine.sh\n" +
        "(apt-get install chromium-headless-shell; `pnpm test` runs it before the tests), or set ITEMFILTER_CHROMIUM to a Chromium binary.",
    );
  }
  return found;
}

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Launches headless Chromium. Playwright gives each launch a fresh, empty
 * profile (--user-data-dir in a new temporary folder). The flags keep it off
 * the network (this machine's is closed: background requests would fail and
 * slow it down) and let it run as root in a container (no sandbox).
 */
export async function launchChromium(): Promise<LaunchedBrowser> {
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}
