import { describe, expect, it } from "vitest";
import { canonicalJson } from "../src/canonicalJson.js";
import { createClient, type ClientOptions } from "../src/index.js";
import { fakeFetch, ok, type Step } from "./fakeFetch.js";

/** Issue 18, items 6 and 9: a hostile server's deep values and looping page keys end in a ClientError, at once. */

function setup(steps: Step[], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(steps);
  const client = createClient({ baseUrl: "http://127.0.0.1:9", applicationKey: "app", authenticationToken: "tok", fetch: fake.fetch, random: () => 0.5, sleep: async () => {}, ...options });
  return { client, calls: fake.calls };
}

async function failure(run: () => Promise<unknown>) {
  const e = (await run().then(
    () => new Error("no failure"),
    (error: unknown) => error,
  )) as Error & Record<string, unknown>;
  return { name: e.name, code: e.code, message: e.message };
}

async function drain(iterable: AsyncIterable<unknown>): Promise<number> {
  let n = 0;
  for await (const _ of iterable) n++;
  return n;
}

const DEEP = 200_000;
const deepText = (inner: string) => `${"[".repeat(DEEP)}${inner}${"]".repeat(DEEP)}`;
const deepValue = (): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < DEEP; i++) v = { a: v };
  return v;
};

describe("issue 18 item 6: deep nesting is a ClientError, never a RangeError", () => {
  it("an item nested 200,000 deep is a ProtocolError in findAll without keys", async () => {
    const s = setup([{ status: 200, body: `{"data":{"items":[{"id":1,"v":${deepText("1")}}]}}` }]);
    expect(await failure(() => drain(s.client.findAll({ table: "t", filter: "v = 1 or v = 2" })))).toEqual({
      name: "ProtocolError",
      code: "E_PROTOCOL",
      message: "listItems: HTTP 200 with a body that nests arrays and objects more than 256 levels deep",
    });
  });

  it("a stopKey nested 200,000 deep is a ProtocolError, not a RangeError from the next request", async () => {
    const s = setup([{ status: 200, body: `{"data":{"items":[{"id":1}],"stopKey":{"primary":${deepText("1")}}}}` }, ok([])]);
    expect(await failure(() => drain(s.client.listAll({ table: "t" })))).toMatchObject({ name: "ProtocolError", code: "E_PROTOCOL" });
  });

  it("a startKey nested 200,000 deep given to a call is E_ARGUMENT, before anything is sent", async () => {
    const s = setup([ok([])]);
    expect(await failure(() => s.client.listItems({ table: "t", startKey: { primary: deepValue() } as never }))).toEqual({
      name: "ClientError",
      code: "E_ARGUMENT",
      message: "listItems: 'startKey' nests arrays and objects more than 256 levels deep; a page key is never that deep",
    });
    expect(s.client.buildRequest.bind(null, "listItems", { table: "t", filter: [{ item: "a", operator: "equals", value: deepValue() }] as never })).toThrow(
      expect.objectContaining({ name: "ClientError", code: "E_ARGUMENT" }),
    );
    expect(s.calls).toHaveLength(0);
  });

  it("canonicalJson of a value nested too deep is a ClientError", () => {
    expect(() => canonicalJson(deepValue())).toThrow(expect.objectContaining({ name: "ClientError", code: "E_PROTOCOL" }));
    expect(canonicalJson({ b: [1, { d: 2, c: 3 }], a: null })).toBe('{"a":null,"b":[1,{"c":3,"d":2}]}');
  });
});

describe("issue 18 item 9: any repeated page key stops the walk at once", () => {
  // Issue 33 §4: the page that loops repeats items already handed out, so none of it is handed out.
  const A = { primary: "a" };
  const B = { primary: "b" };
  it.each([
    [
      "a stopKey alternating A, B, A is a ProtocolError on the third page, not 10,000 copies",
      [ok([{ id: 1 }], A), ok([{ id: 2 }], B), ok([{ id: 1 }], A), ok([{ id: 2 }], B)],
      "listItems: the service sent a stopKey it had sent before (on page 1), so paging would loop forever",
      3,
    ],
    [
      "a page that repeats its startKey as its stopKey hands out none of its items",
      [ok([{ id: 1 }, { id: 2 }], A), ok([{ id: 1 }, { id: 2 }], A)],
      "listItems: the service sent back the startKey it was given as the stopKey, so paging would never end",
      2,
    ],
  ])("%s", async (_name, steps, message, calls) => {
    const s = setup(steps);
    const yielded: unknown[] = [];
    const run = async () => {
      for await (const item of s.client.listAll({ table: "t" })) yielded.push(item);
    };
    expect(await failure(run)).toEqual({ name: "ProtocolError", code: "E_PROTOCOL", message });
    expect(s.calls).toHaveLength(calls);
    expect(yielded).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("a stopKey equal to the startKey the walk began with, members reordered, two pages later", async () => {
    const s = setup([ok([{ id: 1 }], { primary: "b", secondary: 2 }), ok([{ id: 2 }], { secondary: 1, primary: "a" })]);
    expect(await failure(() => drain(s.client.queryAll({ table: "t", startKey: { primary: "a", secondary: 1 } })))).toEqual({
      name: "ProtocolError",
      code: "E_PROTOCOL",
      message: "queryItems: the service sent a stopKey it had sent before (the startKey the walk began with), so paging would loop forever",
    });
  });
});
