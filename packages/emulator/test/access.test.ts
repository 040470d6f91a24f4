import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TENANT_ORDERS } from "../../../test/support/tenantOrders.js";
import { createEmulator, memoryStore, parseAccessFile, type Credentials, type Emulator, type Item, type ListRead, type Store } from "../src/index.js";

const sha = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");
const JSON_TYPE = "application/json; charset=UTF-8";

const tables = {
  orders: { primaryKey: "customer", secondaryKey: "at", items: TENANT_ORDERS },
  products: { primaryKey: "sku", items: [{ sku: "p1" }] },
  secrets: { primaryKey: "id", items: [{ id: "s1" }] },
};
const T1: Credentials = { applicationKey: "shop-t1", authenticationTokenSha256: sha("token-t1"), tables: { orders: { scope: 'tenant = "t1"' }, products: {} } };
const T2_OR_SHARED: Credentials = { applicationKey: "shop-t2", authenticationToken: "token-t2", tables: { orders: { scope: 'tenant = "t2" and not (shared = \"yes\")' } } };
const ADMIN: Credentials = { applicationKey: "admin", authenticationTokenSha256: sha("token-admin").toUpperCase() };
const OR_SCOPE: Credentials = { applicationKey: "either", authenticationToken: "token-either", tables: { orders: { scope: 'customer = "c2" or total >= 70' } } };

interface Answer {
  status: number;
  body: string;
  type: string | null;
}

async function post(emulator: Emulator, operation: string, members: Record<string, unknown>): Promise<Answer> {
  const res = await emulator.fetch(`http://x/${operation}`, { method: "POST", headers: { "Content-Type": JSON_TYPE }, body: JSON.stringify(members) });
  return { status: res.status, body: await res.text(), type: res.headers.get("content-type") };
}

const as = (key: string, token: string) => ({ applicationKey: key, authenticationToken: token });
const totals = (answer: Answer): number[] => (JSON.parse(answer.body) as { data: { items: Item[] } }).data.items.map((i) => i.total as number);

/** Every page of a listItems or queryItems, following stopKey: the totals of the items, in order. */
async function allPages(emulator: Emulator, operation: string, members: Record<string, unknown>): Promise<number[]> {
  const out: number[] = [];
  let startKey: unknown;
  for (let pages = 0; pages < 50; pages++) {
    const answer = await post(emulator, operation, startKey === undefined ? members : { ...members, startKey });
    expect(answer.status).toBe(200);
    const data = (JSON.parse(answer.body) as { data: { items: Item[]; stopKey?: unknown } }).data;
    out.push(...data.items.map((i) => i.total as number));
    if (data.stopKey === undefined) return out;
    startKey = data.stopKey;
  }
  throw new Error("more than 50 pages");
}

