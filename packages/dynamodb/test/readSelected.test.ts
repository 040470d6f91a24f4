import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { prepareEvaluate } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { DynamoRunError } from "../src/run.js";
import { readSelected } from "../src/run/unreadableItem.js";

/**
 * findAll and findPage judge an item they cannot read by what they can
 * (issue 40 §1: no error names an item the app's scope hides): the local
 * check only reads key attributes, which are always readable.
 */
const client = {} as DynamoDBClient;
const KEYS = { partition: "tenant", sort: "id" };
const raw = (tenant: string) => ({ tenant: { S: tenant }, id: { S: "x" }, big: { N: "not a number" } });

describe("readSelected", () => {
  it("passes over an unreadable item the local check leaves out, naming nothing", async () => {
    expect(await readSelected(client, "orders", KEYS, raw("t2"), prepareEvaluate('tenant = "t1"'), undefined)).toBeUndefined();
  });

  it.each([
    ["the local check selects", prepareEvaluate('tenant = "t2"')],
    ["there is no local check", null],
  ])("names the unreadable item when %s", async (_what, passes) => {
    const error = await readSelected(client, "orders", KEYS, raw("t2"), passes, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynamoRunError);
    expect((error as DynamoRunError).message).toMatch(/^the item tenant "t2", id "x" of table 'orders' cannot be read: /);
  });

  it("reads a readable item and applies the check", async () => {
    const item = { tenant: { S: "t1" }, id: { S: "y" } };
    expect(await readSelected(client, "orders", KEYS, item, prepareEvaluate('tenant = "t1"'), undefined)).toEqual({ tenant: "t1", id: "y" });
    expect(await readSelected(client, "orders", KEYS, item, prepareEvaluate('tenant = "t2"'), undefined)).toBeUndefined();
  });
});
