import fc from "fast-check";
import { DynamoDBClient, ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFields, pickFields, quotePath, type FieldPath } from "@itemfilter/core";
import { findAll, marshalItem, unmarshalItem } from "@itemfilter/dynamodb/run";
import { projectionOf, readPaths } from "../../packages/dynamodb/src/plan/projection.js";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../support/dynamoDbLocal.js";
import { writeKeyedTable } from "./keyedTable.js";
import { PATH_ATTRIBUTES, pathItemsArbitrary } from "./pathArbitraries.js";

/**
 * `fields` with the language's paths on AWS's own engine: a ProjectionExpression
 * (projectionOf(readPaths(...))) gives exactly what pickFields gives locally, list
 * elements compacted as DynamoDB compacts them, and findAll with any fields (paths
 * inside others, paths that conflict) gives out exactly pickFields of the whole item.
 */
const RUNS = Number(process.env.ITEMFILTER_DYNAMO_RUNS ?? 150) / 3;

let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;
const fixed = [{ id: "f", items: [{ sku: "s0", n: 0 }, { n: 1 }, { sku: "s2" }, "text", [10, [20, "21"]]], m: { b: 1, c: { d: 2 } }, tags: new Set(["x", "y"]) }];
let random: Record<string, unknown>[];
/** The random items as DynamoDB gives them back whole: a set's elements come back in DynamoDB's order. */
let stored: Record<string, unknown>[];

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = new DynamoDBClient({ endpoint: db.endpoint, region: "us-east-1", credentials: db.credentials });
  // Several samples' items in one table, for enough lists among them.
  random = fc.sample(pathItemsArbitrary, { numRuns: 8, seed: 3232 }).flatMap((items, t) => items.map((item) => ({ ...item, id: `t${t}${item.id as string}` })));
  await writeKeyedTable(client, "fixedFields", fixed.map((item) => marshalItem(item)));
  await writeKeyedTable(client, "randomFields", random.map((item) => marshalItem(item)));
  stored = [...(await projected("randomFields", undefined)).values()];
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

/** Every item of the table as DynamoDB projects it with readPaths' paths for the fields (and the key), or whole, by id. */
async function projected(table: string, fields: readonly FieldPath[] | undefined): Promise<Map<string, Record<string, unknown>>> {
  const projection = fields === undefined ? undefined : projectionOf(readPaths(fields, ["id"]));
  const input = projection === undefined ? {} : { ProjectionExpression: projection.ProjectionExpression, ExpressionAttributeNames: projection.names };
  const out = new Map<string, Record<string, unknown>>();
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ...input, Limit: 7, ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const raw of page.Items ?? []) out.set(raw.id!.S!, unmarshalItem(raw));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return out;
}

async function found(table: string, fields: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  const all = findAll(client, { TableName: table, filter: 'id != "none"', keys: { partition: "id" }, fields: ["id", ...fields] });
  for await (const item of all) out.set(item.id as string, item);
  return out;
}

const step: fc.Arbitrary<string | number> = fc.oneof(fc.constantFrom("x", "y", "zip code", "in"), fc.constantFrom(0, 1, 2, 3));
const fieldArbitrary = fc.tuple(fc.constantFrom(...PATH_ATTRIBUTES), fc.array(step, { maxLength: 3 })).map(([name, steps]) => quotePath(name, steps));

describe("fields with paths on DynamoDB Local", () => {
  // DynamoDB's answers, written out: the selected elements of a list, in index order, without those holding nothing selected.
  it.each([
    [["items[1].sku", "items[0]"], { items: [{ sku: "s0", n: 0 }] }],
    [["items[2].sku", "items[1].sku", "items[0].n"], { items: [{ n: 0 }, { sku: "s2" }] }],
    [["items[1].sku"], {}],
    [["items[9]", "items[3].sku", "m[0]", "tags[0]"], {}],
    [["items[4][1][0]", "items[2]"], { items: [{ sku: "s2" }, [[20]]] }],
    [["m.c.d", "m.b", "tags"], { m: { b: 1, c: { d: 2 } }, tags: new Set(["x", "y"]) }],
  ])("a ProjectionExpression for %j gives %j, as pickFields does", async (fields, answer) => {
    const paths = checkFields(["id", ...fields]);
    const given = await projected("fixedFields", paths);
    expect(given).toEqual(new Map([["f", { id: "f", ...answer }]]));
    expect(given).toEqual(new Map([["f", pickFields(fixed[0]!, paths)]]));
  });

  it.each([[["items[0]", "items[0].sku", "items[2].sku"]], [["m.b", "m[0]", "items[1].n"]], [["items[1].n", "items[3]", "items[4][0]"]]])(
    "findAll with %j gives pickFields of the whole item",
    async (fields) => {
      expect(await found("fixedFields", fields)).toEqual(new Map([["f", pickFields(fixed[0]!, checkFields(["id", ...fields]))]]));
    },
  );

  it(`over random nested items, a ProjectionExpression and findAll give what pickFields gives (${RUNS} field lists)`, async () => {
    let indexed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fieldArbitrary, { minLength: 1, maxLength: 4 }), async (fields) => {
        const expected = new Map(stored.map((item) => [item.id as string, pickFields(item, checkFields(["id", ...fields]))]));
        const byIndex = fields.filter((field) => field.includes("["));
        if (byIndex.length > 0 && stored.some((item) => Object.keys(pickFields(item, checkFields(byIndex))).length > 0)) indexed++;
        // readPaths leaves no path inside another and none conflicting, so DynamoDB takes them as they are.
        const paths = readPaths(checkFields(fields), ["id"]);
        expect(await projected("randomFields", paths)).toEqual(new Map(stored.map((item) => [item.id as string, pickFields(item, paths)])));
        expect(await found("randomFields", fields)).toEqual(expected);
      }),
      { numRuns: RUNS, seed: 3233, endOnFailure: false },
    );
    // Guards against a vacuous run: field lists with an index that pick something.
    expect(indexed, "field lists with an index that pick something").toBeGreaterThan(RUNS / 5);
  }, 300_000);
});
