import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { isExactNumber, parseJson, plan, stringifyJson, toNumberValue, type PlanRequest } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../src/canonicalJson.js";
import { createClient, ServiceError, toCurl, type Item } from "../src/index.js";
import { isKeyTypeRefusal } from "../src/keyTypeRefusal.js";
import { servedBefore } from "../src/servedBefore.js";
import { fakeFetch, type Step } from "./fakeFetch.js";

/** Issue 32 in the client: response bodies read with every digit, request bodies, cursors and digests written with every digit. */

interface ResponseCase {
  name: string;
  status: number;
  body: string;
  page?: string;
  numbers?: Record<string, string>;
  error?: { name: string; code: string; message: string };
}

const golden = JSON.parse(readFileSync(new URL("./responses-exact.json", import.meta.url), "utf8")) as { cases: ResponseCase[] };

const connect = (steps: Step[]) => {
  const fake = fakeFetch(steps);
  return { fake, client: createClient({ baseUrl: "http://service.test/v1", applicationKey: "app-key-0123456789", authenticationToken: "token-0123456789", fetch: fake.fetch, maxAttempts: 1 }) };
};

const exact = (text: string) => toNumberValue(text);
const raw = (body: string): Step => ({ status: 200, body });

/** Every number in a value, by its path, with its kind: an ExactNumber, the plain -0, or another plain number. */
function numberKinds(value: unknown, path = "", out: Record<string, string> = {}): Record<string, string> {
  if (isExactNumber(value)) out[path] = "exact";
  else if (typeof value === "number") out[path] = Object.is(value, -0) ? "-0" : "double";
  else if (Array.isArray(value)) value.forEach((v, i) => numberKinds(v, `${path}[${i}]`, out));
  else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) numberKinds(v, path === "" ? k : `${path}.${k}`, out);
  return out;
}

describe("response bodies with every digit (golden: responses-exact.json)", () => {
  it.each(golden.cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const { client } = connect([{ status: c.status, body: c.body }]);
    const result = await client.listItems({ table: "t" }).then(
      (page) => ({ page }),
      (error: unknown) => ({ error }),
    );
    if (c.error !== undefined) {
      expect("error" in result).toBe(true);
      const error = (result as { error: Error & { code: string } }).error;
      expect({ name: error.name, code: error.code, message: error.message }).toEqual(c.error);
      return;
    }
    const page = (result as { page: unknown }).page;
    expect(stringifyJson(page)).toBe(c.page);
    expect(numberKinds(page)).toEqual(c.numbers);
  });

  it("the golden pages read the same through parseJson, so the file states what core reads", () => {
    for (const c of golden.cases.filter((x) => x.page !== undefined)) expect(stringifyJson(parseJson(c.page!))).toBe(c.page);
  });
});

describe("request bodies with every digit", () => {
  it("a 19-digit literal in filter text is a JSON number in the body", async () => {
    const { fake, client } = connect([raw('{"data":{"items":[]}}')]);
    await client.listItems({ table: "t", filter: "id = 1234567890123456789" });
    expect(fake.calls[0]!.init.body).toBe('{"applicationKey":"app-key-0123456789","authenticationToken":"token-0123456789","table":"t","filter":[{"item":"id","operator":"equals","value":1234567890123456789}]}');
  });

  it.each([
    ["an ExactNumber key", { primary: exact("12345678901234567890") }, '"key":{"primary":12345678901234567890}'],
    ["a 38-digit key", { primary: exact("-1.2345678901234567890123456789012345678e-100") }, '"key":{"primary":-1.2345678901234567890123456789012345678e-100}'],
  ])("queryItems takes %s and sends its digits", async (_, key, sent) => {
    const { fake, client } = connect([raw('{"data":{"items":[]}}')]);
    await client.queryItems({ table: "t", key });
    expect(fake.calls[0]!.init.body).toContain(sent);
  });

  it("a stopKey with a 19-digit number goes back as the next startKey with the same digits", async () => {
    const { fake, client } = connect([raw('{"data":{"items":[{"id":1234567890123456789}],"stopKey":{"id":1234567890123456789}}}'), raw('{"data":{"items":[]}}')]);
    const items: Item[] = [];
    for await (const item of client.listAll({ table: "t" })) items.push(item);
    expect(stringifyJson(items)).toBe('[{"id":1234567890123456789}]');
    expect(fake.calls[1]!.init.body).toContain('"startKey":{"id":1234567890123456789}');
  });

  it("toCurl and util.inspect of a request show the digits, the credentials hidden", () => {
    const { client } = connect([]);
    const request = client.buildRequest("listItems", { table: "t", filter: "id = 9007199254740993", startKey: { id: exact("99999999999999999999") } });
    const body = '{"applicationKey":"<APP_KEY>","authenticationToken":"<AUTH_TOKEN>","table":"t","filter":[{"item":"id","operator":"equals","value":9007199254740993}],"startKey":{"id":99999999999999999999}}';
    expect(toCurl(request)).toContain(`--data-raw '${body}'`);
    expect(inspect(request)).toContain("9007199254740993");
    expect(inspect(request)).toContain("99999999999999999999");
    expect(inspect(request)).not.toContain("token-0123456789");
  });

  it("util.inspect of a request whose filter JSON holds a double no store holds shows the body all the same", () => {
    const { client } = connect([]);
    const request = client.buildRequest("listItems", { table: "t", filter: { item: "x", operator: "lessThan", value: 1e300 } });
    expect(inspect(request)).toContain('"value":1e+300');
    expect(inspect(request)).not.toContain("token-0123456789");
  });
});

