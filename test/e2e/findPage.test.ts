import { ClientError, createClient, MAX_CURSOR_LENGTH, type Client, type FindPageResult, type Item } from "@itemfilter/client";
import { createEmulator } from "@itemfilter/emulator";
import { beforeEach, describe, expect, it } from "vitest";
import { cursorBinding, writeCursor } from "../../packages/client/src/pageCursor.js";

const CREDS = { applicationKey: "page-key", authenticationToken: "page-token" };
const USERS = Array.from({ length: 12 }, (_, i) => ({ id: `u${String(i).padStart(2, "0")}`, age: 10 + i * 5, plan: ["free", "pro", "team"][i % 3]! }));
const ORDERS = [
  { customer: "c1", at: 1, total: 5 },
  { customer: "c1", at: 2, total: 50 },
  { customer: "c2", at: 1, total: 7 },
];
const FILTER = 'age < 30 or plan = "pro"';

let sent: string[] = [];
function client(pageSize = 4): Client {
  const emulator = createEmulator({ tables: { users: { primaryKey: "id", items: USERS }, orders: { primaryKey: "customer", secondaryKey: "at", items: ORDERS } }, credentials: [CREDS], pageSize });
  return createClient({
    baseUrl: "http://emulator.invalid",
    ...CREDS,
    maxAttempts: 1,
    fetch: (url, init) => {
      sent.push(init.body);
      return emulator.fetch(url, init);
    },
  });
}
beforeEach(() => {
  sent = [];
});

async function pagesOf(c: Client, params: { table: string; filter: string; limit: number; keys?: { primary: string; secondary?: string } }): Promise<FindPageResult[]> {
  const pages: FindPageResult[] = [];
  let cursor: string | undefined;
  do {
    const page = await c.findPage({ ...params, ...(cursor === undefined ? {} : { cursor }) });
    pages.push(page);
    cursor = page.cursor;
  } while (cursor !== undefined);
  return pages;
}

/** The ClientError a call ends with, after checking nothing was sent for it. */
async function refusal(run: () => Promise<unknown>): Promise<ClientError> {
  const before = sent.length;
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientError);
  expect(sent.length).toBe(before);
  return error as ClientError;
}

const b64 = (text: string): string => Buffer.from(text, "utf8").toString("base64url");
const unb64 = (cursor: string): Record<string, unknown> => JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Record<string, unknown>;

describe("findPage: pages of an `or` filter (a plan of two requests)", () => {
  it("three pages of 3, 3 and 1 items, joined exactly findAll's items, the last without a cursor", async () => {
    const c = client();
    const pages = await pagesOf(c, { table: "users", filter: FILTER, limit: 3 });
    expect(pages.map((p) => p.items.map((i) => i.id))).toEqual([["u00", "u01", "u02"], ["u03", "u04", "u07"], ["u10"]]);
    expect(pages.map((p) => p.cursor === undefined)).toEqual([false, false, true]);
    const all: Item[] = [];
    for await (const item of c.findAll({ table: "users", filter: FILTER })) all.push(item);
    expect(pages.flatMap((p) => p.items)).toEqual(all);
  });

  it("ends without a cursor when the matches fill the last page exactly (no empty page follows)", async () => {
    const pages = await pagesOf(client(), { table: "users", filter: FILTER, limit: 7 });
    expect(pages.map((p) => p.items.length)).toEqual([7]);
    expect(pages[0]!.cursor).toBeUndefined();
  });

  it("gives one empty page, without a cursor, when nothing matches", async () => {
    expect(await pagesOf(client(), { table: "users", filter: "age > 1000 or plan = 'gold'", limit: 2 })).toEqual([{ items: [] }]);
  });

  it("pages a partition query (queryItems) with the table's keys", async () => {
    const pages = await pagesOf(client(1), { table: "orders", filter: 'customer = "c1" or total < 10', limit: 1, keys: { primary: "customer", secondary: "at" } });
    expect(pages.map((p) => p.items)).toEqual([[ORDERS[0]], [ORDERS[1]], [ORDERS[2]]]);
  });

  it("serves page 2 from another client (another process): the cursor holds all the state", async () => {
    const first = await client().findPage({ table: "users", filter: FILTER, limit: 3 });
    const second = await client().findPage({ table: "users", filter: FILTER, limit: 3, cursor: first.cursor! });
    expect(second.items.map((i) => i.id)).toEqual(["u03", "u04", "u07"]);
  });

  it("writes the cursor as a bounded base64url string", async () => {
    const { cursor } = await client().findPage({ table: "users", filter: FILTER, limit: 1 });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor!.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
    expect(MAX_CURSOR_LENGTH).toBe(4096);
  });

  it("types items as the app says (default Item)", async () => {
    interface User {
      id: string;
      age: number;
      plan: string;
    }
    const page = await client().findPage<User>({ table: "users", filter: FILTER, limit: 2 });
    const ages: number[] = page.items.map((u) => u.age);
    expect(ages).toEqual([10, 15]);
  });
});

