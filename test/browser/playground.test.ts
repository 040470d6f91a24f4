import { compileList, evaluate, formatPlan, inferSchema, plan } from "@itemfilter/core";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { playgroundSession } from "./playgroundSession.js";
import { completionSelected, editorText, typeFilter, type OpenedPage } from "./playgroundPage.js";

// The playground page as users get it: packages/playground/dist, built by `pnpm install`
// (or `pnpm build`), served by `itemfilter playground`'s server, driven in Debian's headless Chromium.

type Item = Record<string, unknown>;
const demo = JSON.parse(readFileSync(new URL("../../packages/cli/demo/demo.json", import.meta.url), "utf8")) as { tables: Record<string, { items: Item[] }> };
const users = demo.tables.users!.items;
const CREDENTIALS = { applicationKey: "demo-app", authenticationToken: "demo-token" };

const session = playgroundSession();
const open = session.open;

/** What the emulator itself answers for a listItems filter, every page followed. */
async function emulatorItems(filter: unknown): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: unknown;
  do {
    const answer = await fetch(`${session.url()}listItems`, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=UTF-8" },
      body: JSON.stringify({ ...CREDENTIALS, table: "users", filter, ...(startKey === undefined ? {} : { startKey }) }),
    });
    const json = (await answer.json()) as { data: { items: Item[]; stopKey?: unknown } };
    items.push(...json.data.items);
    startKey = json.data.stopKey;
  } while (startKey !== undefined);
  return items;
}

/** The results table as text, a row per item, in the columns the page chose. */
async function resultRows(page: OpenedPage["page"]): Promise<{ columns: string[]; rows: string[][] }> {
  return page.evaluate(() => {
    const table = document.querySelector("#results")!;
    // The first column holds each row's "why?" button, not data.
    const columns = [...table.querySelectorAll("thead th:not(.why-col)")].map((th) => th.textContent ?? "");
    const rows = [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("td:not(.why-col)")].map((td) => td.textContent ?? ""));
    return { columns, rows };
  });
}

const cell = (value: unknown): string => (value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value));

