import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, type Emulator } from "../src/index.js";
import { runListItems, type Page } from "../src/runListItems.js";
import { runQueryItems } from "../src/runQueryItems.js";
import { MAX_FILTER_CONDITIONS } from "../src/readPageInSlices.js";
import { buildTable } from "../src/Table.js";
import { prepareFilter } from "@itemfilter/core";

/** Issue 18, item 3: one request's work is bounded, and a long one does not hold up the others. */

const CREDS = { applicationKey: "app", authenticationToken: "tok" };
const JSON_TYPE = "application/json; charset=UTF-8";

function post(base: string, path: string, body: unknown): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const url = new URL(path, base);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent: false, headers: { "content-type": JSON_TYPE, "content-length": Buffer.byteLength(text) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started }));
    });
    req.on("error", reject);
    req.end(text);
  });
}

const notNull = (n: number) => Array.from({ length: n }, () => ({ item: "a", operator: "notNull" }));
const ROWS = 60_000;
const items = Array.from({ length: ROWS }, (_, i) => ({ id: `u${String(i).padStart(6, "0")}`, a: i, b: i % 7 }));

describe("issue 18 item 3: a cap on conditions, and evaluation in slices", () => {
  let emulator: Emulator;
  let url: string;
  beforeAll(async () => {
    emulator = createEmulator({ tables: { rows: { primaryKey: "id", items }, keyed: { primaryKey: "b", secondaryKey: "id", items } }, credentials: [CREDS] });
    url = await emulator.start(0);
  });
  afterAll(() => emulator.stop());

  it(`refuses a filter of more than ${MAX_FILTER_CONDITIONS} conditions before reading a row`, async () => {
    const answer = await post(url, "/listItems", { ...CREDS, table: "rows", filter: notNull(MAX_FILTER_CONDITIONS + 1) });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 400,
        message: "invalid filter: 301 conditions; one request takes at most 300 (as DynamoDB takes at most 300 operators in one expression); split the filter or check the rest locally",
      },
    });
    const at = await post(url, "/listItems", { ...CREDS, table: "rows", filter: notNull(MAX_FILTER_CONDITIONS), limit: 3 });
    expect(at.status).toBe(200);
    expect((JSON.parse(at.body) as { data: { items: unknown[] } }).data.items).toHaveLength(3);
  });

  it("answers a small request promptly while a long one is being evaluated", async () => {
    // Every row is checked against 300 conditions, the last false: the whole table is read and nothing matches.
    const slowFilter = [...notNull(MAX_FILTER_CONDITIONS - 1), { item: "b", operator: "equals", value: 99 }];
    const slow = post(url, "/listItems", { ...CREDS, table: "rows", filter: slowFilter });
    let slowDone: number | undefined;
    void slow.then(() => (slowDone = performance.now()));
    // Let the long request start its evaluation.
    await new Promise((r) => setTimeout(r, 20));
    const fast = await post(url, "/listItems", { ...CREDS, table: "rows", limit: 1 });
    const fastDone = performance.now();
    const slowAnswer = await slow;
    expect(fast.status).toBe(200);
    expect(slowAnswer.status).toBe(200);
    expect(JSON.parse(slowAnswer.body)).toEqual({ data: { items: [] } });
    // The small request was answered while the long one was still going (before the fix it waited for the
    // whole evaluation, so it finished after it). An order, not a timing: speed belongs in the bench.
    expect(slowDone === undefined || fastDone < slowDone).toBe(true);
  });

  it("gives the same pages as one unsliced read, with limits and startKeys", async () => {
    const filter = [...notNull(MAX_FILTER_CONDITIONS - 1), { item: "b", operator: "in", value: [1, 2] }];
    const table = buildTable("rows", { primaryKey: "id", items });
    const predicate = prepareFilter(filter as never) as (item: Record<string, unknown>) => boolean;
    for (const [limit, startKey] of [
      [undefined, undefined],
      [1, undefined],
      [66, undefined],
      [67, { primary: "u000100" }],
      [5000, { primary: "u059990" }],
      [undefined, { primary: "u059000" }],
    ] as const) {
      const expected: Page = runListItems({ table, predicate, limit, startKey, pageSize: 1000 });
      const answer = await post(url, "/listItems", { ...CREDS, table: "rows", filter, ...(limit === undefined ? {} : { limit }), ...(startKey === undefined ? {} : { startKey }) });
      expect(JSON.parse(answer.body)).toEqual({ data: expected });
    }
  });

  it("gives the same queryItems pages as one unsliced read, across more rows than a slice", async () => {
    const table = buildTable("keyed", { primaryKey: "b", secondaryKey: "id", items });
    const filter = { operator: "beginsWith", value: "u0599" } as const;
    const predicate = prepareFilter(filter, { secondaryKey: "id" }) as (item: Record<string, unknown>) => boolean;
    for (const [limit, searchForward, startKey] of [
      [50_000, true, undefined],
      [60_000, true, undefined],
      [45_000, true, { primary: 1, secondary: "u010000" }],
      [50_000, false, undefined],
      [30_000, false, { primary: 3, secondary: "u000500" }],
    ] as const) {
      const expected = runQueryItems({ table, filter, predicate, primary: undefined, limit, startKey, searchForward, pageSize: 1000 });
      const answer = await post(url, "/queryItems", { ...CREDS, table: "keyed", filter, limit, searchForward, ...(startKey === undefined ? {} : { startKey }) });
      expect(JSON.parse(answer.body)).toEqual({ data: expected });
    }
  });
});
