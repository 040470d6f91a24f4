import { toNumberValue } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { createEmulator, memoryStore, type ListRead, type PageKey, type Store } from "../src/index.js";
import { pageKeySeal, type SealBinding } from "../src/sealPageKey.js";

const BINDING: SealBinding = { operation: "listItems", table: "orders", scope: 'tenant = "t1"' };
const KEY: PageKey = { primary: "c4", secondary: toNumberValue("12345678901234567890"), index: { name: "byTenant", primary: "t2" } };

describe("pageKeySeal", () => {
  const seal = pageKeySeal(new Uint8Array(32).fill(7));

  it("opens what it sealed under the same binding, every digit kept; two seals of one key differ", () => {
    const a = seal.seal(KEY, BINDING);
    const b = seal.seal(KEY, BINDING);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(seal.open(a, BINDING)).toEqual(KEY);
  });

  it.each<[string, (sealed: string) => [string, SealBinding]]>([
    ["for another operation", (t) => [t, { ...BINDING, operation: "queryItems" }]],
    ["for another table", (t) => [t, { ...BINDING, table: "orders2" }]],
    ["for another scope", (t) => [t, { ...BINDING, scope: 'tenant = "t2"' }]],
    ["with one character changed", (t) => [`${t.slice(0, 20)}${t[20] === "A" ? "B" : "A"}${t.slice(21)}`, BINDING]],
    ["cut short", (t) => [t.slice(0, 30), BINDING]],
    ["that is not base64url", () => ["a+b/c=", BINDING]],
    ["that is empty", () => ["", BINDING]],
    ["that is too long to be one", () => ["A".repeat(16_385), BINDING]],
  ])("opens nothing %s", (_what, change) => {
    const [text, binding] = change(seal.seal(KEY, BINDING));
    expect(seal.open(text, binding)).toBeUndefined();
  });

  it("opens nothing another secret sealed, and takes only a 32-byte secret", () => {
    expect(pageKeySeal(new Uint8Array(32).fill(8)).open(seal.seal(KEY, BINDING), BINDING)).toBeUndefined();
    expect(() => pageKeySeal(new Uint8Array(16))).toThrow("the page key secret must be 32 bytes");
  });
});

describe("the handler seals a stopKey a store marks opaque", () => {
  const reads: ListRead[] = [];
  const inner = memoryStore({ orders: { primaryKey: "id", items: [{ id: "a", tenant: "t1" }] } });
  // A store that stops at its budget on an item outside the scope, as the DynamoDB store may.
  const store: Store = { ...inner, listItems: async (read) => (reads.push(read), { items: [], stopKey: { primary: "other-tenants-key" }, opaque: true }) };
  const credentials = [
    { applicationKey: "t1", authenticationToken: "x", tables: { orders: { scope: 'tenant = "t1"' } } },
    { applicationKey: "t2", authenticationToken: "x", tables: { orders: { scope: 'tenant = "t2"' } } },
  ];
  const emulator = createEmulator({ store, credentials, pageKeySecret: new Uint8Array(32).fill(1) });
  const post = async (members: Record<string, unknown>) => {
    const res = await emulator.fetch("http://x/listItems", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ authenticationToken: "x", table: "orders", ...members }) });
    return { status: res.status, body: await res.text() };
  };

  it("sends it sealed, opens it when sent back, and refuses it from another scope", async () => {
    const first = await post({ applicationKey: "t1" });
    expect(first.body).not.toContain("other-tenants-key");
    const stopKey = (JSON.parse(first.body) as { data: { stopKey: { sealed: string } } }).data.stopKey;
    expect(Object.keys(stopKey)).toEqual(["sealed"]);
    reads.length = 0;
    expect((await post({ applicationKey: "t1", startKey: stopKey })).status).toBe(200);
    expect(reads.map((r) => r.startKey)).toEqual([{ primary: "other-tenants-key" }]);
    const refused = { status: 400, body: JSON.stringify({ error: { code: 400, message: "'startKey' is not a stopKey of this table; send back the stopKey unchanged" } }) };
    expect(await post({ applicationKey: "t2", startKey: stopKey })).toEqual(refused);
    expect(await post({ applicationKey: "t1", startKey: { sealed: 7 } })).toEqual(refused);
  });

  it("refuses a pageKeySecret that is not 32 bytes", () => {
    expect(() => createEmulator({ store, credentials, pageKeySecret: new Uint8Array(31) })).toThrow("E_OPTIONS: pageKeySecret must be 32 bytes");
  });
});
