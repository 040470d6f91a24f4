import { createClient, isExactNumber, stringifyJson, type FindPageResult, type Item, type ItemValue, type NumberValue, type Page } from "@itemfilter/client";
import { compileList, decompile, evaluate, format, matches, plan, validateListFilter, type ListFilter, type Schema } from "@itemfilter/core";
import { createEmulator } from "@itemfilter/emulator";
import { describe, expect, expectTypeOf, it } from "vitest";

/*
 * TypeScript as apps write it: `as const` and `satisfies Schema` schemas,
 * readonly arrays in every input, results typed by the app. These are
 * compile-time checks first (test/tsconfig.json typechecks this file under
 * strict as part of the test command); the calls run too.
 */

const asConst = { attributes: { age: { type: "number", aliases: ["years"] }, name: { type: "string" } } } as const;
const satisfied = { attributes: { age: { type: "number", aliases: ["years"] }, plan: { type: "string" } } } satisfies Schema;
const both = { attributes: { age: { type: "number", aliases: ["years", "yrs"] } }, allowUnknown: false } as const satisfies Schema;
const filters = [
  { item: "age", operator: "in", value: [30, 40] },
  { item: "plan", operator: "equals", value: "pro" },
] as const;

interface User {
  id: string;
  age: number;
  plan: string;
}

describe("app-written types", () => {
  it("take `as const` and `satisfies Schema` schemas everywhere a schema goes", () => {
    expect(compileList("years >= 30", { schema: asConst })).toEqual([{ item: "age", operator: "greaterEqual", value: 30 }]);
    expect(compileList("years >= 30", { schema: satisfied })).toEqual([{ item: "age", operator: "greaterEqual", value: 30 }]);
    expect(compileList("yrs >= 30", { schema: both })).toEqual([{ item: "age", operator: "greaterEqual", value: 30 }]);
    expect(validateListFilter(filters[0], { schema: asConst })).toEqual([{ item: "age", operator: "in", value: [30, 40] }]);
    expect(plan("age = 1 or plan = 'x'", { schema: satisfied, keys: { primary: "id" } as const }).requests.length).toBe(2);
  });

  it("take trees built by hand without spans, as the core README says they may be", () => {
    const tree = { type: "Predicate", attribute: { type: "Attribute", name: "age" }, operator: "greaterEqual", value: { type: "Number", value: 30 } } as const;
    expect(compileList(tree)).toEqual([{ item: "age", operator: "greaterEqual", value: 30 }]);
    expect(format({ type: "And", operands: [tree, { type: "Predicate", attribute: { type: "Attribute", name: "tenant" }, operator: "equals", value: { type: "Param", name: "t" } }] })).toBe("age >= 30 and tenant = $t");
    expect(evaluate({ type: "Filter", body: tree }, { age: 31 })).toBe(true);
  });

  it("take readonly filter JSON (`as const`) as input", () => {
    expect(decompile(filters)).toBe('age in (30, 40) and plan = "pro"');
    expect(matches({ age: 30, plan: "pro" }, filters)).toBe(true);
    const saved: readonly ListFilter[] = filters;
    expect(matches({ age: 31, plan: "pro" }, saved)).toBe(false);
  });

  it("take a syntax tree written `as const` (readonly throughout) wherever a parsed filter goes", () => {
    const span = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } } as const;
    const tree = {
      type: "Predicate",
      attribute: { type: "Attribute", name: "years", span },
      operator: "in",
      operatorSpan: span,
      value: [
        { type: "Number", value: 30, span },
        { type: "Number", value: 40, span },
      ],
      span,
    } as const;
    const either = { type: "Or", operands: [tree, { ...tree, operator: "notNull", value: undefined }], span } as const;
    expect(compileList(tree, { schema: asConst })).toEqual([{ item: "age", operator: "in", value: [30, 40] }]);
    expect(format(either)).toBe("years in (30, 40) or years is not null");
    expect(evaluate(either, { years: 1 })).toBe(true);
    expect(plan(either, { schema: asConst }).requests.length).toBe(2);
  });

  it("type results as the app says (Item when it says nothing)", async () => {
    const emulator = createEmulator({
      tables: { users: { primaryKey: "id", items: [{ id: "a", age: 30, plan: "pro" }] }, events: { primaryKey: "id", secondaryKey: "age", items: [{ id: "a", age: 30, plan: "pro" }] } },
      credentials: [{ applicationKey: "k", authenticationToken: "t" }],
    });
    const client = createClient({ baseUrl: "http://emulator.invalid", applicationKey: "k", authenticationToken: "t", fetch: (url, init) => emulator.fetch(url, init) });
    const page = await client.listItems<User>({ table: "users", filter: filters.slice(0, 1) });
    expectTypeOf(page).toEqualTypeOf<Page<User>>();
    expect(page.items.map((u) => u.age)).toEqual([30]);
    expectTypeOf(await client.listItems({ table: "users" })).toEqualTypeOf<Page<Item>>();
    expectTypeOf(await client.queryItems<User>({ table: "events", key: { primary: "a" } })).toEqualTypeOf<Page<User>>();
    for await (const user of client.listAll<User>({ table: "users", filter: "age >= 30" })) expectTypeOf(user).toEqualTypeOf<User>();
    for await (const user of client.queryAll<User>({ table: "events", key: { primary: "a" } })) expectTypeOf(user).toEqualTypeOf<User>();
    const found: User[] = [];
    for await (const user of client.findAll<User>({ table: "users", filter: filters, compileOptions: { schema: satisfied } })) found.push(user);
    expect(found).toEqual([{ id: "a", age: 30, plan: "pro" }]);
    const first = await client.findPage<User>({ table: "users", filter: "age = 30 or plan = 'x'", limit: 1, keys: { primary: "id" } as const });
    expectTypeOf(first).toEqualTypeOf<FindPageResult<User>>();
    expectTypeOf(await client.findPage({ table: "users", filter: "age = 30", limit: 1 })).toEqualTypeOf<FindPageResult<Item>>();
    expect(first.items[0]!.plan).toBe("pro");
  });

  it("type long numbers (issue 32): NumberValue in an app's item type, ItemValue for any value, isExactNumber narrows", async () => {
    interface Order {
      id: NumberValue;
      total: number;
    }
    const body = '{"data":{"items":[{"id":1234567890123456789,"total":12.5}]}}';
    const client = createClient({ baseUrl: "http://service.invalid", applicationKey: "k", authenticationToken: "t", fetch: async () => ({ status: 200, headers: { get: () => null }, text: async () => body }) });
    const orders: Order[] = [];
    for await (const order of client.findAll<Order>({ table: "orders", filter: "id = 1234567890123456789" })) orders.push(order);
    const id = orders[0]!.id;
    expect(isExactNumber(id) ? `exact ${id.toString()}` : `double ${id}`).toBe("exact 1234567890123456789");
    const value: ItemValue = { id, tags: [1, "a", null, true] };
    expect(stringifyJson(value)).toBe('{"id":1234567890123456789,"tags":[1,"a",null,true]}');
  });
});
