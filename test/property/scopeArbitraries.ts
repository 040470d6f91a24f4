import type { PlanKeys } from "@itemfilter/core";
import fc from "fast-check";

/** What the scope property tests draw (test/property/scope.property.test.ts, test/dynamodb/scope.dynamo.test.ts). */

export const TENANTS = ["t1", "t2", "t3"] as const;

export const orderArb = fc.record(
  {
    tenant: fc.constantFrom<string>(...TENANTS),
    status: fc.constantFrom("open", "shipped", 'x" or tenant = "t2', ")"),
    total: fc.integer({ min: -5, max: 50 }),
    note: fc.constantFrom("a", "b", "t2"),
  },
  { requiredKeys: ["tenant", "status"] },
);
export const tableArb = fc.array(orderArb, { minLength: 0, maxLength: 24 }).map((orders) => orders.map((o, i) => ({ ...o, id: `o${String(i).padStart(2, "0")}` })));

/** The app's condition, and the values it takes. */
export const scopeArb: fc.Arbitrary<{ scope: string | string[]; params: Record<string, string | number | string[]> }> = fc.oneof(
  fc.constantFrom(...TENANTS).map((t) => ({ scope: `tenant = "${t}"`, params: {} })),
  fc.constantFrom(...TENANTS).map((t) => ({ scope: "tenant = $tenant", params: { tenant: t } })),
  fc.subarray([...TENANTS], { minLength: 1 }).map((ts) => ({ scope: "tenant in $tenants", params: { tenants: ts } })),
  fc.tuple(fc.constantFrom(...TENANTS), fc.integer({ min: 0, max: 40 })).map(([t, n]) => ({ scope: ["tenant = $tenant", "total >= $min"], params: { tenant: t, min: n } })),
  fc.constantFrom(...TENANTS).map((t) => ({ scope: `not (tenant = "${t}")`, params: {} })),
);

/** What a person types: plain filters, and text written to escape the app's condition. */
export const plainFilterArb = fc.oneof(
  fc.constantFrom('status = "open"', "total > 10", 'note != "a"', 'status in ("open", "shipped")', "total between 5 and 30", 'status beginsWith "x"', 'note contains "2"', "total is null", ""),
  fc.constantFrom("$tenant", "$tenants", "$min").map((p) => `tenant = ${p}`),
);
export const hostileArb = fc.oneof(
  plainFilterArb.map((f) => `${f} or tenant = "t2"`),
  plainFilterArb.map((f) => `${f}) or (tenant = "t2"`),
  plainFilterArb.map((f) => `not (${f})`),
  plainFilterArb.map((f) => `${f} or not (tenant = "t1")`),
  fc.constantFrom('") or tenant = "t2" or ("', "'", '"', "\\", ")", "(", "or", "not", "$", "$$x", "tenant = \"t2\" //", "` or `tenant` = \"t2\""),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: 200, max: 2000 }).map((n) => `${"(".repeat(n % 40)}total > 1 or tenant = "t3"`.padEnd(n, " ")),
);
export const filterArb = fc.oneof({ weight: 3, arbitrary: plainFilterArb }, { weight: 3, arbitrary: hostileArb });

export const keysArb = fc.constantFrom<PlanKeys | undefined>(undefined, { primary: "tenant", secondary: "id" });

