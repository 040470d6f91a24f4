import { createHash } from "node:crypto";
import { createClient } from "@itemfilter/client";
import { evaluate, parse, type FilterNode } from "@itemfilter/core";
import type { Item } from "@itemfilter/emulator";
import { expect } from "vitest";
import { TENANT_ORDERS } from "../../../test/support/tenantOrders.js";

/** The shared table, and the access file that gives each tenant its own part of it, for `serve --access` over the demo emulator and over DynamoDB Local alike. */
export const TENANT_TABLE = "tenant_orders";
export const TENANT_DATA = { tables: { [TENANT_TABLE]: { primaryKey: "customer", secondaryKey: "at", items: TENANT_ORDERS } } };

export const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");
export const T1 = { applicationKey: "shop-t1", authenticationToken: "token-t1-8f2c" };
export const T2 = { applicationKey: "shop-t2", authenticationToken: "token-t2-41aa" };
const T1_SCOPE = 'tenant = "t1"';

/** t1's token is stored hashed, t2's in plain text (accepted, with a warning). */
export const TENANT_ACCESS = {
  credentials: [
    { applicationKey: T1.applicationKey, authenticationTokenSha256: sha256(T1.authenticationToken), tables: { [TENANT_TABLE]: { scope: T1_SCOPE }, products: {} } },
    { applicationKey: T2.applicationKey, authenticationToken: T2.authenticationToken, tables: { [TENANT_TABLE]: { scope: 'tenant = "t2"' } } },
  ],
};

/** Filters a t1 client might send to reach t2's orders. */
export const HOSTILE_FILTERS = [
  "",
  'tenant = "t2"',
  'tenant = "t1" or tenant = "t2"',
  'not (tenant = "t1")',
  'total > 0 or tenant = "t2"',
  'customer = "c3"',
  'customer in ("c3", "c4") and at beginsWith "2024"',
  'not (tenant = "t1" and total < 100)',
];

/** The items evaluate selects with the scope and the filter joined as trees (never as text). */
export function scopedExpectation(items: readonly Item[], scope: string, filter: string): Item[] {
  const scopeBody = parse(scope).body!;
  const filterBody = parse(filter).body;
  const span = scopeBody.span;
  const both: FilterNode = filterBody === null ? scopeBody : { type: "And", operands: [scopeBody, filterBody], span };
  return items.filter((item) => evaluate(both, item));
}

const byTotal = (items: readonly Item[]): Item[] => [...items].sort((a, b) => (a.total as number) - (b.total as number));

async function collect(items: AsyncIterable<Item>): Promise<Item[]> {
  const out: Item[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * What t1's key reads of the shared table through `serve --access` at the
 * URL: for every hostile filter, exactly its scope's part (findAll, planned
 * into several requests where it takes an `or`); nothing of t2's through
 * key.primary or a startKey on t2's items.
 */
export async function expectTenantScoped(url: string): Promise<void> {
  const client = createClient({ baseUrl: url, ...T1, maxAttempts: 1 });
  try {
    for (const filter of HOSTILE_FILTERS) {
      const found = await collect(client.findAll({ table: TENANT_TABLE, filter, keys: { primary: "customer", secondary: "at" } }));
      expect({ filter, items: byTotal(found) }).toEqual({ filter, items: scopedExpectation(TENANT_ORDERS, T1_SCOPE, filter) });
    }
    expect((await collect(client.queryAll({ table: TENANT_TABLE, key: { primary: "c3" } }))).map((i) => i.total)).toEqual([]);
    expect((await collect(client.queryAll({ table: TENANT_TABLE, key: { primary: "c4" } }))).map((i) => i.total)).toEqual([70]);
    // A startKey on t2's items resumes after them (in the store's order: DynamoDB's Scan has its own), and still shows nothing of t2's.
    const after = await client.listItems({ table: TENANT_TABLE, startKey: { primary: "c3", secondary: "2024-01" } });
    const rest = after.stopKey === undefined ? [] : await collect(client.listAll({ table: TENANT_TABLE, startKey: after.stopKey }));
    const t1 = scopedExpectation(TENANT_ORDERS, T1_SCOPE, "");
    for (const item of [...after.items, ...rest]) expect(t1).toContainEqual(item);
  } finally {
    client.close();
  }
}
