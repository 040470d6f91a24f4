import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { compileList } from "@itemfilter/core";
import { launchChromium, type LaunchedBrowser } from "./chromium.js";

/**
 * The copy-paste example of packages/codemirror/README.md, run as a reader
 * would: bundled as an app would bundle it, in a page with the element it
 * names, in headless Chromium. It must log the compiled filter its comment
 * promises, and nothing may fail.
 */
const codemirrorDir = fileURLToPath(new URL("../../packages/codemirror/", import.meta.url));
const readme = readFileSync(`${codemirrorDir}README.md`, "utf8");
const example = /^```ts\n([\s\S]*?)^```/m.exec(readme)?.[1];

let chromium: LaunchedBrowser;
beforeAll(async () => {
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
});

it("the README's example compiles the filter in a real editor", async () => {
  expect(example, "packages/codemirror/README.md has a ```ts example").toBeDefined();
  const bundled = await build({
    stdin: { contents: example!, loader: "ts", resolveDir: codemirrorDir, sourcefile: "README-example.ts" },
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
    // The workspace packages from their sources, as the tests use them everywhere.
    conditions: ["@itemfilter/source"],
    alias: { "@itemfilter/codemirror": `${codemirrorDir}src/index.ts` },
  });
  const page = await chromium.browser.newPage();
  const logs: string[] = [];
  const failures: string[] = [];
  page.on("console", (message) => (message.type() === "log" ? logs : failures).push(message.text()));
  page.on("pageerror", (error) => failures.push(error.message));
  await page.setContent('<!doctype html><html><body><div id="filter"></div></body></html>');
  await page.addScriptTag({ type: "module", content: bundled.outputFiles[0]!.text });
  await page.waitForFunction(() => document.querySelector("#filter .cm-editor") !== null);
  await expect.poll(() => logs.length).toBeGreaterThan(0);
  expect(failures).toEqual([]);
  expect(logs[0]).toBe(JSON.stringify(compileList('age >= 30 and plan = "pro"')));
  expect(await page.locator("#filter .cm-content").getAttribute("aria-label")).toBe("Filter");
  await page.close();
});
