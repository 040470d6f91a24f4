import { describe, expect, it } from "vitest";
import { createClient, type PageStep, type WalkOutcome } from "../src/index.js";
import { fakeFetch, ok, type Step } from "./fakeFetch.js";

function setup(steps: Step[]) {
  const fake = fakeFetch(steps);
  const client = createClient({ baseUrl: "http://127.0.0.1:9", applicationKey: "k", authenticationToken: "t", fetch: fake.fetch, sleep: async () => {} });
  return { client, calls: fake.calls };
}

async function run<T, R>(walk: AsyncGenerator<T, R, undefined>): Promise<{ steps: T[]; outcome: R }> {
  const steps: T[] = [];
  for (;;) {
    const next = await walk.next();
    if (next.done === true) return { steps, outcome: next.value };
    steps.push(next.value);
  }
}

const pages: Step[] = [ok([{ n: 1 }, { n: 2 }], { primary: 2 }), ok([], { primary: 3 }), ok([{ n: 4 }, { n: 5 }], { primary: 5 }), ok([{ n: 6 }])];

describe("walkPages", () => {
  it.each<[string, Record<string, unknown>, { items: number[]; pages: number; total: number }[], WalkOutcome, number]>([
    [
      "every page, with running counts",
      {},
      [
        { items: [1, 2], pages: 1, total: 2 },
        { items: [], pages: 2, total: 2 },
        { items: [4, 5], pages: 3, total: 4 },
        { items: [6], pages: 4, total: 5 },
      ],
      { truncated: false, pages: 4, total: 5 },
      4,
    ],
    [
      "maxPages stops (does not throw) and says truncated",
      { maxPages: 2 },
      [
        { items: [1, 2], pages: 1, total: 2 },
        { items: [], pages: 2, total: 2 },
      ],
      { truncated: true, pages: 2, total: 2 },
      2,
    ],
    [
      "maxItems cuts the page that crosses it",
      { maxItems: 3 },
      [
        { items: [1, 2], pages: 1, total: 2 },
        { items: [], pages: 2, total: 2 },
        { items: [4], pages: 3, total: 3 },
      ],
      { truncated: true, pages: 3, total: 3 },
      3,
    ],
    [
      "maxItems reached exactly on a page with more to come",
      { maxItems: 2 },
      [{ items: [1, 2], pages: 1, total: 2 }],
      { truncated: true, pages: 1, total: 2 },
      1,
    ],
    [
      "maxPages equal to the pages there are is no truncation",
      { maxPages: 4 },
      [
        { items: [1, 2], pages: 1, total: 2 },
        { items: [], pages: 2, total: 2 },
        { items: [4, 5], pages: 3, total: 4 },
        { items: [6], pages: 4, total: 5 },
      ],
      { truncated: false, pages: 4, total: 5 },
      4,
    ],
  ])("%s", async (_, limits, expected, outcome, calls) => {
    const s = setup(pages);
    const { steps, outcome: got } = await run(s.client.walkPages("listItems", { table: "t", filter: "n > 0", ...limits }));
    expect(steps.map((step: PageStep) => ({ ...step, items: step.items.map((i) => i.n as number) }))).toEqual(expected);
    expect(got).toEqual(outcome);
    expect(s.calls.length).toBe(calls);
    // Compiled once, sent the same on every page.
    expect(new Set(s.calls.map((c) => JSON.stringify(JSON.parse(c.init.body).filter))).size).toBe(1);
  });

  it.each([
    [{ maxPages: 0 }, "listItems: 'maxPages' must be a whole number of at least 1"],
    [{ maxItems: 1.5 }, "listItems: 'maxItems' must be a whole number of at least 1"],
  ])("refuses %j", async (limits, message) => {
    const s = setup(pages);
    await expect(s.client.walkPages("listItems", { table: "t", ...limits }).next()).rejects.toMatchObject({ code: "E_ARGUMENT", message });
    expect(s.calls.length).toBe(0);
  });

  it("stops between pages when the signal aborts", async () => {
    const s = setup(pages);
    const controller = new AbortController();
    const walk = s.client.walkPages("queryItems", { table: "t", signal: controller.signal });
    await walk.next();
    controller.abort();
    await expect(walk.next()).rejects.toMatchObject({ name: "AbortError", code: "E_ABORTED" });
    expect(s.calls.length).toBe(1);
  });
});

describe("the loop guard compares page keys as canonical JSON", () => {
  it.each([
    ["the same member order", { primary: "a", secondary: 1 }],
    ["members reordered", { secondary: 1, primary: "a" }],
  ])("a stopKey equal to the startKey, %s, is a ProtocolError", async (_, stopKey) => {
    const s = setup([ok([{ n: 1 }], stopKey)]);
    const run = async () => {
      for await (const _item of s.client.queryAll({ table: "t", startKey: { primary: "a", secondary: 1 } })) void _item;
    };
    await expect(run()).rejects.toMatchObject({ name: "ProtocolError", message: "queryItems: the service sent back the startKey it was given as the stopKey, so paging would never end" });
    expect(s.calls.length).toBe(1);
  });
});
