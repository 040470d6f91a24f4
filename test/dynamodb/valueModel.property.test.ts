import fc from "fast-check";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { createClient, type Client } from "@itemfilter/client";
import { evaluate, parseJson, stringifyJson } from "@itemfilter/core";
import { createEmulator, type Item } from "@itemfilter/emulator";
import { findAll, findPage, unmarshalItem } from "@itemfilter/dynamodb/run";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDynamoBackend, type DynamoBackend } from "../support/dynamoBackend.js";
import { writeKeyedTable, scanIds } from "./keyedTable.js";
import { rawItemsArbitrary, valueFilterArbitrary } from "./valueModelArbitraries.js";

/**
 * Issue 40: one reading of every value on every runner. Over random items of
 * every DynamoDB type (nested M and L, lists of only strings, SS, NS, BS,
 * NULL, BOOL, B, numbers no double holds, an attribute named `__proto__`)
 * and random filters over paths into them, these select exactly the items
 * `evaluate` selects on the items as unmarshalItem reads them, each once:
 * a Scan with compileDynamo's expression, findAll, findPage (page by page),
 * find through serve's handler over the DynamoDB store, and find over the
 * emulator holding the items as JSON (stringifyJson's `{"$set": [...]}`,
 * read back with parseJson, as a data file holds them).
 *
 * Before issue 40 it failed at once: `a[0] is null` on a list of only
 * strings (L) was true for evaluate, which read such an array as a set, and
 * false on DynamoDB; `a[0] is binary` on a binary set was true for evaluate
 * and false on DynamoDB; and findAll threw a TypeError on the `__proto__` attribute.
 */
const TABLES = 3;
const RUNS = Number(process.env.ITEMFILTER_DYNAMO_RUNS ?? 100);
const KEY = { applicationKey: "values-key-40a", authenticationToken: "values-token-40b" };

let backend: DynamoBackend;
let serve: Client;
let jsonForm: Client;
let tables: { raw: Record<string, AttributeValue>[]; json: Record<string, unknown>[] }[];

async function collect(items: AsyncIterable<Record<string, unknown>>): Promise<string[]> {
  const ids: string[] = [];
  for await (const item of items) ids.push(item.id as string);
  return ids.sort();
}

async function findPageIds(name: string, filter: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await findPage(backend.client, { TableName: name, filter, keys: { partition: "id" }, limit: 4, ...(cursor === undefined ? {} : { cursor }) });
    ids.push(...page.items.map((item) => item.id as string));
    cursor = page.cursor;
  } while (cursor !== undefined);
  return ids.sort();
}

beforeAll(async () => {
  const drawn = fc.sample(rawItemsArbitrary, { numRuns: TABLES, seed: 40 });
  tables = drawn.map((raw) => ({ raw, json: raw.map(unmarshalItem) }));
  backend = await startDynamoBackend({});
  for (const [i, { raw }] of tables.entries()) await writeKeyedTable(backend.client, `values${i}`, raw);
  const client = (fetch: unknown) => createClient({ baseUrl: "http://values.invalid", fetch: fetch as never, ...KEY, maxAttempts: 1 });
  serve = client(createEmulator({ store: backend.store, credentials: [KEY], pageSize: 5 }).fetch);
  // The JSON form, as a data file holds the items: stringifyJson writes each set as {"$set": [...]}.
  const asJson = Object.fromEntries(tables.map(({ json }, i) => [`values${i}`, { primaryKey: "id", items: json.map((item) => parseJson(stringifyJson(item)) as Item) }]));
  jsonForm = client(createEmulator({ tables: asJson, credentials: [KEY], pageSize: 5 }).fetch);
}, 120_000);

afterAll(async () => {
  serve?.close();
  jsonForm?.close();
  await backend?.close();
});

describe("one reading of every value (issue 40)", () => {
  it(`evaluate, Scan with compileDynamo, findAll, findPage, serve and the JSON form agree (${RUNS} filters over ${TABLES} tables)`, async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(TABLES - 1), valueFilterArbitrary, async (t, filter) => {
        const name = `values${t}`;
        const expected = tables[t]!.json.filter((item) => evaluate(filter, item)).map((item) => item.id as string).sort();
        if (expected.length > 0 && expected.length < tables[t]!.json.length) nonEmpty++;
        expect({ filter, runner: "Scan", ids: await scanIds(backend.client, name, filter, 50) }).toEqual({ filter, runner: "Scan", ids: expected });
        expect({ filter, runner: "findAll", ids: await collect(findAll(backend.client, { TableName: name, filter, keys: { partition: "id" } })) }).toEqual({ filter, runner: "findAll", ids: expected });
        expect({ filter, runner: "findPage", ids: await findPageIds(name, filter) }).toEqual({ filter, runner: "findPage", ids: expected });
        expect({ filter, runner: "serve", ids: await collect(serve.findAll({ table: name, filter, keys: { primary: "id" } })) }).toEqual({ filter, runner: "serve", ids: expected });
        expect({ filter, runner: "json", ids: await collect(jsonForm.findAll({ table: name, filter, keys: { primary: "id" } })) }).toEqual({ filter, runner: "json", ids: expected });
      }),
      { numRuns: RUNS, seed: 4040, endOnFailure: true },
    );
    // Guards against a vacuous run: many filters split the items.
    expect(nonEmpty).toBeGreaterThan(RUNS / 5);
  }, 300_000);
});
