import { evaluate, sortItems } from "@itemfilter/core";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { playgroundSession } from "./playgroundSession.js";
import { editorText, typeFilter, type OpenedPage } from "./playgroundPage.js";

// A newcomer's first minute with the playground (the built page, so run `pnpm build` first):
// a fresh page runs any valid filter, and list or query mode is never a dead end.

type Item = Record<string, unknown>;
const demo = JSON.parse(readFileSync(new URL("../../packages/cli/demo/demo.json", import.meta.url), "utf8")) as { tables: Record<string, { items: Item[] }> };
const users = demo.tables.users!.items;
const FILTER = 'age < 25 or plan = "pro"';
const expectedIds = users.filter((item) => evaluate(FILTER, item)).map((item) => item.id as string);

const session = playgroundSession();
const open = session.open;

/** The ids in the results table, in its order. */
function resultIds(page: OpenedPage["page"]): Promise<string[]> {
  return page.evaluate(() => {
    const table = document.querySelector("#results")!;
    const column = [...table.querySelectorAll("thead th")].findIndex((th) => th.textContent === "id");
    return [...table.querySelectorAll("tbody tr")].map((tr) => tr.querySelectorAll("td")[column]?.textContent ?? "");
  });
}

const mode = (page: OpenedPage["page"]): Promise<string | undefined> => page.evaluate(() => document.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value);
const urlMode = (page: OpenedPage["page"]): Promise<string | null> => page.evaluate(() => new URLSearchParams(location.search).get("mode"));

describe("the playground's first minute", () => {
  it("a fresh page opens in find mode, shows the plan, and Ctrl-Enter on an or across attributes gives the right items", async () => {
    expect(expectedIds.length).toBeGreaterThan(0);
    const { page } = await open();
    expect(await mode(page)).toBe("find");
    await typeFilter(page, FILTER);
    // The plan is on the page before anything runs.
    await expect.poll(() => page.locator("#plan-requests .plan-request").count()).toBe(2);
    expect(await page.locator("#plan-section").isVisible()).toBe(true);
    expect(await page.locator("#error-count").textContent()).toBe("(none)");
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => page.locator("#results-summary").textContent()).toMatch(new RegExp(`^${expectedIds.length} items from users in [\\d.]+ ms \\(2 requests, 2 pages\\)\\.$`));
    const ids = await resultIds(page);
    expect([...ids].sort()).toEqual([...expectedIds].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(await page.locator("#mode-offer").isHidden()).toBe(true);
    await expect.poll(() => urlMode(page)).toBe("find");
  });

  it("in find mode, Order by gives the results in that order", async () => {
    const { page } = await open();
    await typeFilter(page, FILTER);
    await page.locator("#order-by").fill("age DESC");
    await page.locator("#run").click();
    await expect.poll(() => page.locator("#results-summary").textContent()).toMatch(new RegExp(`^${expectedIds.length} items from users, ordered by age desc in [\\d.]+ ms`));
    const ordered = sortItems(users.filter((item) => evaluate(FILTER, item)), "age desc", { primary: "id" }).map((item) => item.id as string);
    expect(await resultIds(page)).toEqual(ordered);
  });

  it("in list mode, the error offers find in one click: same text, the right items", async () => {
    const { page } = await open("?mode=list");
    expect(await mode(page)).toBe("list");
    await typeFilter(page, FILTER);
    await expect.poll(() => page.locator("#errors li button").first().textContent()).toMatch(/^E_OR_UNSUPPORTED at /);
    const offer = page.locator("#mode-offer");
    await offer.waitFor();
    expect(await offer.textContent()).toBe("One listItems request cannot express this filter; find runs it as a plan of 2 requests. Run it in find mode");
    // Run in list mode does not send it, and says where to go.
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => page.locator("#results-summary").textContent()).toBe('Not run: in list mode the filter has an error; "Run it in find mode" runs it as it is.');
    await page.locator("#switch-to-find").click();
    expect(await mode(page)).toBe("find");
    expect(await editorText(page)).toBe(FILTER);
    await expect.poll(() => page.locator("#results-summary").textContent()).toMatch(/ items from users in [\d.]+ ms \(2 requests, 2 pages\)\.$/);
    expect([...(await resultIds(page))].sort()).toEqual([...expectedIds].sort());
    expect(await offer.isHidden()).toBe(true);
    expect(await page.locator("#error-count").textContent()).toBe("(none)");
    await expect.poll(() => urlMode(page)).toBe("find");
    await expect.poll(() => page.evaluate(() => new URLSearchParams(location.search).get("q"))).toBe(FILTER);
  });

  it("in query mode, a filter on other attributes than the key offers find too; text that is no filter offers nothing", async () => {
    const { page } = await open("?table=orders&mode=query&key=u001");
    await typeFilter(page, 'status = "shipped" or total > 100');
    const offer = page.locator("#mode-offer");
    await offer.waitFor();
    expect(await offer.textContent()).toMatch(/^One queryItems request cannot express this filter; find runs it as a plan of /);
    // Text with a syntax error is rejected by find too: nothing to offer.
    await page.goto(`${session.url()}?table=orders&mode=query&key=u001&q=${encodeURIComponent("status = ")}`);
    await page.waitForSelector("body[data-ready=true]");
    await page.locator("#errors li").first().waitFor();
    expect(await offer.isHidden()).toBe(true);
    await page.locator(".cm-content").click();
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => page.locator("#results-summary").textContent()).toBe("Not run: the filter has an error.");
  });

  it("a filter list can send runs in list mode through the same client, with no offer", async () => {
    const { page } = await open("?mode=list");
    await typeFilter(page, "age < 25");
    await page.keyboard.press("Control+Enter");
    const ids = users.filter((item) => evaluate("age < 25", item)).map((item) => item.id as string);
    await expect.poll(() => page.locator("#results-summary").textContent()).toMatch(new RegExp(`^${ids.length} items from users in [\\d.]+ ms \\(1 request, 1 page\\)\\.$`));
    expect(await resultIds(page)).toEqual(ids);
    expect(await page.locator("#mode-offer").isHidden()).toBe(true);
  });
});