describe("credentials with tables and scopes (issue 31 §4)", () => {
  const emulator = createEmulator({ tables, credentials: [T1, T2_OR_SHARED, ADMIN, OR_SCOPE], pageSize: 2 });
  // The same emulator, with only the tables tenant t2 may read.
  const withoutThem = createEmulator({ tables: { orders: tables.orders }, credentials: [T2_OR_SHARED], pageSize: 2 });

  it.each([
    ["a hashed token", as("shop-t1", "token-t1"), 200],
    ["a hashed token given in capitals", as("admin", "token-admin"), 200],
    ["a plain token", as("shop-t2", "token-t2"), 200],
    ["the hash sent as the token", as("shop-t1", sha("token-t1")), 401],
    ["another key's token", as("shop-t1", "token-t2"), 401],
    ["a token with a trailing newline", as("shop-t1", "token-t1\n"), 401],
    ["an unknown key", as("nobody", "token-t1"), 401],
    ["an empty token", as("shop-t1", ""), 401],
  ])("lets in %s: %s", async (_what, creds, status) => {
    const answer = await post(emulator, "listItems", { ...creds, table: "orders", limit: 1 });
    expect(answer.status).toBe(status);
    if (status === 401) expect(answer.body).toBe('{"error":{"code":401,"message":"unknown applicationKey or authenticationToken"}}');
  });

  it("answers each token the same however many it has seen (the digests it remembers are emptied past 64)", async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 70; i++) expect((await post(emulator, "listItems", { ...as("shop-t1", `guess-${i}`), table: "orders", limit: 1 })).status).toBe(401);
      expect((await post(emulator, "listItems", { ...as("shop-t1", "token-t1"), table: "orders", limit: 1 })).status).toBe(200);
      expect((await post(emulator, "listItems", { ...as("shop-t2", "token-t1"), table: "orders", limit: 1 })).status).toBe(401);
    }
  });

  it.each([
    ["listItems", "secrets"],
    ["queryItems", "secrets"],
    ["listItems", "products"],
    ["listItems", "constructor"],
    ["listItems", "__proto__"],
  ])("answers %s on a table the key does not list (%s) exactly as on one that does not exist", async (operation, table) => {
    const unlisted = await post(emulator, operation, { ...as("shop-t2", "token-t2"), table });
    const missing = await post(withoutThem, operation, { ...as("shop-t2", "token-t2"), table });
    expect(unlisted).toEqual(missing);
    expect(unlisted).toEqual({ status: 404, type: JSON_TYPE, body: JSON.stringify({ error: { code: 404, message: `there is no table ${JSON.stringify(table)}` } }) });
  });

  it("names no other table in a 404, whatever the key may read", async () => {
    expect((await post(emulator, "listItems", { ...as("admin", "token-admin"), table: "order" })).body).toBe('{"error":{"code":404,"message":"there is no table \\"order\\""}}');
  });

  it("reads every table, unscoped, for a key without tables", async () => {
    expect(await allPages(emulator, "listItems", { ...as("admin", "token-admin"), table: "orders" })).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
    expect((await post(emulator, "listItems", { ...as("admin", "token-admin"), table: "secrets" })).status).toBe(200);
  });

  // Each request tries to reach tenant t2's orders with the key scoped to t1: only t1's come back.
  it.each([
    ["no filter", "listItems", {}, [10, 20, 30, 70]],
    ["tenant = t2", "listItems", { filter: [{ item: "tenant", operator: "equals", value: "t2" }] }, []],
    ["tenant != t1", "listItems", { filter: { item: "tenant", operator: "notEquals", value: "t1" } }, []],
    ["tenant null", "listItems", { filter: [{ item: "tenant", operator: "null" }] }, []],
    ["total >= 40 (mostly t2's)", "listItems", { filter: [{ item: "total", operator: "greaterEqual", value: 40 }] }, [70]],
    ["a limit of 1 item a page", "listItems", { limit: 1 }, [10, 20, 30, 70]],
    ["a startKey from t2's page", "listItems", { startKey: { primary: "c3", secondary: "2024-01" } }, [70]],
    ["a startKey on a t2-only customer", "listItems", { startKey: { primary: "c3" } }, [70]],
    ["key.primary of t2's customer", "queryItems", { key: { primary: "c3" } }, []],
    ["key.primary of a shared customer", "queryItems", { key: { primary: "c4" } }, [70]],
    ["a query on every partition (in secondary key order)", "queryItems", {}, [10, 30, 20, 70]],
    ["a query backwards with a startKey from t2's page", "queryItems", { key: { primary: "c4" }, searchForward: false, startKey: { primary: "c4", secondary: "2024-02" } }, []],
    ["a query filter that t2's orders match", "queryItems", { filter: { operator: "equals", value: "2024-01" } }, [10, 30]],
  ])("scopes %s on %s to tenant t1", async (_what, operation, members, expected) => {
    expect(await allPages(emulator, operation, { ...as("shop-t1", "token-t1"), table: "orders", ...members })).toEqual(expected);
  });

  it.each([
    ["and not", "shop-t2", "token-t2", [40, 50, 60]],
    ["an or across attributes (no list form: checked on each item only)", "either", "token-either", [30, 70, 80]],
  ])("scopes with %s", async (_what, key, token, expected) => {
    expect(await allPages(emulator, "listItems", { ...as(key, token), table: "orders" })).toEqual(expected);
    expect(await allPages(emulator, "listItems", { ...as(key, token), table: "orders", limit: 1 })).toEqual(expected);
    expect((await allPages(emulator, "queryItems", { ...as(key, token), table: "orders" })).sort()).toEqual(expected);
  });
});

