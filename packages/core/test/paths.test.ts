import { describe, expect, it } from "vitest";
import { evaluate, FilterError, format, parse, type Diagnostic, type FilterDocument } from "../src/index.js";
import { readPath } from "../src/semantics/itemValue.js";

/** Issue 34: nested attributes, `address.city`, `items[0].sku`, `` address.`zip code` ``. */

/** The first diagnostic of the FilterError `run` throws. */
function firstDiagnostic(run: () => unknown): Diagnostic {
  try {
    run();
  } catch (error) {
    if (error instanceof FilterError) return error.diagnostics[0]!;
    throw error;
  }
  throw new Error("no FilterError");
}

const attributeOf = (text: string): unknown => {
  const body = parse(text).body as { attribute: unknown };
  const { span, ...rest } = body.attribute as { span: { start: { offset: number }; end: { offset: number } } };
  return { ...rest, span: [span.start.offset, span.end.offset] };
};

describe("paths in the language", () => {
  it.each([
    ["address.city = 1", { type: "Attribute", name: "address", path: ["city"], span: [0, 12] }],
    ["items[0].sku = 1", { type: "Attribute", name: "items", path: [0, "sku"], span: [0, 12] }],
    ["address.`zip code` = 1", { type: "Attribute", name: "address", path: ["zip code"], span: [0, 18] }],
    ["`zip code`.x[3][4].y = 1", { type: "Attribute", name: "zip code", path: ["x", 3, 4, "y"], span: [0, 20] }],
    ["a.in.and.null = 1", { type: "Attribute", name: "a", path: ["in", "and", "null"], span: [0, 13] }],
    ["`a.b` = 1", { type: "Attribute", name: "a.b", span: [0, 5] }],
    ["straße.größe = 1", { type: "Attribute", name: "straße", path: ["größe"], span: [0, 12] }],
    ["size(a.b) > 1", { type: "Attribute", name: "a", path: ["b"], span: [5, 8] }],
    ["a[4294967294] = 1", { type: "Attribute", name: "a", path: [4294967294], span: [0, 13] }],
  ])("%j reads the path", (text, attribute) => {
    expect(attributeOf(text)).toEqual(attribute);
  });

  it.each([
    ["a in[1, 2]", "a in [1, 2]"],
    ["x = 1.5", "x = 1.5"],
    ["address.`city` = 1", "address.city = 1"],
    ["a.`in` = 1", "a.in = 1"],
    ["a.`b.c` is string", "a.`b.c` is string"],
    ["size(items[0].tags) > 2", "size(items[0].tags) > 2"],
    ["`size`.x = 1", "size.x = 1"],
  ])("%j formats as %j, which parses back to the same tree", (text, canonical) => {
    expect(format(text)).toBe(canonical);
    expect(format(canonical)).toBe(canonical);
  });

  it.each([
    ["a.", "pathMember", 1, 2],
    ["a..b = 1", "pathMember", 1, 3],
    ["a.(b) = 1", "pathMember", 1, 2],
    ["a.1 = 1", "pathNumberMember", 1, 3],
    ["a[x] = 1", "pathIndex", 1, 4],
    ["a[-1] = 1", "pathIndex", 1, 5],
    ["a[] = 1", "pathIndex", 1, 3],
    ["a[1.5] = 1", "pathIndex", 1, 6],
    ["a[1 = 1", "pathIndexClose", 1, 3],
    ["a[4294967295] = 1", "pathIndexLarge", 1, 13],
    ["a . b = 1", "pathDot", 2, 3],
    ["a. b = 1", "pathMember", 1, 2],
    ["not.a = 1", "pathDot", 3, 4],
    [".a = 1", "pathDot", 0, 1],
  ])("%j is E_SYNTAX %s at [%i, %i)", (text, kind, start, end) => {
    const d = firstDiagnostic(() => parse(text));
    expect([d.code, d.params?.kind, d.span.start.offset, d.span.end.offset]).toEqual(["E_SYNTAX", kind, start, end]);
  });

  it("a hand-built tree's path is checked: 1 to 32 steps, each a member's name or an index", () => {
    const tree = (path: unknown): FilterDocument => ({ type: "Filter", body: { type: "Predicate", attribute: { type: "Attribute", name: "a", path, span: undefined }, operator: "null" } } as never);
    expect(format(tree(["b", 0]))).toBe("a.b[0] is null");
    for (const [path, kind, at] of [
      [[], "path", "tree.body.attribute.path"],
      [Array(33).fill("x"), "path", "tree.body.attribute.path"],
      ["b", "path", "tree.body.attribute.path"],
      [["b", ""], "pathStep", "tree.body.attribute.path[1]"],
      [[-1], "pathStep", "tree.body.attribute.path[0]"],
      [[1.5], "pathStep", "tree.body.attribute.path[0]"],
      [["\uD800"], "pathStep", "tree.body.attribute.path[0]"],
    ] as const) {
      const d = firstDiagnostic(() => format(tree(path)));
      expect([d.code, d.params?.kind, d.path]).toEqual(["E_FILTER_JSON", kind, at]);
    }
  });
});

