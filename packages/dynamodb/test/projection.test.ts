import { describe, expect, it } from "vitest";
import { checkFields, pickFields, type FieldPath } from "@itemfilter/core";
import { planDynamo } from "@itemfilter/dynamodb";
import { projectionOf, readPaths, readPicker, readWhole } from "../src/plan/projection.js";

describe("fields", () => {
  it.each([
    [[["a"], ["a", "b"]], [], [["a"]]],
    [[["a", "b"], ["a"]], [], [["a"]]],
    [[["address", "city"], ["address", "zip"]], ["id"], [["id"], ["address", "city"], ["address", "zip"]]],
    [[["x"]], ["x", "id"], [["x"], ["id"]]],
    [[["items", 0], ["items", 0, "sku"]], [], [["items", 0]]],
    [[["items", 0, "sku"], ["items", 0]], [], [["items", 0]]],
    [[["items", 1, "sku"], ["items", 0], ["items", "0"]], [], [["items"]]],
    [[["items", 1, "sku"], ["items", 0], ["items", 1, "n"]], ["id"], [["id"], ["items", 1, "sku"], ["items", 0], ["items", 1, "n"]]],
    [[["items", 0, "sku"]], ["items"], [["items"]]],
    [[["a", "b"], ["a", 0], ["c", 1]], [], [["a"], ["c", 1]]],
    [[["a", "x", "b"], ["a", "x", 0, "y"]], [], [["a"]]],
    [[["g", 0, 1], ["g", 0, "k"]], [], [["g"]]],
  ] as [FieldPath[], string[], FieldPath[]][])("reads %j widened by %j, without overlapping or conflicting paths", (fields, names, paths) => {
    expect(readPaths(fields, names)).toEqual(paths);
  });

  it("writes a ProjectionExpression with its own placeholders", () => {
    expect(projectionOf([["id"], ["address", "city"], ["address", "id"]])).toEqual({
      ProjectionExpression: "#f0, #f1.#f2, #f1.#f0",
      names: { "#f0": "id", "#f1": "address", "#f2": "city" },
    });
  });

  it("writes index steps as DynamoDB does", () => {
    expect(projectionOf([["items", 0, "sku"], ["grid", 1, 20], ["items", 12]])).toEqual({
      ProjectionExpression: "#f0[0].#f1, #f2[1][20], #f0[12]",
      names: { "#f0": "items", "#f1": "sku", "#f2": "grid" },
    });
  });

  it.each([
    // Read whole (a key, a conflict): picked here. Cut by DynamoDB: given as it came, never looked up again by index.
    [["id", "items[3].sku"], ["id"], { id: "a", items: [{ sku: "s3" }], extra: 1 }, { id: "a", items: [{ sku: "s3" }] }],
    [["a.b", "a[0]"], [], { a: { b: 1, c: 2 } }, { a: { b: 1 } }],
    [["items[1].n"], ["items"], { items: [{ n: 0 }, { n: 1, m: 2 }] }, { items: [{ n: 1 }] }],
    [["items[1].n"], [], {}, {}],
  ])("readPicker for fields %j, %j read whole, gives %j as %j", (fields, names, read, picked) => {
    const paths = checkFields(fields);
    expect(readPicker(paths, readWhole(paths, names))(read)).toEqual(picked);
  });

  it("gives out only the fields, nested as they were, and never sets a prototype", () => {
    const item = { id: "a", address: { city: "Oslo", zip: "0150" }, tags: ["x"], n: 1 };
    expect(pickFields(item, [["id"], ["address", "city"], ["missing"], ["tags", "0"], ["n", "x"]])).toEqual({ id: "a", address: { city: "Oslo" } });
    const picked = pickFields(JSON.parse('{"__proto__": {"polluted": 1}}') as Record<string, unknown>, [["__proto__", "polluted"]]);
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
    expect(JSON.stringify(picked)).toBe('{"__proto__":{"polluted":1}}');
  });

  it.each([[[]], ["a"], [[""]], [["a..b"]], [[1]]])("refuses fields %j with a TypeError", (fields) => {
    expect(() => checkFields(fields)).toThrow(/^fields takes a non-empty array of attribute paths/);
  });

  it("plans a ProjectionExpression with the filter's attributes and the keys, and reads an index that projects them all", () => {
    const keys = { partition: "id", sort: "ts", indexes: [{ name: "byStatus", kind: "global" as const, partition: "status", projection: ["total"] }] };
    const [query] = planDynamo('status = "open" and total > 3', { keys, fields: ["total"] });
    expect(query!.input).toEqual({
      IndexName: "byStatus",
      KeyConditionExpression: "#n0 = :v0",
      FilterExpression: "#n1 > :v1",
      ExpressionAttributeNames: { "#n0": "status", "#n1": "total", "#f0": "status", "#f1": "total", "#f2": "id", "#f3": "ts" },
      ExpressionAttributeValues: { ":v0": { S: "open" }, ":v1": { N: "3" } },
      ProjectionExpression: "#f0, #f1, #f2, #f3",
    });
    // Fields it does not project: the index is read, and the whole items fetched by key with the fields' projection.
    const [fetching] = planDynamo('status = "open" and total > 3', { keys, fields: ["total", "note"] });
    expect([fetching!.command, fetching!.input.ProjectionExpression, fetching!.fetch]).toEqual([
      "Query",
      undefined,
      { command: "BatchGetItem", keys: ["id", "ts"], ProjectionExpression: "#f0, #f1, #f2, #f3, #f4", ExpressionAttributeNames: { "#f0": "status", "#f1": "total", "#f2": "id", "#f3": "ts", "#f4": "note" } },
    ]);
    const [scan] = planDynamo('status = "open" and total > 3', { keys, fields: ["total", "note"], fetch: false });
    expect([scan!.command, scan!.refused?.find((r) => r.target === "byStatus")?.reason]).toEqual(["Scan", `it projects only the keys and "total" (INCLUDE), not 'note', which the filter or the fields need (fetch is false)`]);
  });
});
