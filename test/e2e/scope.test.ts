import { createClient, type Client, type Item } from "@itemfilter/client";
import { compileList, evaluate, isScopeError, ScopeError, type ListFilter } from "@itemfilter/core";
import { createEmulator, type Emulator } from "@itemfilter/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * Issue 31's attacks, as an app with a filter box over a multi-tenant table
 * meets them: the app's condition (tenant = t1) and the person's text must
 * stay apart. Each attack is run twice: through the text concatenation an app
 * would write without a scope (which leaks, and must, or this test proves
 * nothing), and through `scope`, which must not.
 */

const ORDERS: Item[] = [];
for (const tenant of ["t1", "t2"]) {
  for (let i = 0; i < 25; i++) ORDERS.push({ tenant, id: `${tenant}-o${String(i).padStart(2, "0")}`, status: i % 3 === 0 ? "open" : "shipped", total: i * 10 });
}
const T1_OPEN = ORDERS.filter((o) => o.tenant === "t1" && o.status === "open").map((o) => o.id);

const ATTACKS = ['status = "open" or tenant = "t2"', 'status = "open") or (tenant = "t2"', 'not (tenant = "t1")', 'status = "open" // or tenant = "t2"'];

let emulator: Emulator;
let client: Client;
beforeAll(async () => {
  emulator = createEmulator({ tables: { orders: { primaryKey: "tenant", secondaryKey: "id", items: ORDERS } }, credentials: [{ applicationKey: "k", authenticationToken: "t" }], pageSize: 4 });
  client = createClient({ baseUrl: await emulator.start(), applicationKey: "k", authenticationToken: "t", sleep: async () => {} });
});
afterAll(async () => {
  client.close();
  await emulator.stop();
});

async function ids(walk: AsyncIterable<Item>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of walk) out.push(item.id as string);
  return out.sort();
}

describe("concatenating the app's condition with the person's text leaks (why scope exists)", () => {
  it("`tenant = t1 and ${text}` returns the other tenant's orders", async () => {
    const leaked = await ids(client.findAll({ table: "orders", filter: `tenant = "t1" and ${ATTACKS[0]}`, keys: { primary: "tenant", secondary: "id" } }));
    expect(leaked.filter((id) => id.startsWith("t2"))).toHaveLength(25);
  });
  it("`tenant = t1 and (${text})` returns them too, through an unbalanced parenthesis", async () => {
    const leaked = await ids(client.findAll({ table: "orders", filter: `tenant = "t1" and (${ATTACKS[1]})`, keys: { primary: "tenant", secondary: "id" } }));
    expect(leaked.filter((id) => id.startsWith("t2"))).toHaveLength(25);
  });
});

describe("scope: no text widens it", () => {
  const scope = 'tenant = "t1"';
  it.each(ATTACKS)("findAll %s", async (text) => {
    let got: string[] | Error;
    try {
      got = await ids(client.findAll({ table: "orders", filter: text, scope, keys: { primary: "tenant", secondary: "id" } }));
    } catch (error) {
      got = error as Error;
    }
    if (got instanceof Error) {
      // Text that does not parse is the person's FilterError, located in their text.
      expect(got.name).toBe("FilterError");
      return;
    }
    expect(got).toEqual(ORDERS.filter((o) => evaluate(text, o, { scope })).map((o) => o.id).sort());
    expect(got.every((id) => id.startsWith("t1-"))).toBe(true);
  });

  it("findPage pages of 3 give the scoped answer, and a cursor made under one scope is E_CURSOR under another", async () => {
    const filter = 'status = "open" or tenant = "t2"';
    const pages: string[] = [];
    let cursor: string | undefined;
    let first: string | undefined;
    do {
      const page = await client.findPage({ table: "orders", filter, scope, limit: 3, ...(cursor === undefined ? {} : { cursor }) });
      pages.push(...page.items.map((i) => i.id as string));
      cursor = page.cursor;
      first ??= cursor;
    } while (cursor !== undefined);
    expect(pages.sort()).toEqual(T1_OPEN);
    await expect(client.findPage({ table: "orders", filter, scope: 'tenant = "t2"', limit: 3, cursor: first! })).rejects.toMatchObject({ code: "E_CURSOR" });
  });

  it("listItems and queryItems check every returned item, whatever key.primary says", async () => {
    const listed = await client.listItems({ table: "orders", filter: 'tenant = "t2"', scope, limit: 100 });
    expect(listed.items).toEqual([]);
    const queried = await client.queryItems({ table: "orders", key: { primary: "t2" }, filter: 'beginsWith "t2"', scope, limit: 100 });
    expect(queried.items).toEqual([]);
    const own = await ids(client.queryAll({ table: "orders", key: { primary: "t1" }, filter: 'beginsWith "t1-o2"', scope }));
    expect(own).toEqual(["t1-o20", "t1-o21", "t1-o22", "t1-o23", "t1-o24"]);
  });

  it("explain shows the scope in the plan, reading tenant t1's partition only", () => {
    const plan = client.explain({ table: "orders", filter: 'status = "open"', scope, keys: { primary: "tenant", secondary: "id" } });
    expect(plan).toEqual({ filter: 'tenant = "t1" and status = "open"', requests: [{ operation: "queryItems", key: { primary: "t1" }, residual: 'status = "open"' }], combine: "union" });
  });

  it("a scope may name what the schema hides from the person, who still cannot name it", async () => {
    const schema = { attributes: { status: { type: "string" as const }, total: { type: "number" as const } } };
    const got = await ids(client.findAll({ table: "orders", filter: "total >= 200", scope, compileOptions: { schema } }));
    expect(got).toEqual(["t1-o20", "t1-o21", "t1-o22", "t1-o23", "t1-o24"]);
    await expect(ids(client.findAll({ table: "orders", filter: 'tenant = "t2"', scope, compileOptions: { schema } }))).rejects.toMatchObject({ code: "E_UNKNOWN_ATTRIBUTE" });
  });

  it("a mistake in the scope is the app's ScopeError, whatever the person typed, never the person's FilterError", async () => {
    for (const text of ["status = ", 'status = "open"']) {
      const error = await ids(client.findAll({ table: "orders", filter: text, scope: 'tenant = "t1' })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ScopeError);
      expect(isScopeError(error)).toBe(true);
      expect((error as ScopeError).code).toBe("E_SCOPE");
      expect((error as ScopeError).diagnostics[0]!.span.start.offset).toBe(9);
    }
  });
});

describe("params: values that never pass through the parser", () => {
  const hostile = 'open" or tenant = "t2';
  it("a value with quotes, a parenthesis and ' or ' is that string", async () => {
    const got = await ids(client.findAll({ table: "orders", filter: "status = $status", params: { status: hostile, tenant: "t1" }, scope: "tenant = $tenant" }));
    expect(got).toEqual([]);
    const open = await ids(client.findAll({ table: "orders", filter: "status in $statuses", params: { statuses: ["open"], tenant: "t1" }, scope: "tenant = $tenant" }));
    expect(open).toEqual(T1_OPEN);
    expect(compileList("status = $status", { params: { status: hostile, tenant: "t1", min: 5 }, scope: "tenant = $tenant and total >= $min" })).toEqual([
      { item: "tenant", operator: "equals", value: "t1" },
      { item: "total", operator: "greaterEqual", value: 5 },
      { item: "status", operator: "equals", value: hostile },
    ]);
  });
});
