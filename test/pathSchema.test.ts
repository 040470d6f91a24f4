import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readNamePath } from "../packages/core/src/scan/readNamePath.js";
import { nameArb } from "./property/astArbitraries.js";
import { attributeWarnings, compileList, FilterError, inferSchema, parse, plan, quotePath, SchemaInference, type Schema } from "@itemfilter/core";
import { compileDynamo } from "@itemfilter/dynamodb";
import { propertyRuns } from "./support/propertyRuns.js";

/** Issue 34: a schema describes nested attributes; its allow-list, types and aliases apply per path. */

const schema: Schema = {
  attributes: {
    "address.city": { type: "string", aliases: ["city"] },
    items: {},
    "`a.b`": { type: "number" },
    "meta.tags": { array: true },
    status: { aliases: ["st.x"] },
  },
};

function diagnostic(run: () => unknown): { code: string; span: [number, number]; message: string; fixes?: string[] } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    const d = error.diagnostics[0]!;
    return { code: d.code, span: [d.span.start.offset, d.span.end.offset], message: d.message, ...(d.fixes === undefined ? {} : { fixes: d.fixes.map((f) => f.replacement) }) };
  }
  throw new Error("no error");
}

describe("a schema of paths", () => {
  it.each([
    ["address.city = \"Oslo\"", "#n0.#n1 = :v0", { "#n0": "address", "#n1": "city" }],
    ["city = \"Oslo\"", "#n0.#n1 = :v0", { "#n0": "address", "#n1": "city" }],
    ["items[0].sku = \"x\"", "#n0[0].#n1 = :v0", { "#n0": "items", "#n1": "sku" }],
    ["`a.b` = 1", "#n0 = :v0", { "#n0": "a.b" }],
    ["st.x = 1", "#n0 = :v0", { "#n0": "status" }],
    ["st.x.y = 1", "#n0.#n1 = :v0", { "#n0": "status", "#n1": "y" }],
  ])("compileDynamo(%j) names the stored path: %s", (filter, expression, names) => {
    const out = compileDynamo(filter, { schema });
    expect([out.FilterExpression, out.ExpressionAttributeNames]).toEqual([expression, names]);
  });

  it.each([
    ["address.secret = 1", { code: "E_UNKNOWN_ATTRIBUTE", span: [0, 14], message: "unknown attribute 'address.secret'" }],
    ["address = 1", { code: "E_UNKNOWN_ATTRIBUTE", span: [0, 7], message: "unknown attribute 'address'" }],
    ["address.cty = 1", { code: "E_UNKNOWN_ATTRIBUTE", span: [0, 11], message: "unknown attribute 'address.cty'; did you mean 'address.city'?", fixes: ["address.city"] }],
    ["a.b = 1", { code: "E_UNKNOWN_ATTRIBUTE", span: [0, 3], message: "unknown attribute 'a.b'; did you mean 'a.b'?", fixes: ["`a.b`"] }],
    ["address.city = 3", { code: "E_ATTRIBUTE_TYPE", span: [15, 16], message: "'address.city' is a string, but this value is a number; quote it: \"3\"", fixes: ['"3"'] }],
    ["meta.tags = \"x\"", { code: "E_ATTRIBUTE_TYPE", span: [10, 11], message: "'meta.tags' holds lists, and '=' never matches a list; did you mean 'meta.tags contains \"x\"'?", fixes: ['meta.tags contains "x"'] }],
  ])("refuses %j where the schema does not allow it", (filter, expected) => {
    expect(diagnostic(() => compileDynamo(filter, { schema }))).toEqual(expected);
    expect(diagnostic(() => compileList(filter, { schema }))).toEqual(expected);
  });

  it("an alias of a path is refused by compileList at the alias, with the hint, and runs through plan", () => {
    expect(diagnostic(() => compileList("city = \"Oslo\"", { schema }))).toEqual({ code: "E_VALUE_TYPE", span: [0, 4], message: "the service's filters name a top-level attribute, not the path 'address.city'" });
    expect(plan("city = \"Oslo\"", { schema }).requests).toEqual([{ operation: "listItems", filter: [], residual: "address.city = \"Oslo\"" }]);
  });

  it.each(["a.b c", "a..b", "x[y]"])("a key written as a broken path (%j) is a TypeError that says how to quote it", (key) => {
    expect(() => compileDynamo("a = 1", { schema: { attributes: { [key]: {} } } })).toThrow(/is read as a path, as a filter writes one .*write a name that holds a '.' or '\[' in backticks/);
  });
});

