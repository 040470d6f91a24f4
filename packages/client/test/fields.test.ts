import { describe, expect, it } from "vitest";
import { ClientError, createClient } from "../src/index.js";
import { fakeFetch, ok } from "./fakeFetch.js";

const connect = (steps: Parameters<typeof fakeFetch>[0]) =>
  createClient({ baseUrl: "http://service.test/v1", applicationKey: "app-key-0123456789", authenticationToken: "token-0123456789", fetch: fakeFetch(steps).fetch, maxAttempts: 1 });

const items = [
  { id: 1, name: "a", address: { city: "Oslo", zip: "0150" } },
  { id: 2, name: "b" },
];

describe("fields", () => {
  it("findAll gives out only the fields, picked locally, nested ones nested", async () => {
    const client = connect([ok(items)]);
    const got: unknown[] = [];
    for await (const item of client.findAll({ table: "t", filter: "id > 0", fields: ["id", "address.city"] })) got.push(item);
    expect(got).toEqual([{ id: 1, address: { city: "Oslo" } }, { id: 2 }]);
  });

  it("findPage too", async () => {
    const client = connect([ok(items)]);
    expect(await client.findPage({ table: "t", filter: "id > 0", limit: 5, fields: ["id", "name"] })).toEqual({ items: [{ id: 1, name: "a" }, { id: 2, name: "b" }] });
  });

  it("findAll stops its run when the consumer stops", async () => {
    const client = connect([ok(items, { primary: 2 }), ok([{ id: 3 }])]);
    const got: unknown[] = [];
    for await (const item of client.findAll({ table: "t", filter: "id > 0", fields: ["id"] })) {
      got.push(item);
      break;
    }
    expect(got).toEqual([{ id: 1 }]);
  });

  it.each([[[]], ["id"], [["a..b"]]])("refuses fields %j with E_ARGUMENT", async (fields) => {
    const client = connect([]);
    const error = await client.findPage({ table: "t", filter: "", limit: 1, fields: fields as never }).catch((e: unknown) => e);
    expect([(error as ClientError).code, (error as ClientError).message]).toEqual(["E_ARGUMENT", expect.stringContaining("fields takes a non-empty array of attribute paths")]);
    const fromAll = await client.findAll({ table: "t", filter: "", fields: fields as never }).next().catch((e: unknown) => e);
    expect((fromAll as ClientError).code).toBe("E_ARGUMENT");
  });
});
