import { describe, expect, it } from "vitest";
import { playgroundSession } from "./playgroundSession.js";
import { typeFilter, type OpenedPage } from "./playgroundPage.js";

// Issue 25 in the playground (the built page, so run `pnpm build` first): each result row's
// "why?" and the "Why not?" box explain one item in the editor, under the filter text.

const session = playgroundSession();
const open = session.open;

type Page = OpenedPage["page"];

/** The underlined conditions in the editor: [text, class (yes or no), the reason label after it]. */
function marks(page: Page): Promise<[string, string, string][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".cm-content .cm-itemfilter-why")].map((mark) => {
      // CodeMirror puts a cursor buffer (an img) between a mark and the widget after it.
      let next = mark.nextElementSibling;
      while (next !== null && next.classList.contains("cm-widgetBuffer")) next = next.nextElementSibling;
      const label = next?.classList.contains("cm-itemfilter-why-reason") ? next.textContent ?? "" : "";
      return [mark.textContent ?? "", mark.classList.contains("cm-itemfilter-why-yes") ? "yes" : "no", label] as [string, string, string];
    }),
  );
}

const whyText = (page: Page) => page.locator("#why-text").textContent();

describe("why in the playground", () => {
  it("a result row's why? underlines the conditions that made it match, with their reasons", async () => {
    const { page } = await open();
    await typeFilter(page, 'age >= 30 and plan = "pro"');
    await page.keyboard.press("Control+Enter");
    await page.waitForSelector("#results tbody tr");
    await page.locator("#results tbody tr").first().getByRole("button", { name: /^Why row 1 matches$/ }).click();
    await page.waitForSelector("#why-section:not([hidden])");
    expect(await page.locator("#why-heading").textContent()).toBe('Why the item with id "u004" matches');
    expect((await whyText(page))?.split("\n")).toEqual(["match: 2 conditions decided it", '1 | age >= 30 and plan = "pro"', "  | ^^^^^^^^^ age is 33, >= 30", '  |               ^^^^^^^^^^^^ plan is "pro"']);
    expect(await marks(page)).toEqual([
      ["age >= 30", "yes", "age is 33, >= 30"],
      ['plan = "pro"', "yes", 'plan is "pro"'],
    ]);
  });

  // Issue 33 §4: with the text changed since the run to one that is no filter, "why?" raised an uncaught exception.
  it("a result row's why? on text that is no longer a filter says so, with no uncaught error", async () => {
    const { page, problems } = await open();
    await typeFilter(page, "age >= 30");
    await page.keyboard.press("Control+Enter");
    await page.waitForSelector("#results tbody tr");
    // Deleted first: typing over a whole-document selection makes Chrome apply an inline style, which the CSP blocks.
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("> 3");
    await page.locator("#results tbody tr").first().getByRole("button", { name: /^Why row 1 / }).click();
    await page.waitForSelector("#why-section:not([hidden])");
    expect(await whyText(page)).toBe("Could not explain: E_SYNTAX at 1:1: expected an attribute name before '>'");
    expect(await marks(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('the "Why not?" box explains an item by its key, and an edit clears the explanation', async () => {
    const { page } = await open();
    await typeFilter(page, 'age >= 30 and plan = "pro"');
    await page.locator("#why-key").fill("u001");
    await page.locator("#why-explain").click();
    await page.waitForSelector("#why-section:not([hidden])");
    expect(await page.locator("#why-heading").textContent()).toBe('Why the item with id "u001" does not match');
    expect(await marks(page)).toEqual([['plan = "pro"', "no", 'plan is "free", not "pro"']]);
    await page.locator(".cm-content").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" ");
    await page.waitForSelector("#why-section", { state: "hidden" });
    expect(await marks(page)).toEqual([]);
  });

  it("says so when no item has the key, and takes the secondary key for a table with two", async () => {
    const { page } = await open("?table=orders");
    await typeFilter(page, 'status = "shipped" or total > 250');
    await page.locator("#why-key").fill("u999");
    await page.locator("#why-explain").click();
    await page.waitForFunction(() => document.querySelector("#why-text")?.textContent?.startsWith("No item"));
    expect(await whyText(page)).toBe('No item of orders has customer "u999".');
    await page.locator("#why-key").fill("u001");
    await page.locator("#why-secondary").fill("2024-03-26T14:16:00Z");
    await page.locator("#why-explain").click();
    await page.waitForFunction(() => document.querySelector("#why-heading")?.textContent?.includes("does not match"));
    expect(await marks(page)).toEqual([
      ['status = "shipped"', "no", 'status is "delivered", not "shipped"'],
      ["total > 250", "no", "total is 202.11, not > 250"],
    ]);
  });
});
