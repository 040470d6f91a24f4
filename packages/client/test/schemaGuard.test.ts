import { FilterError, parse, type Schema } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { createClient, type Client } from "../src/index.js";
import { fakeFetch, ok } from "./fakeFetch.js";

// What an app exposes: passwordHash is stored but not in the allow-list.
const schema = { attributes: { age: { type: "number", aliases: ["years"] }, name: { type: "string" } } } as const satisfies Schema;

function client(): { client: Client; sent: () => number } {
  const fake = fakeFetch([ok([])]);
  const c = createClient({ baseUrl: "http://service.test/v1", applicationKey: "app-key-0123456789", authenticationToken: "token-0123456789", fetch: fake.fetch });
  return { client: c, sent: () => fake.calls.length };
}

/** Refused with these codes at these places, and nothing sent. */
async function refused(run: (c: Client) => Promise<unknown>, codes: string[], places: string[]): Promise<void> {
  const { client: c, sent } = client();
  const error = await run(c).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FilterError);
  const diagnostics = (error as FilterError).diagnostics;
  expect(diagnostics.map((d) => d.code)).toEqual(codes);
  expect(diagnostics.map((d) => d.path ?? `${d.span.start.line}:${d.span.start.column}`)).toEqual(places);
  expect(sent()).toBe(0);
}

const drain = async (walk: AsyncIterable<unknown>): Promise<void> => {
  for await (const _ of walk);
};

// The forms a listItems filter takes, each naming an attribute the schema does not list.
const LIST_FORMS = {
  text: { filter: "passwordHash is not null", places: ["1:1"] },
  "one object": { filter: { item: "passwordHash", operator: "notNull" }, places: ["filter.item"] },
  array: { filter: [{ item: "age", operator: "greaterThan", value: 3 }, { item: "passwordHash", operator: "notNull" }], places: ["filter[1].item"] },
  "parsed document": { filter: parse("passwordHash is not null"), places: ["1:1"] },
} as const;

type ListCall = (c: Client, filter: (typeof LIST_FORMS)[keyof typeof LIST_FORMS]["filter"]) => Promise<unknown>;
const LIST_CALLS: Record<string, ListCall> = {
  listItems: (c, filter) => c.listItems({ table: "users", filter, compileOptions: { schema } }),
  listAll: (c, filter) => drain(c.listAll({ table: "users", filter, compileOptions: { schema } })),
  "walkPages listItems": (c, filter) => drain(c.walkPages("listItems", { table: "users", filter, compileOptions: { schema } })),
  buildRequest: async (c, filter) => c.buildRequest("listItems", { table: "users", filter, compileOptions: { schema } }),
  findAll: (c, filter) => drain(c.findAll({ table: "users", filter, compileOptions: { schema } })),
  explain: async (c, filter) => c.explain({ table: "users", filter, compileOptions: { schema } }),
  findPage: (c, filter) => c.findPage({ table: "users", filter, limit: 5, compileOptions: { schema } }),
};

