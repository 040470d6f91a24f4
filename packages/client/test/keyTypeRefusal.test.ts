import { FilterError, type PlanRequest } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { isKeyTypeRefusal } from "../src/keyTypeRefusal.js";
import { createClient, ServiceError, type Item } from "../src/index.js";
import { fakeFetch, type Step } from "./fakeFetch.js";

const refusal = (message: string, status = 400): Step => ({ status, body: JSON.stringify({ error: { code: status, message } }) });
const page = (items: Item[]): Step => ({ status: 200, body: JSON.stringify({ data: { items } }) });
const NUMBER_ON_STRING_KEY = `'key.primary' must be a string: the key "pk" of table "t" holds strings, not numbers`;
const DYNAMODB = "DynamoDB refused the request: One or more parameter values were invalid: Condition parameter type does not match schema type";

function client(steps: Step[]) {
  const fake = fakeFetch(steps);
  return { fake, client: createClient({ baseUrl: "http://service.invalid", applicationKey: "app-key-1", authenticationToken: "token-1", maxAttempts: 1, fetch: fake.fetch }) };
}

async function collect(items: AsyncIterable<Item>): Promise<Item[]> {
  const out: Item[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const byNumber: PlanRequest = { operation: "queryItems", key: { primary: 2 }, residual: null };
const withFilter = (value: unknown): PlanRequest => ({ operation: "queryItems", key: { primary: "a" }, filter: { operator: "between", value } as never, residual: null });
const serviceError = (message: string, status = 400) => new ServiceError("queryItems", 1, status, status, message);

describe("isKeyTypeRefusal: the emulator's and DynamoDB's refusal of a key value of the other type, nothing else", () => {
  it.each<[string, unknown, PlanRequest, boolean]>([
    ["the emulator's words for the request's own key.primary", serviceError(NUMBER_ON_STRING_KEY), byNumber, true],
    ["DynamoDB's words", serviceError(DYNAMODB), byNumber, true],
    ["a filter value by index", serviceError(`'filter.value[1]' must be a number: the key "ts" of table "t" holds numbers, not strings`), withFilter([1, "x"]), true],
    ["a member that holds the key's own type", serviceError(`'key.primary' must be a number: the key "pk" of table "t" holds numbers, not strings`), byNumber, false],
    ["a member the request does not have", serviceError(`'filter.value' must be a number: the key "ts" of table "t" holds numbers, not strings`), byNumber, false],
    ["an index the filter value does not have", serviceError(`'filter.value[1]' must be a number: the key "ts" of table "t" holds numbers, not strings`), withFilter("x"), false],
    ["words that contradict themselves", serviceError(`'key.primary' must be a string: the key "pk" of table "t" holds numbers, not numbers`), byNumber, false],
    ["another 400", serviceError("invalid filter: E_VALUE_TYPE at filter.value: 'lessThan' takes a number"), byNumber, false],
    ["the words with more around them", serviceError(`${NUMBER_ON_STRING_KEY}; and more`), byNumber, false],
    ["the words with another status", serviceError(NUMBER_ON_STRING_KEY, 500), byNumber, false],
    ["a listItems request", serviceError(DYNAMODB), { operation: "listItems", filter: [], residual: null }, false],
    ["an error that is no ServiceError", new Error(NUMBER_ON_STRING_KEY), byNumber, false],
  ])("%s: %s", (_, error, request, expected) => {
    expect(isKeyTypeRefusal(error, request)).toBe(expected);
  });
});

describe("findAll and findPage read that refusal of their own requests as no match (issue 33)", () => {
  const params = { table: "t", filter: 'pk = 2 or pk = "a"', keys: { primary: "pk" }, concurrency: 1 };

  it("plans one whole-partition read per value", () => {
    expect(client([]).client.explain(params).requests).toEqual([
      { operation: "queryItems", key: { primary: 2 }, residual: null },
      { operation: "queryItems", key: { primary: "a" }, residual: null },
    ]);
  });

  it.each([
    ["the emulator's", NUMBER_ON_STRING_KEY],
    ["DynamoDB's", DYNAMODB],
  ])("findAll: %s refusal is a branch without items", async (_, message) => {
    const { client: c, fake } = client([refusal(message), page([{ pk: "a", n: 1 }])]);
    expect(await collect(c.findAll(params))).toEqual([{ pk: "a", n: 1 }]);
    expect(fake.calls.map((call) => JSON.parse(call.init.body).key)).toEqual([{ primary: 2 }, { primary: "a" }]);
  });

  it("findPage: the same", async () => {
    const { client: c } = client([refusal(NUMBER_ON_STRING_KEY), page([{ pk: "a", n: 1 }])]);
    expect(await c.findPage({ ...params, limit: 5 })).toEqual({ items: [{ pk: "a", n: 1 }] });
  });

  it.each<[string, Step]>([
    ["another 400", refusal("invalid filter: E_IN_MIXED_TYPES at filter[0].value: a list cannot mix strings and numbers")],
    ["the refusal's words for a member of the key's type", refusal(`'key.primary' must be a number: the key "pk" of table "t" holds numbers, not strings`)],
    ["the refusal's words with status 500", refusal(NUMBER_ON_STRING_KEY, 500)],
  ])("findAll still fails on %s", async (_, step) => {
    const { client: c } = client([step, page([{ pk: "a" }])]);
    await expect(collect(c.findAll(params))).rejects.toBeInstanceOf(ServiceError);
  });

  it("executePlan runs a plan it was given as it is: the refusal is an error there", async () => {
    const { client: c } = client([refusal(NUMBER_ON_STRING_KEY), page([{ pk: "a" }])]);
    const plan = c.explain(params);
    await expect(collect(c.executePlan(plan, { table: "t", concurrency: 1 }))).rejects.toMatchObject({ status: 400, serviceMessage: NUMBER_ON_STRING_KEY });
  });

  it("with a schema that types the key, the other type is a FilterError with its span, and nothing is sent", async () => {
    const { client: c, fake } = client([page([])]);
    const schema = { attributes: { pk: { type: "string" as const } } };
    const error = await collect(c.findAll({ ...params, compileOptions: { schema } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).diagnostics.map((d) => [d.code, d.span.start.offset, d.span.end.offset])).toEqual([["E_ATTRIBUTE_TYPE", 5, 6]]);
    expect(fake.calls).toHaveLength(0);
  });

  it("with key types, the request is never sent", async () => {
    const { client: c, fake } = client([page([{ pk: "a" }])]);
    expect(await collect(c.findAll({ ...params, keys: { primary: "pk", types: { primary: "string" } } }))).toEqual([{ pk: "a" }]);
    expect(fake.calls).toHaveLength(1);
  });
});