describe("the playground in Chromium", () => {
  it("typing a filter shows the exact compiled JSON", async () => {
    const { page } = await open("?mode=list");
    const text = 'age >= 30 and plan in ("pro", "team") and tags contains "beta"';
    await typeFilter(page, text);
    expect(await editorText(page)).toBe(text);
    await expect.poll(() => page.locator("#json").textContent()).toBe(
      JSON.stringify(
        [
          { item: "age", operator: "greaterEqual", value: 30 },
          { item: "plan", operator: "in", value: ["pro", "team"] },
          { item: "tags", operator: "contains", value: "beta" },
        ],
        null,
        2,
      ),
    );
    expect(await page.locator("#error-count").textContent()).toBe("(none)");
    // The link reproduces it.
    await expect.poll(() => page.evaluate(() => new URLSearchParams(location.search).get("q"))).toBe(text);
  });

  it("a 19-digit literal keeps its digits in the JSON and in the plan (issue 32)", async () => {
    const { page } = await open("?mode=find");
    await typeFilter(page, "age = 1234567890123456789 or age > 12345678901234567890.5");
    await expect.poll(() => page.locator("#json").textContent()).toContain('"value": 1234567890123456789\n');
    expect(await page.locator("#json").textContent()).toContain('"value": 12345678901234567890.5\n');
    await expect.poll(() => page.locator("#plan-requests").textContent()).toContain('"value":1234567890123456789}');
    expect(await page.locator("#plan-requests").textContent()).toContain('"value":12345678901234567890.5}');
  });

  it("the first screen says the box is empty, and its JSON and plan are the empty filter's: every item", async () => {
    const { page } = await open();
    expect(await page.locator(".cm-placeholder").textContent()).toBe("Empty: matches every item. Type a filter; Ctrl+Space suggests names.");
    expect(JSON.parse((await page.locator("#json").textContent())!)).toEqual({ filter: "", requests: [{ operation: "listItems", filter: [], residual: null }], combine: "union" });
    expect(await page.locator("#plan-text").textContent()).toContain("full scan, every item returned");
    expect(await page.locator("#copy").isEnabled()).toBe(true);
  });

  it.each([
    ["age >", "No JSON: the filter has an error."],
    ["agee > 1 and plann = 2", "No JSON: the filter has 2 errors."],
  ])("a filter with errors (%s) has no JSON and nothing to copy, in every mode", async (text, note) => {
    const { page } = await open("?mode=list");
    await typeFilter(page, text);
    for (const mode of ["list", "find"]) {
      await page.locator(`input[name="mode"][value="${mode}"]`).check();
      await expect.poll(() => page.locator("#json-note").textContent()).toBe(note);
      expect(await page.locator("#json").isHidden()).toBe(true);
      expect(await page.locator("#json").textContent()).toBe("");
      expect(await page.locator("#copy").isDisabled()).toBe(true);
    }
    expect(await page.locator("#plan-text").isHidden()).toBe(true);
    expect(await page.locator("#plan-requests").textContent()).toBe("No plan: the filter has errors.");
    await session.opened()!.screenshot(`no-json-while-errors-${text.length}`);
    // Mended, the JSON and Copy are back.
    await page.locator(".cm-content").click();
    // Typing over a selection makes Chromium insert a styled span, which the page's CSP blocks; deleting first does not.
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("age > 3");
    await expect.poll(() => page.locator("#copy").isEnabled()).toBe(true);
    expect(await page.locator("#json-note").isHidden()).toBe(true);
    expect(JSON.parse((await page.locator("#json").textContent())!)).toMatchObject({ filter: "age > 3" });
  });

  it("a link with the filter in the URL reproduces the page", async () => {
    const { page } = await open(`?table=orders&mode=query&key=u001&q=${encodeURIComponent('orderedAt beginsWith "2024-03"')}`);
    expect(await editorText(page)).toBe('orderedAt beginsWith "2024-03"');
    expect(await page.locator("#table").inputValue()).toBe("orders");
    expect(await page.locator('input[name="mode"][value="query"]').isChecked()).toBe(true);
    expect(await page.locator("#partition").inputValue()).toBe("u001");
    expect(await page.locator("#json").textContent()).toBe(JSON.stringify({ operator: "beginsWith", value: "2024-03" }, null, 2));
  });

  it("an error shows a squiggle at the right span and its message", async () => {
    const { page } = await open();
    await typeFilter(page, "agee >= 30 and age < 5");
    const squiggle = page.locator(".cm-lintRange-error");
    await squiggle.first().waitFor();
    expect(await squiggle.count()).toBe(1);
    expect(await squiggle.textContent()).toBe("agee");
    const errors = page.locator("#errors li");
    expect(await errors.count()).toBe(1);
    expect(await errors.locator("button.link").textContent()).toBe("E_UNKNOWN_ATTRIBUTE at 1:1");
    expect(await errors.locator(".message").textContent()).toBe("unknown attribute 'agee'; did you mean 'age'?");
    expect(await errors.locator("pre").textContent()).toBe(
      "E_UNKNOWN_ATTRIBUTE: unknown attribute 'agee'; did you mean 'age'? (1:1)\n1 | agee >= 30 and age < 5\n  | ^^^^",
    );
    await squiggle.hover();
    // Hovering the squiggle shows the message, then the code, once.
    const tooltip = page.locator(".cm-tooltip-lint");
    await expect.poll(() => tooltip.locator(".cm-diagnosticText").textContent()).toBe("unknown attribute 'agee'; did you mean 'age'?");
    expect(await tooltip.locator(".cm-diagnosticSource").textContent()).toBe("E_UNKNOWN_ATTRIBUTE");
    expect((await tooltip.textContent())!.split("E_UNKNOWN_ATTRIBUTE").length - 1).toBe(1);
  });

  it("a fix button under an error applies the fix: the text changes and the error goes", async () => {
    const { page } = await open("?mode=list&table=users");
    await typeFilter(page, "agee >= 30");
    const fix = page.locator("#errors li .fixes button");
    await fix.waitFor();
    expect(await fix.allTextContents()).toEqual(["Replace with 'age'"]);
    await session.opened()!.screenshot("fix-in-playground-before");
    await fix.click();
    expect(await editorText(page)).toBe("age >= 30");
    await expect.poll(() => page.locator("#error-count").textContent()).toBe("(none)");
    // The squiggle goes once the debounced lint has run again.
    await expect.poll(() => page.locator(".cm-lintRange-error").count()).toBe(0);
    expect(await page.locator("#json").textContent()).toBe(JSON.stringify([{ item: "age", operator: "greaterEqual", value: 30 }], null, 2));
  });

  it("a fix offered in the editor's lint tooltip applies it", async () => {
    // tags holds lists in the demo data, so '=' never matches: the fix is contains.
    const { page } = await open("?mode=list&table=users");
    await typeFilter(page, 'tags = "beta"');
    const squiggle = page.locator(".cm-lintRange-error");
    await squiggle.first().waitFor();
    await squiggle.first().hover();
    const action = page.locator(".cm-tooltip-lint .cm-diagnosticAction");
    await action.first().waitFor();
    expect(await action.allTextContents()).toEqual(["Replace with 'tags contains \"beta\"'"]);
    await action.first().click();
    expect(await editorText(page)).toBe('tags contains "beta"');
    await expect.poll(() => page.locator("#error-count").textContent()).toBe("(none)");
  });

  it("shows the developer's hint apart from the message, and no fix where there is none", async () => {
    const { page } = await open("?mode=list&table=users");
    await typeFilter(page, 'age = 30 or city = "Oslo"');
    const error = page.locator("#errors li");
    await error.first().waitFor();
    expect(await error.locator(".message").textContent()).toBe("'or' can only join equality tests on one attribute here, as in a = 1 or a = 2");
    expect(await error.locator(".dev-hint").textContent()).toBe(
      "For the developer: one listItems request combines its filters with AND; find (or plan) runs any filter as several requests",
    );
    expect(await error.locator(".fixes").count()).toBe(0);
    expect(await error.locator("pre").textContent()).not.toContain("hint");
  });

  it("an error at the end of the input is a point marker", async () => {
    const { page } = await open();
    await typeFilter(page, "age >");
    // The marker is an empty span drawn by its ::before, so it is attached rather than "visible".
    await page.locator(".cm-lintPoint-error").waitFor({ state: "attached" });
    expect(await page.locator("#errors .message").textContent()).toBe("expected a value after '>', found end of input");
  });

  it("Tab and Enter accept a completion of an attribute from the schema", async () => {
    const { page } = await open();
    await typeFilter(page, "ag");
    await completionSelected(page, "age");
    await page.keyboard.press("Tab");
    expect(await editorText(page)).toBe("age ");
    // The operators follow at once; Escape closes them.
    await page.locator(".cm-tooltip-autocomplete").waitFor();
    await page.keyboard.press("Escape");
    await page.keyboard.type(">= 30 and sig");
    await completionSelected(page, "signedUp");
    await page.keyboard.press("Enter");
    expect(await editorText(page)).toBe("age >= 30 and signedUp ");
  });

  it("completion offers the values the schema knows", async () => {
    const { page } = await open();
    await typeFilter(page, "plan = ");
    const options = page.locator(".cm-tooltip-autocomplete li .cm-completionLabel");
    await completionSelected(page, '"free"');
    expect(await options.allTextContents()).toEqual(['"free"', '"pro"', '"team"', '""', "null"]);
    await page.keyboard.press("ArrowDown");
    await completionSelected(page, '"pro"');
    await page.keyboard.press("Enter");
    expect(await editorText(page)).toBe('plan = "pro"');
  });

  it("hovering an operator shows its entry of the operator table", async () => {
    const { page } = await open('?q=' + encodeURIComponent("age between 18 and 30"));
    await page.locator(".cm-itemfilter-operator", { hasText: "between" }).hover();
    const help = page.locator(".cm-itemfilter-help");
    await help.waitFor();
    expect(await help.locator("> div").allTextContents()).toEqual(["between between", "between two bounds, inclusive", "Example: age between 18 and 65", "Key queries: yes"]);
  });

  it("Run shows exactly the items the emulator returns for that filter", async () => {
    const { page } = await open("?mode=list");
    await typeFilter(page, 'age >= 30 and city in ("Oslo", "Lima", "Sofia")');
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => page.locator("#results-summary").textContent()).toMatch(/^\d+ items? from users in [\d.]+ ms \(1 request, 1 page\)\.$/);
    const expected = await emulatorItems(compileList('age >= 30 and city in ("Oslo", "Lima", "Sofia")'));
    expect(expected.length).toBeGreaterThan(0);
    const columns = [...new Set(expected.flatMap((item) => Object.keys(item)))];
    expect(await resultRows(page)).toEqual({ columns, rows: expected.map((item) => columns.map((c) => cell(item[c]))) });
    expect(await page.locator("#results-summary").textContent()).toMatch(new RegExp(`^${expected.length} items from users`));
  });

  it("a find filter with or across attributes shows its plan and runs", async () => {
    const { page } = await open();
    await page.locator('input[name="mode"][value="find"]').check();
    const text = 'plan = "pro" or age < 25';
    await typeFilter(page, text);
    const requests = page.locator("#plan-requests .plan-request");
    await expect.poll(() => requests.allTextContents()).toEqual([
      'listItemsOn the server: [{"item":"plan","operator":"equals","value":"pro"}]Checked here: nothing (exact)',
      'listItemsOn the server: [{"item":"age","operator":"lessThan","value":25}]Checked here: nothing (exact)',
    ]);
    expect(await page.locator("#plan-requests .combine").textContent()).toBe("The union of 2 requests, without duplicates.");
    const keys = { primary: "id" };
    expect(await page.locator("#plan-text").textContent()).toBe(formatPlan(plan(text, { schema: inferSchema(users), keys }), { keys }));
    await page.locator("#run").click();
    await expect.poll(() => page.locator("#results-summary").textContent()).toMatch(/ items from users in [\d.]+ ms \(2 requests, 2 pages\)\.$/);
    // Exactly the items the filter selects, as core evaluates it (each once).
    const expected = users.filter((item) => evaluate(text, item)).map((item) => item.id as string);
    const { columns, rows } = await resultRows(page);
    const ids = rows.map((row) => row[columns.indexOf("id")]!);
    expect([...ids].sort()).toEqual([...expected].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("raises no CSP violation and no console error, and is served with a strict CSP", async () => {
    const session = await open();
    const { page } = session;
    expect(session.csp).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self' 'nonce-[A-Za-z0-9+/=]+'; img-src 'self' data:; /);
    // Exercise everything that adds styles or DOM: completion, lint, tooltips, every mode, a run, the table picker.
    await typeFilter(page, "age >");
    await page.locator(".cm-lintPoint-error").waitFor({ state: "attached" });
    await page.keyboard.type(" 30 and pl");
    await page.locator(".cm-tooltip-autocomplete").waitFor();
    await page.keyboard.press("Escape");
    await page.locator(".cm-itemfilter-operator").first().hover();
    await page.locator(".cm-itemfilter-help").waitFor();
    for (const mode of ["query", "find", "list"]) await page.locator(`input[name="mode"][value="${mode}"]`).check();
    await page.locator("#table").selectOption("readings");
    await page.locator("#table").selectOption("users");
    await page.locator("#run").click();
    await expect.poll(() => page.locator("#results-summary").textContent()).not.toBe("Not run yet.");
    expect(await session.violations()).toEqual([]);
    expect(session.problems).toEqual([]);
  });

  it("labels every control and keeps text contrast at 4.5:1 or more", async () => {
    const { page } = await open(`?q=${encodeURIComponent('age >= 30 and plan in ("pro") and @')}`);
    await page.locator(".cm-lintRange-error").first().waitFor();
    await page.locator("#run").click();
    await expect.poll(() => page.locator("#results-summary").textContent()).not.toBe("Not run yet.");
    const report = await page.evaluate(() => {
      const unlabelled: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>("input, select, button, [contenteditable=true], [tabindex='0']")) {
        if (el.closest("[hidden]") !== null) continue;
        const labelled = (el as HTMLInputElement).labels?.length || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby") || (el.tagName === "BUTTON" && el.textContent?.trim());
        if (!labelled) unlabelled.push(el.outerHTML.slice(0, 80));
      }
      const rgb = (color: string): number[] => (color.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r, g, b]: number[]): number => {
        const c = [r!, g!, b!].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
      };
      const background = (el: Element | null): number[] => {
        for (; el !== null; el = el.parentElement) {
          const parts = rgb(getComputedStyle(el).backgroundColor);
          if (parts.length === 3 || (parts.length === 4 && parts[3]! > 0)) return parts;
        }
        return [255, 255, 255];
      };
      const low: string[] = [];
      let checked = 0;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const el = node.parentElement!;
        if (node.textContent!.trim() === "" || el.closest("[hidden]") !== null || el.getClientRects().length === 0) continue;
        const style = getComputedStyle(el);
        if (style.visibility === "hidden" || el.closest(".skip") !== null) continue;
        checked++;
        const fg = luminance(rgb(style.color));
        const bg = luminance(background(el));
        const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
        if (ratio < 4.5) low.push(`${ratio.toFixed(2)} ${style.color} "${node.textContent!.trim().slice(0, 30)}" in ${el.className || el.tagName}`);
      }
      return { unlabelled, low, checked };
    });
    expect(report).toEqual({ unlabelled: [], low: [], checked: expect.any(Number) });
    // The page, the editor's tokens, the errors, the results table and the reference were all looked at.
    expect(report.checked).toBeGreaterThan(80);
  });

  it("works with the keyboard alone", async () => {
    const { page } = await open();
    // Tab from the top of the page to the editor: skip link, table, mode, order by, editor.
    const focused = (): Promise<string> => page.evaluate(() => {
      const el = document.activeElement!;
      return el.classList.contains("cm-content") ? "editor" : el.id || (el as HTMLInputElement).name || el.tagName;
    });
    const order: string[] = [];
    for (let i = 0; i < 6 && (order.at(-1) ?? "") !== "editor"; i++) {
      await page.keyboard.press("Tab");
      order.push(await focused());
    }
    expect(order).toEqual(["A", "table", "mode", "order-by", "editor"]);
    await page.keyboard.type("pl");
    await completionSelected(page, "plan");
    await page.keyboard.press("Tab");
    await page.keyboard.type("= ");
    await completionSelected(page, '"free"');
    await page.keyboard.press("ArrowDown");
    await completionSelected(page, '"pro"');
    await page.keyboard.press("Tab");
    expect(await editorText(page)).toBe('plan = "pro"');
    await page.keyboard.press("Control+Enter");
    const expected = users.filter((item) => item.plan === "pro").length;
    await expect.poll(() => page.locator("#results-summary").textContent()).toMatch(new RegExp(`^${expected} items from users`));
    // Out of the editor with Tab: the Run button, then Copy.
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("run");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("copy");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#copy-status").textContent()).not.toBe("");
  });
});
