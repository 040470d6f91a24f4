// Measures, in headless Chromium, the time from a keystroke in the playground's
// editor to the updated compiled JSON on the page, for a filter of about 2 KB.
// It drives the built CLI (`itemfilter playground`), so run `pnpm build` first.
//
//   node packages/playground/scripts/measureLatency.mjs [keystrokes] [mode]
//
// mode is list (the default, as first measured), query or find (the page's own default).
//
// The page notes performance.now() at each keydown in the editor and, once the
// JSON is rendered from the new compile result, stores the difference on
// #json as data-latency-ms; this reads it after every keystroke.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const keystrokes = Number(process.argv[2] ?? 60);
const mode = process.argv[3] ?? "list";
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const executablePath = [process.env.ITEMFILTER_CHROMIUM, "/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find(
  (path) => path !== undefined && path !== "" && existsSync(path),
);
if (executablePath === undefined) {
  console.error("No Chromium: run bash test/prepareMachine.sh");
  process.exit(2);
}

// About 2 KB of filter text that compiles in list mode against the demo users.
const parts = ['age >= 30', 'plan in ("pro", "team")', 'name beginsWith "A"', 'city != "Oslo"', "score between 1 and 5", 'country != "NO"', "email is not null"];
const conditions = [];
while (conditions.join(" and ").length < 2048 - 40) conditions.push(parts[conditions.length % parts.length]);
const filter = `${conditions.join(" and ")} and age <= 1`;

const server = spawn(process.execPath, ["packages/cli/bin/itemfilter.mjs", "playground", "--port", "0"], { cwd: repo, stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (chunk) => {
    out += chunk;
    if (out.includes("\n")) resolve(out.trim());
  });
  server.once("exit", (code) => reject(new Error(`itemfilter playground exited ${code}`)));
});

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  await page.goto(`${url}?mode=${mode}&table=users&q=${encodeURIComponent(filter)}`);
  await page.waitForSelector("body[data-ready=true]");
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  const samples = [];
  for (let i = 0; i < keystrokes; i++) {
    await page.evaluate(() => delete document.getElementById("json").dataset.latencyMs);
    // Alternately make the last number 12 and 1 again: each keystroke changes the JSON.
    await page.keyboard.press(i % 2 === 0 ? "2" : "Backspace");
    await page.waitForFunction(() => document.getElementById("json").dataset.latencyMs !== undefined);
    samples.push(Number(await page.evaluate(() => document.getElementById("json").dataset.latencyMs)));
  }
  const json = await page.locator("#json").textContent();
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  console.log(`filter: ${filter.length} characters, ${conditions.length + 1} conditions, ${mode} mode; JSON ${json.length} characters`);
  console.log(`keystroke to updated JSON over ${samples.length} keystrokes: median ${at(0.5).toFixed(2)} ms, p90 ${at(0.9).toFixed(2)} ms, max ${samples.at(-1).toFixed(2)} ms`);
} finally {
  await browser.close();
  server.kill();
}