describe("the store evaluates the scope with the request's filter (issue 40)", () => {
  const reads: ListRead[] = [];
  const inner = memoryStore(tables);
  const store: Store = { ...inner, listItems: (read) => (reads.push(read), inner.listItems(read)) };
  const emulator = createEmulator({ store, credentials: [T1, OR_SCOPE], pageSize: 2 });

  it.each([
    ["shop-t1", "token-t1", 'tenant = "t1"', [10, 20]],
    // An or across attributes has no list form; the page still fills with items in the scope.
    ["either", "token-either", 'customer = "c2" or total >= 70', [30, 70]],
  ])("%s: the request's filters and the scope go to the store apart, and the page fills with items in the scope", async (key, token, scopeText, expected) => {
    reads.length = 0;
    const filter = [{ item: "total", operator: "greaterThan", value: 5 }];
    const answer = await post(emulator, "listItems", { ...as(key, token), table: "orders", filter });
    expect(answer.status).toBe(200);
    expect(reads.map((r) => [r.filters, r.scope?.text])).toEqual([[filter, scopeText]]);
    expect(totals(answer)).toEqual(expected);
  });

  it("refuses a request whose conditions and the scope's are more than one request takes, and never runs it without the scope", async () => {
    reads.length = 0;
    const filter = Array.from({ length: 300 }, () => ({ item: "total", operator: "greaterThan", value: 0 }));
    const answer = await post(emulator, "listItems", { ...as("shop-t1", "token-t1"), table: "orders", filter });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      400,
      { error: { code: 400, message: "invalid filter: 301 conditions (300 in the filter and 1 in the key's scope, which every item is checked against too); one request takes at most 300 (as DynamoDB takes at most 300 operators in one expression); split the filter or check the rest locally" } },
    ]);
    expect(reads).toEqual([]);
    expect(await allPages(emulator, "listItems", { ...as("shop-t1", "token-t1"), table: "orders", filter: filter.slice(1) })).toEqual([10, 20, 30, 70]);
  });
});

describe("a table the key may not read never reaches the store (issue 40: table names by timing)", () => {
  it.each(["secrets", "nope-not-a-table"])("%s: the 404 comes before the store is asked anything", async (table) => {
    const asked: string[] = [];
    const inner = memoryStore(tables);
    const store: Store = { ...inner, table: (name) => (asked.push(name), inner.table(name)) };
    const emulator = createEmulator({ store, credentials: [T1] });
    for (const operation of ["listItems", "queryItems"]) {
      const answer = await post(emulator, operation, { ...as("shop-t1", "token-t1"), table });
      expect([answer.status, answer.body]).toEqual([404, JSON.stringify({ error: { code: 404, message: `there is no table ${JSON.stringify(table)}` } })]);
    }
    expect(asked).toEqual([]);
    // A table it may read is looked up as before.
    expect((await post(emulator, "listItems", { ...as("shop-t1", "token-t1"), table: "products" })).status).toBe(200);
    expect(asked).toEqual(["products"]);
  });
});

describe("credentials are checked when the emulator is made", () => {
  const base = { applicationKey: "k", authenticationToken: "t" };
  it.each<[string, unknown, string]>([
    ["an unknown member", [{ ...base, table: { orders: {} } }], 'credentials[0] has an unknown member "table"; a credential takes applicationKey, authenticationToken, authenticationTokenSha256, tables'],
    ["no key", [{ authenticationToken: "t" }], "credentials[0].applicationKey must be a non-empty string"],
    ["no token", [{ applicationKey: "k" }], "credentials[0] needs authenticationTokenSha256 (the SHA-256 of the token, in hex) or authenticationToken"],
    ["both tokens", [{ ...base, authenticationTokenSha256: sha("t") }], "credentials[0] has both authenticationToken and authenticationTokenSha256; give one (the SHA-256, in a file)"],
    ["a short hash", [{ applicationKey: "k", authenticationTokenSha256: "ab12" }], "credentials[0].authenticationTokenSha256 must be 64 hexadecimal digits: the SHA-256 of the token's UTF-8 bytes"],
    ["a hash that is not hex", [{ applicationKey: "k", authenticationTokenSha256: "g".repeat(64) }], "credentials[0].authenticationTokenSha256 must be 64 hexadecimal digits: the SHA-256 of the token's UTF-8 bytes"],
    ["the empty token's hash", [{ applicationKey: "k", authenticationTokenSha256: sha("") }], 'credentials[0].authenticationTokenSha256 is the SHA-256 of the empty string, which would let in an empty token; hash the token itself (printf %s "$TOKEN" | sha256sum)'],
    ["tables as an array", [{ ...base, tables: ["orders"] }], 'credentials[0].tables must be an object of tables by name, such as {"orders": {"scope": "tenant = \\"t1\\""}, "products": {}}'],
    ["no tables", [{ ...base, tables: {} }], "credentials[0].tables lists no table, so the credential could read nothing; list its tables, or leave out tables for every table"],
    ["a table as true", [{ ...base, tables: { orders: true } }], 'credentials[0].tables.orders must be an object: {} for every item, or {"scope": "…"} for the items a filter selects'],
    ["an unknown table member", [{ ...base, tables: { "my orders": { scopes: "a = 1" } } }], 'credentials[0].tables["my orders"] has an unknown member "scopes"; a table takes only "scope"'],
    ["a scope that is not a string", [{ ...base, tables: { orders: { scope: 1 } } }], 'credentials[0].tables.orders.scope must be a string: a filter, such as tenant = "t1"'],
    ["a scope that does not parse", [{ ...base, tables: { orders: { scope: "tenant = " } } }], "credentials[0].tables.orders.scope is not a filter: E_SYNTAX at 1:10: expected a value after '=', found end of input"],
    ["an empty scope", [{ ...base, tables: { orders: { scope: "  " } } }], "credentials[0].tables.orders.scope selects every item, as an empty filter does; leave out scope for that"],
    ["a scope without an attribute", [{ ...base, tables: { orders: { scope: ">= 3" } } }], "credentials[0].tables.orders.scope is not a filter: E_SYNTAX at 1:1: expected an attribute name before '>='"],
    ["a bad second credential", [base, { ...base, applicationKey: "" }], "credentials[1].applicationKey must be a non-empty string"],
  ])("refuses %s", (_what, credentials, message) => {
    expect(() => createEmulator({ tables, credentials: credentials as Credentials[] })).toThrow(`E_OPTIONS: ${message}`);
  });

  it("takes several tokens for one key, each with its own tables", async () => {
    const emulator = createEmulator({ tables, credentials: [{ ...base, tables: { products: {} } }, { applicationKey: "k", authenticationToken: "u" }] });
    expect((await post(emulator, "listItems", { ...as("k", "t"), table: "secrets" })).status).toBe(404);
    expect((await post(emulator, "listItems", { ...as("k", "u"), table: "secrets" })).status).toBe(200);
  });

  it("never puts a token or its hash in a message", () => {
    const secret = "tok-SECRET-1234";
    for (const credentials of [[{ applicationKey: "k", authenticationToken: secret, tables: {} }], [{ applicationKey: "k", authenticationTokenSha256: sha(secret), authenticationToken: secret }]]) {
      const error = (() => {
        try {
          createEmulator({ tables, credentials: credentials as Credentials[] });
        } catch (e) {
          return e as Error;
        }
        return undefined;
      })();
      expect(error?.message).not.toContain(secret);
      expect(error?.message).not.toContain(sha(secret));
    }
  });
});