describe("digests and cursors tell neighbours apart", () => {
  const neighbours = [exact("9007199254740993"), 9007199254740992, "9007199254740993"];

  it("canonical JSON writes an ExactNumber as its digits, a number", () => {
    expect(neighbours.map((v) => canonicalJson({ b: [v], a: v }))).toEqual(['{"a":9007199254740993,"b":[9007199254740993]}', '{"a":9007199254740992,"b":[9007199254740992]}', '{"a":"9007199254740993","b":["9007199254740993"]}']);
  });

  it("findPage's cursor carries a 16-digit stopKey exactly, and keys that differ in the last digit or in type give different cursors", async () => {
    const cursors: string[] = [];
    for (const key of ["9007199254740993", "9007199254740992", '"9007199254740993"']) {
      const { fake, client } = connect([raw(`{"data":{"items":[{"id":1},{"id":2}],"stopKey":{"id":${key}}}}`), raw('{"data":{"items":[{"id":3}]}}')]);
      const first = await client.findPage({ table: "t", filter: "id > 0", limit: 2 });
      cursors.push(first.cursor!);
      const second = await client.findPage({ table: "t", filter: "id > 0", limit: 2, cursor: first.cursor! });
      expect(second.items).toEqual([{ id: 3 }]);
      expect(fake.calls[1]!.init.body).toContain(`"startKey":{"id":${key}}`);
    }
    expect(new Set(cursors).size).toBe(3);
  });

  it("findAll hands out once an item two requests return, told apart by a 19-digit key", async () => {
    // The plan's requests, in order: a = 1 (both items), then id = 1234567890123456789 (the first again).
    const both = '{"data":{"items":[{"id":1234567890123456789,"a":1},{"id":1234567890123456788,"a":1}]}}';
    const { fake, client } = connect([raw(both), raw('{"data":{"items":[{"id":1234567890123456789,"a":1}]}}')]);
    const found: Item[] = [];
    for await (const item of client.findAll({ table: "t", filter: "a = 1 or id = 1234567890123456789", concurrency: 1 })) found.push(item);
    expect(fake.calls[1]!.init.body).toContain('"value":1234567890123456789');
    expect(stringifyJson(found)).toBe('[{"id":1234567890123456789,"a":1},{"id":1234567890123456788,"a":1}]');
  });
});

describe("key values that are ExactNumbers", () => {
  const keys = { primary: "id", secondary: "ts" };

  it("servedBefore finds an item of an earlier request's partition by its key's digits", () => {
    const p = plan("id in (12345678901234567890, 12345678901234567891) and ts > 1", { keys });
    expect(p.requests).toHaveLength(2);
    const before = servedBefore(p.requests, keys, undefined);
    const item = { id: exact("12345678901234567890"), ts: 2 };
    const other = { id: exact("12345678901234567891"), ts: 2 };
    expect([before[1]!(item), before[1]!(other)]).toEqual([true, false]);
  });

  it("a key-type refusal names an ExactNumber as a number", () => {
    const request = { operation: "queryItems", key: { primary: exact("12345678901234567890") }, residual: null } as unknown as PlanRequest;
    const refusal = (held: string, not: string) => new ServiceError("queryItems", 1, 400, 400, `'key.primary' must be a ${held.slice(0, -1)}: the key "id" of table "t" holds ${held}, not ${not}`);
    expect([isKeyTypeRefusal(refusal("strings", "numbers"), request), isKeyTypeRefusal(refusal("numbers", "strings"), request)]).toEqual([true, false]);
  });
});
