import { findPage } from "@itemfilter/dynamodb/run";
import { createDynamoStore } from "@itemfilter/dynamodb/store";
import { stringifyJson } from "@itemfilter/core";
import { createEmulator, type Credentials, type Emulator, type Item } from "@itemfilter/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDynamoBackend, type DynamoBackend } from "../support/dynamoBackend.js";
import { decodedCursor, foreignIn, ORACLE_ITEMS, ORACLE_SCOPES, oracleAnswer, SHARED_ITEMS, walkedItems, walkPages, type Post } from "../support/scopeOracle.js";

/*
 * Issue 40 §1 over DynamoDB (`serve --dynamodb-endpoint`, the same handler
 * with the DynamoDB store), in DynamoDB Local: the oracle's right and wrong
 * guesses get one answer, equal to the answer over a table holding only the
 * items in the scope; walks by a scoped credential, with limit 1 and 5, show
 * no key or value of another tenant, sealed stopKeys included, also when the
 * store stops at its budget of calls on every page.
 */

const JSON_TYPE = "application/json; charset=UTF-8";
const KEY = { applicationKey: "shop-t1", authenticationToken: "t1-token-40" };
let backend: DynamoBackend;

/** 600 items of 4 KB, three tenants interleaved: a Scan reads them in three of DynamoDB's 1 MB pages, so cursors fall inside them. */
const BIG_ITEMS: Item[] = Array.from({ length: 600 }, (_, i) => ({ id: `b${String(i).padStart(4, "0")}`, tenant: `t0${i % 3}`, n: i, pad: "x".repeat(4000) }));
const BIG_FOREIGN = BIG_ITEMS.filter((i) => i.tenant !== "t00").map((i) => i.id as string);

const inProcess =
  (emulator: Emulator): Post =>
  async (operation, members) => {
    const res = await emulator.fetch(`http://emulator.invalid/${operation}`, { method: "POST", headers: { "Content-Type": JSON_TYPE }, body: stringifyJson(members) });
    return { status: res.status, body: await res.text() };
  };
const serving = (credentials: Credentials[], options: { maxCallsPerPage?: number; pageSize?: number } = {}): Post =>
  inProcess(createEmulator({ store: createDynamoStore({ client: backend.client, ...(options.maxCallsPerPage === undefined ? {} : { maxCallsPerPage: options.maxCallsPerPage }) }), credentials, ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }) }));

beforeAll(async () => {
  backend = await startDynamoBackend({
    oracle: { key: "id", items: ORACLE_ITEMS },
    t1only: { key: "id", items: ORACLE_ITEMS.filter((i) => i.tenant === "t1") },
    shared: { key: "id", items: SHARED_ITEMS },
    byTenant: { key: "tenant", sortKey: "id", items: SHARED_ITEMS },
    big: { key: "id", items: BIG_ITEMS },
  });
}, 120_000);
afterAll(async () => {
  await backend?.close();
});

describe("the oracle of issue 40 over DynamoDB", () => {
  it.each(ORACLE_SCOPES)("scope %s: a right and a wrong guess get the answer a table of t1's items alone gives", async (scope) => {
    for (const pageSize of [1000, 100]) {
      const post = serving([{ ...KEY, tables: { oracle: { scope } } }], { pageSize });
      const alone = serving([{ ...KEY, tables: { t1only: {} } }], { pageSize });
      const aloneAnswer = async (extra: number): Promise<string> => {
        // The same request over t1only, the table without the items outside the scope.
        return oracleAnswer(alone, KEY, "wrong", extra, "t1only");
      };
      const answers = [await oracleAnswer(post, KEY, "hunter2", 0, "oracle"), await oracleAnswer(post, KEY, "wrong", 0, "oracle")];
      if (process.env.ITEMFILTER_PRINT_ORACLE === "1") {
        // For the record of the answers before and after (the report of issue 40): the 300 conditions too.
        const full = [await oracleAnswer(post, KEY, "hunter2", 299, "oracle"), await oracleAnswer(post, KEY, "wrong", 299, "oracle")];
        process.stderr.write(`dynamo oracle, scope ${scope}, pageSize ${pageSize}: 1 condition: ${answers.join(" | ")}; 300 conditions: ${full.join(" | ").replace(/invalid filter: .*?;.*?(\||$)/g, "invalid filter … $1")}\n`);
      }
      expect(answers).toEqual([await aloneAnswer(0), await aloneAnswer(0)]);
      const extra = 299 - scope.split(" and ").length;
      expect([await oracleAnswer(post, KEY, "hunter2", extra, "oracle"), await oracleAnswer(post, KEY, "wrong", extra, "oracle")]).toEqual(answers);
      expect(await oracleAnswer(post, KEY, "hunter2", 299, "oracle")).toMatch(/^400 invalid filter: 30[12] conditions/);
    }
  }, 60_000);
});

