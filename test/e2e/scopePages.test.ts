import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Item } from "@itemfilter/client";
import { stringifyJson } from "@itemfilter/core";
import { createEmulator, type Emulator } from "@itemfilter/emulator";
import { afterAll, describe, expect, it } from "vitest";
import { startServe } from "../../packages/cli/test/runCli.js";
import { decodedCursor, foreignIn, ORACLE_ITEMS, ORACLE_SCOPES, oracleAnswer, SHARED_ITEMS, walkedItems, walkPages, type Post } from "../support/scopeOracle.js";

/*
 * Issue 40 §1: where a page stops must not depend on what is outside the
 * scope. The oracle (a right and a wrong guess of another tenant's
 * value must give the same answer) through `serve --data --access`, and a walk
 * of every page by a scoped credential, which must show no key or value of
 * another tenant anywhere, cursors included. DynamoDB's side is
 * test/dynamodb/scopePages.dynamo.test.ts.
 */

const JSON_TYPE = "application/json; charset=UTF-8";
const KEY = { applicationKey: "shop-t1", authenticationToken: "t1-token-40" };
const dir = mkdtempSync(join(tmpdir(), "itemfilter-scope-pages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const httpPost =
  (url: string): Post =>
  async (operation, members) => {
    const res = await fetch(`${url}/${operation}`, { method: "POST", headers: { "Content-Type": JSON_TYPE }, body: stringifyJson(members) });
    return { status: res.status, body: await res.text() };
  };
const inProcess =
  (emulator: Emulator): Post =>
  async (operation, members) => {
    const res = await emulator.fetch(`http://emulator.invalid/${operation}`, { method: "POST", headers: { "Content-Type": JSON_TYPE }, body: stringifyJson(members) });
    return { status: res.status, body: await res.text() };
  };

const IN_SCOPE_AFTER_199 = ORACLE_ITEMS.filter((i, n) => n > 199 && i.tenant === "t1").length;

describe("the oracle of issue 40 through serve --data --access", () => {
  it.each(ORACLE_SCOPES.map((scope, s) => [scope, s + 1] as const))("scope %s: a right and a wrong guess get the same answer", async (scope, scopeConditions) => {
    writeFileSync(join(dir, "data.json"), stringifyJson({ tables: { t: { primaryKey: "id", items: ORACLE_ITEMS } } }));
    writeFileSync(join(dir, "access.json"), JSON.stringify({ credentials: [{ ...KEY, tables: { t: { scope } } }] }));
    const serving = await startServe(["serve", "--data", "data.json", "--access", "access.json", "--port", "0"], { cwd: dir });
    try {
      const post = httpPost(serving.url);
      // The request: 300 conditions, no room for the scope's: refused, never run without the scope.
      const full = `400 invalid filter: ${300 + scopeConditions} conditions (300 in the filter and ${scopeConditions} in the key's scope, which every item is checked against too); one request takes at most 300 (as DynamoDB takes at most 300 operators in one expression); split the filter or check the rest locally`;
      expect([await oracleAnswer(post, KEY, "hunter2", 299), await oracleAnswer(post, KEY, "wrong", 299)]).toEqual([full, full]);
      // With room for the scope, and with the single condition: every t1 item after k00199, in one page.
      const page = `200 stopKey null, ${IN_SCOPE_AFTER_199} items`;
      for (const extra of [0, 299 - scopeConditions]) {
        expect([await oracleAnswer(post, KEY, "hunter2", extra), await oracleAnswer(post, KEY, "wrong", extra)]).toEqual([page, page]);
      }
    } finally {
      await serving.stop();
    }
  }, 60_000);

  it.each(ORACLE_SCOPES)("scope %s, pages of 100: the stopKey is the 100th item in the scope, right guess or wrong", async (scope) => {
    const emulator = createEmulator({ tables: { t: { primaryKey: "id", items: ORACLE_ITEMS } }, credentials: [{ ...KEY, tables: { t: { scope } } }], pageSize: 100 });
    const post = inProcess(emulator);
    const page = '200 stopKey {"primary":"k00498"}, 100 items';
    expect([await oracleAnswer(post, KEY, "hunter2", 0), await oracleAnswer(post, KEY, "wrong", 0)]).toEqual([page, page]);
    expect([await oracleAnswer(post, KEY, "hunter2", 290), await oracleAnswer(post, KEY, "wrong", 290)]).toEqual([page, page]);
  });
});

describe("a scoped credential learns no key or value of another tenant (36 tenants, interleaved)", () => {
  const tables = {
    shared: { primaryKey: "id", items: SHARED_ITEMS },
    byTenant: { primaryKey: "tenant", secondaryKey: "id", items: SHARED_ITEMS },
    sharedOr: { primaryKey: "id", items: SHARED_ITEMS },
  };
  // sharedOr's scope has no listItems form (an or across attributes).
  const credentials = [{ ...KEY, tables: { shared: { scope: 'tenant = "t00"' }, byTenant: { scope: 'tenant = "t00"' }, sharedOr: { scope: 'tenant = "t00" or n < 0' } } }];
  const emulator = createEmulator({ tables, credentials, pageSize: 3 });
  const post = inProcess(emulator);
  const own = SHARED_ITEMS.filter((i) => i.tenant === "t00");
  const ids = (items: readonly Item[]): string[] => items.map((i) => i.id as string);

  it.each([
    ["listItems", "shared", {}, ids(own)],
    ["listItems", "shared", { filter: { item: "n", operator: "greaterEqual", value: 0 } }, ids(own)],
    ["listItems", "shared", { filter: { item: "note", operator: "notEquals", value: "note-of-t07" } }, ids(own)],
    ["listItems", "shared", { filter: { item: "n", operator: "greaterThan", value: 100 } }, ids(own.filter((i) => (i.n as number) > 100))],
    ["listItems", "sharedOr", {}, ids(own)],
    ["listItems", "sharedOr", { filter: { item: "n", operator: "greaterThan", value: 100 } }, ids(own.filter((i) => (i.n as number) > 100))],
    ["queryItems", "byTenant", {}, ids(own)],
    ["queryItems", "byTenant", { filter: { operator: "beginsWith", value: "k" } }, ids(own)],
    ["queryItems", "byTenant", { key: { primary: "t00" }, searchForward: false }, ids(own).reverse()],
    ["queryItems", "byTenant", { key: { primary: "t05" } }, []],
  ])("%s on %s %j, every page with limit 1 and 5", async (operation, table, members, expected) => {
    for (const limit of [1, 5, undefined]) {
      const bodies = await walkPages(post, operation, { ...KEY, table, ...members, ...(limit === undefined ? {} : { limit }) });
      expect(foreignIn(bodies.join("\n"))).toEqual([]);
      expect(ids(walkedItems(bodies))).toEqual(expected);
    }
  });

  it("a walk with limit 1 takes one page per item in the scope, whatever lies between (the last page has no stopKey)", async () => {
    const bodies = await walkPages(post, "listItems", { ...KEY, table: "shared", limit: 1 });
    expect(bodies).toEqual(own.map((item, i) => stringifyJson({ data: { items: [item], ...(i < own.length - 1 ? { stopKey: { primary: item.id } } : {}) } })));
  });

  it.each([
    ["shared", 1],
    ["shared", 5],
    ["sharedOr", 1],
    ["sharedOr", 5],
  ])("client findPage on %s with limit %i: no cursor holds another tenant's key", async (table, limit) => {
    const client = createClient({ baseUrl: "http://emulator.invalid", fetch: emulator.fetch, ...KEY });
    const got: Item[] = [];
    const cursors: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.findPage({ table, filter: 'note beginsWith "note"', limit, ...(cursor === undefined ? {} : { cursor }) });
      got.push(...page.items);
      cursor = page.cursor;
      if (cursor !== undefined) cursors.push(cursor, decodedCursor(cursor));
    } while (cursor !== undefined);
    expect(ids(got)).toEqual(ids(own));
    expect(cursors.length).toBeGreaterThan(0);
    expect(foreignIn(cursors.join("\n"))).toEqual([]);
  });
});