describe("reading a path", () => {
  const proto = JSON.parse('{"m": {"__proto__": {"x": 1}}}') as unknown;
  it.each([
    [{ a: { b: 1 } }, "a", ["b"], 1],
    [{ a: [{ b: 1 }, 2] }, "a", [0, "b"], 1],
    [{ a: [{ b: 1 }, 2] }, "a", [1], 2],
    [{ a: [{ b: 1 }, 2] }, "a", [2], undefined],
    [{ a: ["x", "y"] }, "a", [0], "x"],
    [{ a: [1, 2] }, "a", [1], 2],
    [{ a: new Set(["x", "y"]) }, "a", [0], undefined],
    [{ a: { $set: [1, 2] } }, "a", [1], undefined],
    [{ a: { $set: [1, 2] } }, "a", ["$set"], undefined],
    [{ a: ["x", 1] }, "a", [0], "x"],
    [{ a: { b: 1 } }, "a", [0], undefined],
    [{ a: [{ b: 1 }] }, "a", ["0"], undefined],
    [{ a: { $binary: "AAE=" } }, "a", ["$binary"], undefined],
    [{ a: "text" }, "a", ["length"], undefined],
    [{ a: { b: null } }, "a", ["b", "c"], undefined],
    [{ a: {} }, "a", ["toString"], undefined],
    [proto, "m", ["__proto__", "x"], 1],
    [{ a: 1 }, "a", undefined, 1],
  ])("%j: %s %j is %j", (item, name, path, expected) => {
    expect(readPath(item, name, path)).toBe(expected);
  });

  it.each([
    ['address.city = "Oslo"', true],
    ['address.city != "Oslo"', false],
    ["address.zip is null", true],
    ["items[1].sku is not null", false],
    ["size(items[0].tags) = 2", true],
    ["items[0].tags contains \"b\"", true],
    ['items[0].tags[0] = "a"', true],
    ["items[0].labels[0] is null", true],
    ['items[0].labels contains "b" and size(items[0].labels) = 2 and items[0].labels is set', true],
    ["address is map and items[0] is map and items is list", true],
    ['not (address.`zip code` beginsWith "01")', false],
  ])("evaluate(%j) is %j", (filter, expected) => {
    const item = { address: { city: "Oslo", "zip code": "0150" }, items: [{ sku: "A", tags: ["a", "b"], labels: new Set(["a", "b"]) }, { sku: null }] };
    expect(evaluate(filter, item)).toBe(expected);
  });
});

describe("a path where a type's name goes", () => {
  it("is refused as a word that is no type (a path never crashed the parser)", () => {
    const d = firstDiagnostic(() => parse("a is b.c"));
    expect([d.code, d.params?.kind, d.params?.found, d.span.start.offset, d.span.end.offset]).toEqual(["E_SYNTAX", "typeName", "b.c", 5, 8]);
  });
});