describe("inferSchema of nested attributes", () => {
  it("learns the members of maps one level deep, typed, and quotes a top-level name with a dot", () => {
    const schema = inferSchema([
      { address: { city: "Oslo", zip: 150, geo: { lat: 1 } }, "a.b": 1 },
      { address: { city: "Bergen", "zip code": "5003" }, items: [{ sku: "x" }] },
      { address: "unknown" },
    ]);
    expect(JSON.parse(JSON.stringify(schema))).toEqual({
      attributes: { address: {}, "address.city": { type: "string" }, "address.zip": { type: "number" }, "address.geo": {}, "address.`zip code`": { type: "string" }, "`a.b`": { type: "number" }, items: { array: true } },
    });
    // The inferred schema reads back as it means: the members are paths, `a.b` one name.
    expect(compileDynamo("address.`zip code` = \"1\" and `a.b` = 1 and address.geo.lat = 1", { schema }).ExpressionAttributeNames).toEqual({ "#n0": "address", "#n1": "zip code", "#n2": "a.b", "#n3": "geo", "#n4": "lat" });
    expect(diagnostic(() => compileDynamo("address.zip = \"x\"", { schema })).code).toBe("E_ATTRIBUTE_TYPE");
  });

  it("keeps at most 64 members of one attribute", () => {
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`m${i}`, i]));
    const keys = Object.keys(inferSchema([{ w: wide }]).attributes);
    expect([keys.length, keys[1], keys[64]]).toEqual([65, "w.m0", "w.m63"]);
  });

  it("state() and merge() carry the members, as one pass over all the items learns them", () => {
    const items = [{ address: { city: "Oslo" } }, { address: { zip: 1 } }];
    const first = new SchemaInference(["address"]);
    first.add(items[0]);
    const second = new SchemaInference(["address"]);
    second.add(items[1]);
    first.merge(second.state());
    expect(first.schema()).toEqual(inferSchema(items));
    expect(second.state()).toEqual({ names: ["address"], bits: [4], members: [["address", "zip", 2]] });
  });

  it("attributeWarnings looks paths up in an inferred schema", () => {
    const schema = inferSchema([{ address: { city: "Oslo" }, tags: { list: ["a"] } }]);
    expect(attributeWarnings("adress.city = \"x\" and tags.list = \"a\"", schema).map((w) => [w.code, w.message])).toEqual([
      ["W_UNSEEN_ATTRIBUTE", "no item seen has the attribute 'adress.city'; did you mean 'address.city'?"],
      ["W_ARRAY_ATTRIBUTE", "'tags.list' holds arrays in the items seen, and '=' never matches an array; to test the elements, write 'tags.list contains \"a\"'"],
    ]);
  });
});

describe("a schema's names read as the scanner reads them", () => {
  it("readNamePath (no scanner, for schemas) agrees with the parser on any path quotePath writes, and on broken text", () => {
    const steps = fc.array(fc.oneof(nameArb, fc.nat(20)), { maxLength: 3 });
    const text = fc.oneof(
      fc.tuple(nameArb, steps).map(([name, path]) => quotePath(name, path.length === 0 ? undefined : path)),
      fc.tuple(fc.constantFrom("a", "`b c`", "in", "a.", "a..b", "a[01]", "a[-1]", "a.1", "a[1", "`x"), fc.constantFrom("", ".b", "[0]", ".`c\\u0041`", "[x]", ".")).map(([x, y]) => x + y),
    );
    fc.assert(
      fc.property(text, (t) => {
        let parsed: unknown;
        try {
          const attr = (parse(`${t} is null`).body as { attribute: { name: string; path?: unknown } }).attribute;
          parsed = attr.path === undefined ? { name: attr.name } : { name: attr.name, path: attr.path };
        } catch {
          parsed = undefined;
        }
        expect(readNamePath(t)).toEqual(parsed);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
