import { ClientError, createClient } from "@itemfilter/client";
import type { Schema } from "@itemfilter/core";
import { explain } from "@itemfilter/dynamodb/run";
import { createEmulator } from "@itemfilter/emulator";
import { describe, expect, it } from "vitest";

/*
 * Issue 40 §1: `fields` is checked against the schema as the filter is. A
 * schema that does not list passwordHash (nor owner.ssn) kept a filter from
 * testing them, but `fields` read them out all the same.
 */

const USERS = [{ id: "u1", name: "Ada", passwordHash: "$2b$10$secret", owner: { name: "Bo", ssn: "123-45-6789" } }];
const SCHEMA: Schema = { attributes: { id: { type: "string" }, name: { type: "string", aliases: ["fullName"] }, "owner.name": { type: "string" } } };
const REFUSED = "fields: unknown attribute 'passwordHash'; unknown attribute 'owner.ssn'; a field must be an attribute the schema lists, as a filter's must";

const emulator = createEmulator({ tables: { users: { primaryKey: "id", items: USERS } }, credentials: [{ applicationKey: "k", authenticationToken: "t" }] });
const client = createClient({ baseUrl: "http://emulator.invalid", fetch: emulator.fetch, applicationKey: "k", authenticationToken: "t" });

async function all<T>(walk: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of walk) out.push(item);
  return out;
}

describe("fields and the schema (client)", () => {
  it.each(["findAll", "findPage"] as const)("%s refuses fields the schema does not list, before anything is sent", async (call) => {
    const before = emulator.requestCount;
    const params = { table: "users", filter: 'name = "Ada"', fields: ["passwordHash", "owner.ssn"], compileOptions: { schema: SCHEMA } };
    const error = await (call === "findAll" ? all(client.findAll(params)) : client.findPage({ ...params, limit: 10 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect([(error as ClientError).code, (error as ClientError).message]).toEqual(["E_ARGUMENT", `${call}: ${REFUSED}`]);
    expect(emulator.requestCount).toBe(before);
  });

  it("takes listed fields, an alias as its stored name, and a path the schema lists", async () => {
    const params = { table: "users", filter: 'name = "Ada"', fields: ["fullName", "owner.name"], compileOptions: { schema: SCHEMA } };
    expect(await all(client.findAll(params))).toEqual([{ name: "Ada", owner: { name: "Bo" } }]);
    expect((await client.findPage({ ...params, limit: 10 })).items).toEqual([{ name: "Ada", owner: { name: "Bo" } }]);
  });

  it("takes any field with allowUnknown, as a filter takes any attribute", async () => {
    const params = { table: "users", filter: "", fields: ["passwordHash"], compileOptions: { schema: { ...SCHEMA, allowUnknown: true } } };
    expect(await all(client.findAll(params))).toEqual([{ passwordHash: "$2b$10$secret" }]);
  });
});

describe("fields and the schema (@itemfilter/dynamodb)", () => {
  it("the plan (so findAll, findPage and explain) refuses fields the schema does not list", () => {
    expect(() => explain({ table: "users", filter: 'name = "Ada"', fields: ["passwordHash", "owner.ssn"], schema: SCHEMA })).toThrow(new TypeError(REFUSED));
    expect(() => explain({ table: "users", filter: "", fields: ["passwordHash"], compileOptions: { schema: SCHEMA } })).toThrow(new TypeError(REFUSED.replace("; unknown attribute 'owner.ssn'", "")));
  });

  it("projects a listed alias as its stored name", () => {
    expect(explain({ table: "users", filter: "", fields: ["fullName"], schema: SCHEMA })[0]!.input).toMatchObject({ ProjectionExpression: "#f0", ExpressionAttributeNames: { "#f0": "name" } });
  });
});