describe("findPage refuses a cursor that is not this page's, before anything is sent (E_CURSOR)", () => {
  let cursor: string;
  let c: Client;
  beforeEach(async () => {
    c = client();
    cursor = (await c.findPage({ table: "users", filter: FILTER, limit: 3 })).cursor!;
    sent = [];
  });

  it("with another filter", async () => {
    const error = await refusal(() => c.findPage({ table: "users", filter: 'age < 31 or plan = "pro"', limit: 3, cursor }));
    expect(error.code).toBe("E_CURSOR");
    expect(error.operation).toBe("findPage");
  });

  it("with another table", async () => {
    expect((await refusal(() => c.findPage({ table: "orders", filter: FILTER, limit: 3, cursor }))).code).toBe("E_CURSOR");
  });

  it("with other keys", async () => {
    expect((await refusal(() => c.findPage({ table: "users", filter: FILTER, limit: 3, cursor, keys: { primary: "id" } }))).code).toBe("E_CURSOR");
  });

  it("with the same filter written otherwise, it is the same filter (accepted)", async () => {
    const page = await c.findPage({ table: "users", filter: "AGE < 30 OR plan == 'pro'".replace("AGE", "age").replace("OR", "or"), limit: 3, cursor });
    expect(page.items.map((i) => i.id)).toEqual(["u03", "u04", "u07"]);
  });

  // Issue 33 §4: the client README's example, checked: spacing and brackets do not matter, the case of a name does.
  it("the README's example: age<30 and ( age < 30 ) are age < 30; AGE < 30 is another filter", async () => {
    const first = await c.findPage({ table: "users", filter: "age < 30", limit: 1 });
    for (const filter of ["age<30", "( age < 30 )"]) expect((await c.findPage({ table: "users", filter, limit: 1, cursor: first.cursor! })).items).toHaveLength(1);
    expect((await refusal(() => c.findPage({ table: "users", filter: "AGE < 30", limit: 1, cursor: first.cursor! }))).code).toBe("E_CURSOR");
  });

  it("altered: any one character changed", async () => {
    for (let at = 0; at < cursor.length; at++) {
      const swapped = cursor[at] === "A" ? "B" : "A";
      const altered = cursor.slice(0, at) + swapped + cursor.slice(at + 1);
      const error = await refusal(() => c.findPage({ table: "users", filter: FILTER, limit: 3, cursor: altered }));
      expect(error.code).toBe("E_CURSOR");
    }
  });

  it("altered: its state rewritten (request, skip, startKey) without the seal", async () => {
    const body = unb64(cursor);
    expect(body).toMatchObject({ v: 1, r: 0, s: 3 });
    for (const change of [{ r: 1 }, { s: 0 }, { s: 2 }, { s: 4 }, { k: { primary: "u00" } }, { r: 5 }, { v: 2 }, { extra: 1 }, { s: -1 }, { s: 1.5 }, { r: "1" }]) {
      const error = await refusal(() => c.findPage({ table: "users", filter: FILTER, limit: 3, cursor: b64(JSON.stringify({ ...body, ...change })) }));
      expect(error.code).toBe("E_CURSOR");
    }
  });

  // Issue 33 §4: a forged key nested past what the seal reads was E_PROTOCOL, blaming the service.
  it.each([256, 450])("altered: a startKey nested %i deep is the cursor's error", async (depth) => {
    const body = unb64(cursor);
    const forged = b64(JSON.stringify({ ...body, k: JSON.parse(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`) as unknown }));
    expect(forged.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
    const error = await refusal(() => c.findPage({ table: "users", filter: FILTER, limit: 3, cursor: forged }));
    expect({ code: error.code, message: error.message }).toEqual({
      code: "E_CURSOR",
      message: "findPage: the cursor is not one a page made, or it was altered; pass back the cursor of the previous page unchanged, with the same table, filter and keys (or leave it out for the first page)",
    });
  });

  it("not a cursor at all: empty, too long, not base64url, not JSON, not an object, not a string", async () => {
    const bad: unknown[] = ["", "x".repeat(MAX_CURSOR_LENGTH + 1), "not a cursor!", b64("{"), b64("[1]"), b64("null"), b64('"s"'), 42, {}, null, Buffer.from([0xff, 0xfe]).toString("base64url")];
    for (const value of bad) {
      const error = await refusal(() => c.findPage({ table: "users", filter: FILTER, limit: 3, cursor: value as string }));
      expect(error.code).toBe("E_CURSOR");
    }
  });

  it("re-sealed by someone who knows the scheme, it still reads only this filter on this table: never a wider read", async () => {
    // The seal is a plain digest, so it can be forged; what a forged state can do is bounded: it picks where
    // in this plan to start, and every item still passes this filter's plan on this table.
    const plan = c.explain({ table: "users", filter: FILTER });
    const binding = cursorBinding("users", plan, undefined);
    for (const state of [{ request: 0, startKey: { primary: "u05" }, skip: 0 }, { request: 1, skip: 0 }, { request: 1, startKey: { primary: "u00" }, skip: 2 }]) {
      const page = await c.findPage({ table: "users", filter: FILTER, limit: 20, cursor: writeCursor(binding, state) });
      for (const item of page.items) expect((item.age as number) < 30 || item.plan === "pro").toBe(true);
      for (const body of sent) expect(JSON.parse(body)).toMatchObject({ table: "users" });
    }
    // A forged state naming a request the plan does not have is still refused.
    expect((await refusal(() => c.findPage({ table: "users", filter: FILTER, limit: 3, cursor: writeCursor(binding, { request: 2, skip: 0 }) }))).code).toBe("E_CURSOR");
  });

  it("refuses a limit outside 1 to 10,000 (E_ARGUMENT)", async () => {
    for (const limit of [0, -1, 1.5, 10_001, Number.NaN, "3" as unknown as number]) {
      expect((await refusal(() => c.findPage({ table: "users", filter: FILTER, limit }))).code).toBe("E_ARGUMENT");
    }
  });
});