describe("a schema refuses what it does not list, whatever form the filter takes, before anything is sent", () => {
  for (const [call, run] of Object.entries(LIST_CALLS)) {
    for (const [form, { filter, places }] of Object.entries(LIST_FORMS)) {
      it(`${call}: ${form}`, () => refused((c) => run(c, filter), ["E_UNKNOWN_ATTRIBUTE"], [...places]));
    }
  }

  // A query's filter tests the secondary key: the schema checks it under the name secondaryKey gives.
  const QUERY_FORMS = {
    text: { filter: 'key beginsWith "a"', places: ["1:5"] },
    "one object": { filter: { operator: "beginsWith", value: "a" }, places: ["filter.operator"] },
    "parsed document": { filter: parse('age beginsWith "a"'), places: ["1:5"] },
  } as const;
  const QUERY_CALLS: Record<string, (c: Client, filter: (typeof QUERY_FORMS)[keyof typeof QUERY_FORMS]["filter"]) => Promise<unknown>> = {
    queryItems: (c, filter) => c.queryItems({ table: "users", key: { primary: "u1" }, filter, compileOptions: { schema, secondaryKey: "age" } }),
    queryAll: (c, filter) => drain(c.queryAll({ table: "users", key: { primary: "u1" }, filter, compileOptions: { schema, secondaryKey: "age" } })),
    "walkPages queryItems": (c, filter) => drain(c.walkPages("queryItems", { table: "users", key: { primary: "u1" }, filter, compileOptions: { schema, secondaryKey: "age" } })),
    "buildRequest queryItems": async (c, filter) => c.buildRequest("queryItems", { table: "users", key: { primary: "u1" }, filter, compileOptions: { schema, secondaryKey: "age" } }),
  };
  for (const [call, run] of Object.entries(QUERY_CALLS)) {
    for (const [form, { filter, places }] of Object.entries(QUERY_FORMS)) {
      it(`${call}: ${form}`, () => refused((c) => run(c, filter), ["E_ATTRIBUTE_TYPE"], [...places]));
    }
  }

  it("refuses an array for queryItems when there is a schema (a QueryFilter is one object), before anything is sent", async () => {
    for (const run of Object.values(QUERY_CALLS)) await refused((c) => run(c, [{ operator: "equals", value: 1 }] as never), ["E_FILTER_JSON"], ["filter"]);
  });

  it("reports every problem of filter JSON together, with did-you-mean and the value's path", () =>
    refused(
      (c) => c.listItems({ table: "users", filter: [{ item: "agee", operator: "equals", value: 3 }, { item: "years", operator: "in", value: ["1", "2"] }, { item: "name", operator: "lessThan", value: 3 }], compileOptions: { schema } }),
      ["E_UNKNOWN_ATTRIBUTE", "E_ATTRIBUTE_TYPE", "E_ATTRIBUTE_TYPE", "E_ATTRIBUTE_TYPE"],
      ["filter[0].item", "filter[1].value[0]", "filter[1].value[1]", "filter[2].value"],
    ));

  it("refuses malformed filter JSON too when there is a schema (it would otherwise carry any name past it)", () =>
    refused((c) => c.listItems({ table: "users", filter: [{ item: "age", operator: "greaterThan", value: 3, extra: 1 } as never], compileOptions: { schema } }), ["E_FILTER_JSON"], ["filter[0].extra"]));

  it("sends JSON the schema accepts with aliases written as the stored names, as text compiles", async () => {
    const fake = fakeFetch([ok([])]);
    const c = createClient({ baseUrl: "http://service.test/v1", applicationKey: "k", authenticationToken: "t", fetch: fake.fetch });
    await c.listItems({ table: "users", filter: { item: "years", operator: "greaterEqual", value: 30 }, compileOptions: { schema } });
    await c.listItems({ table: "users", filter: "years >= 30", compileOptions: { schema } });
    await drain(c.findAll({ table: "users", filter: [{ item: "years", operator: "greaterEqual", value: 30 }], compileOptions: { schema } }));
    const filters = fake.calls.map((call) => (JSON.parse(call.init.body) as { filter: unknown }).filter);
    expect(filters).toEqual([[{ item: "age", operator: "greaterEqual", value: 30 }], [{ item: "age", operator: "greaterEqual", value: 30 }], [{ item: "age", operator: "greaterEqual", value: 30 }]]);
  });

  it("sends filter JSON as given when there is no schema", async () => {
    const fake = fakeFetch([ok([])]);
    const c = createClient({ baseUrl: "http://service.test/v1", applicationKey: "k", authenticationToken: "t", fetch: fake.fetch });
    await c.listItems({ table: "users", filter: { item: "passwordHash", operator: "notNull" } });
    expect(JSON.parse(fake.calls[0]!.init.body).filter).toEqual({ item: "passwordHash", operator: "notNull" });
  });
});