describe("parseAccessFile", () => {
  const key = (name: string, token = "t") => `{"applicationKey": "${name}", "authenticationToken": "${token}"`;
  it.each([
    ["the same names in sibling objects", `{"credentials": [${key("a")}, "tables": {"x": {}}}, ${key("b")}, "tables": {"x": {}}}]}`, undefined],
    ["names that differ only by an escape", `{"credentials": [${key("a")}, "tables": {"a\\"b": {}, "a\\\\\\"b": {}}}]}`, undefined],
    ["a name written twice, once escaped", `{"credentials": [${key("a")}, "tables": {"\\u0078": {"scope": "a = 1"}, "x": {}}}]}`, "credentials[0].tables.x is given twice; JSON would keep only the last, so say it once"],
    ["a scope given twice", `{"credentials": [${key("a")}, "tables": {"x y": {"scope": "a = 1", "scope": "a = 2"}}}]}`, 'credentials[0].tables["x y"].scope is given twice; JSON would keep only the last, so say it once'],
    ["credentials given twice", `{"credentials": [${key("a")}}], "credentials": [${key("b")}}]}`, "credentials is given twice; JSON would keep only the last, so say it once"],
    ["a token given twice, in the second credential", `{"credentials": [${key("a")}}, ${key("b")}, "authenticationToken": "u"}]}`, "credentials[1].authenticationToken is given twice; JSON would keep only the last, so say it once"],
  ])("%s", (_what, text, problem) => {
    const read = () => parseAccessFile(text, "access.json");
    if (problem === undefined) expect(read().credentials.length).toBeGreaterThan(0);
    else expect(read).toThrow(`E_FILE_SHAPE: access.json: ${problem}`);
  });

  it("lists the credentials that give a plain token, and takes a hashed one silently", () => {
    const text = JSON.stringify({ credentials: [{ applicationKey: "a", authenticationTokenSha256: sha("x") }, { applicationKey: "b", authenticationToken: "y" }] });
    expect(parseAccessFile(text, "access.json").plainTokens).toEqual(["credentials[1]"]);
  });

  it("gives the position of a JSON error, never the text around it", () => {
    expect(() => parseAccessFile('{"credentials": [{"authenticationToken": "tok-SECRET-77"}}', "access.json")).toThrow(/^E_FILE_JSON: access\.json:1: not valid JSON \(column \d+\)$/);
  });
});
