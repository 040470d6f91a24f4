import type { Item } from "@itemfilter/emulator";

/**
 * Orders two tenants share in one table (primary key customer, secondary key
 * at), for the tests of credentials with scopes (issue 31 §4), in the emulator
 * and through `serve --access`. Customers c1 and c2 belong to tenant t1, c3
 * and c5 to t2; c4 has orders of both (a key shared across tenants).
 */
export const TENANT_ORDERS: readonly Item[] = [
  { customer: "c1", at: "2024-01", tenant: "t1", total: 10 },
  { customer: "c1", at: "2024-02", tenant: "t1", total: 20 },
  { customer: "c2", at: "2024-01", tenant: "t1", total: 30 },
  { customer: "c3", at: "2024-01", tenant: "t2", total: 40 },
  { customer: "c3", at: "2024-02", tenant: "t2", total: 50 },
  { customer: "c4", at: "2024-01", tenant: "t2", total: 60 },
  { customer: "c4", at: "2024-02", tenant: "t1", total: 70 },
  { customer: "c5", at: "2024-01", tenant: "t2", total: 80, shared: "yes" },
];