describe("a scoped credential over DynamoDB learns no key or value of another tenant", () => {
  const credentials: Credentials[] = [{ ...KEY, tables: { shared: { scope: 'tenant = "t00"' }, byTenant: { scope: 'tenant = "t00"' } } }];
  const orScope: Credentials[] = [{ ...KEY, tables: { shared: { scope: 'tenant = "t00" or n < 0' }, byTenant: { scope: 'tenant = "t00" or n < 0' } } }];
  const own = SHARED_ITEMS.filter((i) => i.tenant === "t00");
  const ids = (items: readonly Item[]): string[] => items.map((i) => i.id as string).sort();

  it.each([
    ["listItems", "shared", {}, own],
    ["listItems", "shared", { filter: { item: "note", operator: "notEquals", value: "note-of-t07" } }, own],
    ["listItems", "shared", { filter: { item: "n", operator: "greaterThan", value: 100 } }, own.filter((i) => (i.n as number) > 100)],
    // A filter that pins a partition is a Query of that partition: another tenant's gives nothing.
    ["listItems", "byTenant", { filter: { item: "tenant", operator: "equals", value: "t00" } }, own],
    ["listItems", "byTenant", { filter: { item: "tenant", operator: "equals", value: "t05" } }, []],
    ["queryItems", "byTenant", { key: { primary: "t00" } }, own],
    ["queryItems", "byTenant", { key: { primary: "t05" } }, []],
    ["queryItems", "byTenant", { key: { primary: "t05" }, filter: { operator: "beginsWith", value: "k" } }, []],
  ])("%s on %s %j, every page with limit 1 and 5, and at a budget of 1 call a page", async (operation, table, members, expected) => {
    for (const creds of [credentials, orScope]) {
      for (const maxCallsPerPage of [10, 1]) {
        const post = serving(creds, { maxCallsPerPage, pageSize: 3 });
        for (const limit of [1, 5, undefined]) {
          const bodies = await walkPages(post, operation, { ...KEY, table, ...members, ...(limit === undefined ? {} : { limit }) });
          expect(foreignIn(bodies.join("\n"))).toEqual([]);
          expect(ids(walkedItems(bodies))).toEqual(ids(expected));
        }
      }
    }
  }, 120_000);

  it("a page that stops at the budget before an item in the scope is sealed; sent back, it goes on; altered or sent by another scope, it is refused", async () => {
    const post = serving(credentials, { maxCallsPerPage: 1, pageSize: 3 });
    const bodies = await walkPages(post, "listItems", { ...KEY, table: "shared", limit: 1 });
    const stopKeys = bodies.map((b) => (JSON.parse(b) as { data: { stopKey?: Record<string, unknown> } }).data.stopKey).filter((k) => k !== undefined);
    const sealed = stopKeys.filter((k) => "sealed" in k!);
    expect(sealed.length).toBeGreaterThan(0);
    // A plain stopKey is always the key of an item in the scope.
    expect(stopKeys.filter((k) => !("sealed" in k!)).every((k) => own.some((i) => i.id === k!.primary))).toBe(true);
    const token = (sealed[0] as { sealed: string }).sealed;
    const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "AB" : "AA"}`;
    const refused = { status: 400, body: JSON.stringify({ error: { code: 400, message: "'startKey' is not a stopKey of this table; send back the stopKey unchanged" } }) };
    expect(await post("listItems", { ...KEY, table: "shared", startKey: { sealed: altered } })).toEqual(refused);
    expect(await serving(orScope, { maxCallsPerPage: 1 })("listItems", { ...KEY, table: "shared", startKey: { sealed: token } })).toEqual(refused);
    expect(await post("listItems", { ...KEY, table: "shared", startKey: { sealed: token, primary: "k000" } })).toEqual(refused);
  }, 60_000);
});

describe("@itemfilter/dynamodb findPage with a scope: no cursor holds a key outside it (decoded)", () => {
  it.each([
    ["no keys, a Scan", 1, {}, false, 100],
    ["no keys, a Scan", 5, {}, false, undefined],
    ["no keys, with fields", 5, { fields: ["n"] }, true, undefined],
    ["the table's keys, with fields", 5, { keys: { partition: "id" }, fields: ["n"] }, true, undefined],
  ])("%s, pages of %i", async (_what, limit, options, picked, maxPages) => {
    const got: Record<string, unknown>[] = [];
    const cursors: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await findPage(backend.client, { table: "big", filter: "n >= 0", scope: 'tenant = "t00"', limit, ...options, ...(cursor === undefined ? {} : { cursor }) });
      got.push(...page.items);
      cursor = page.cursor;
      if (cursor !== undefined) cursors.push(decodedCursor(cursor));
    } while (cursor !== undefined && ++pages < (maxPages ?? Infinity));
    const text = cursors.join("\n");
    expect(BIG_FOREIGN.filter((id) => text.includes(`"${id}"`))).toEqual([]);
    // Some cursor holds a key: the walk went past DynamoDB's first page.
    expect(text).toMatch(/"k":\{"id":\{"S":"b\d{4}"\}\}/);
    const own = BIG_ITEMS.filter((i) => i.tenant === "t00");
    expect(got.every((i) => own.some((o) => o.n === i.n))).toBe(true);
    if (maxPages === undefined) expect(got.map((i) => i.n as number).sort((a, b) => a - b)).toEqual(own.map((i) => i.n as number));
    if (picked) expect(got.every((i) => Object.keys(i).sort().join() === "n")).toBe(true);
  }, 120_000);
});
