import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldCase } from "@itemfilter/core";
import { launchChromium, type LaunchedBrowser } from "./chromium.js";

/**
 * foldCase is the same in a browser as in Node (issue 43): core bundled for
 * the browser as an app bundles it, run in headless Chromium, folds every
 * code point (its NFC form first, by the browser's own normalize) and some
 * words exactly as Node does.
 */
const root = fileURLToPath(new URL("../../packages/cli/", import.meta.url));
const WORDS = ["Straße", "STRASSE", "ΣΊΣΥΦΟΣ", "σίσυφος", "\u212a", "İstanbul", "ﬁle", "𐐀𐐨", "e\u0301", "ǅ"];

/** Each code point whose fold differs from itself, with its fold, and the words' folds: in the page, the same source. */
function foldsOf(fold: (text: string) => string, words: readonly string[]): { changed: [number, string][]; words: string[] } {
  const changed: [number, string][] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    const folded = fold(ch);
    if (folded !== ch) changed.push([cp, folded]);
  }
  return { changed, words: words.map(fold) };
}

let chromium: LaunchedBrowser;
beforeAll(async () => {
  chromium = await launchChromium();
}, 60_000);
afterAll(async () => {
  await chromium?.close();
});

describe("foldCase in a browser", () => {
  it("folds every code point and the sample words as Node does", async () => {
    const bundled = await build({
      // The page runs the same walk as Node below: foldsOf's own source, bundled beside core.
      stdin: { contents: `import { foldCase } from "@itemfilter/core";\nconst foldsOf = ${foldsOf.toString()};\nglobalThis.folds = (words) => foldsOf(foldCase, words);`, resolveDir: root, sourcefile: "app.ts", loader: "ts" },
      bundle: true,
      format: "iife",
      platform: "browser",
      write: false,
      logLevel: "silent",
      conditions: ["@itemfilter/source"],
    });
    const page = await chromium.browser.newPage();
    try {
      await page.setContent("<!doctype html><title>foldCase</title>");
      await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
      const inBrowser = await page.evaluate((words) => (globalThis as unknown as { folds: (w: string[]) => ReturnType<typeof foldsOf> }).folds(words), WORDS);
      const inNode = foldsOf(foldCase, WORDS);
      expect(inBrowser.words).toEqual(inNode.words);
      expect(inBrowser.words.slice(0, 4)).toEqual(["strasse", "strasse", "σίσυφοσ", "σίσυφοσ"]);
      expect(inBrowser.changed.length).toBeGreaterThan(1500);
      expect(inBrowser.changed).toEqual(inNode.changed);
    } finally {
      await page.close();
    }
  }, 120_000);
});
