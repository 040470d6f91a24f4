import { describe, expect, it } from "vitest";
import { attributeWarnings, FilterError, formatDiagnostics, inferSchema, parse } from "../src/index.js";

const schema = inferSchema([
  { age: 36, name: "Ada", tags: ["x", "y"], sk: "2024-01" },
  { age: 41, name: "Bob", tags: ["z"], ids: [1, 2] },
]);

/** Code, span (offsets) and message of each warning. */
function warnings(source: string, options?: Record<string, unknown>): [string, number, number, string][] {
  return attributeWarnings(source, schema, options).map((w) => [w.code, w.span.start.offset, w.span.end.offset, w.message]);
}

describe("attributeWarnings", () => {
  it.each([
    ["age >= 3 and name beginsWith 'A' and tags contains 'x'", []],
    ["agee > 1", [["W_UNSEEN_ATTRIBUTE", 0, 4, "no item seen has the attribute 'agee'; did you mean 'age'?"]]],
    ["colour = 'red'", [["W_UNSEEN_ATTRIBUTE", 0, 6, "no item seen has the attribute 'colour'"]]],
    ["`na\u001bme` = 'x'", [["W_UNSEEN_ATTRIBUTE", 0, 7, "no item seen has the attribute 'na\\u001bme'; did you mean 'name'?"]]],
    ['tags = "x"', [["W_ARRAY_ATTRIBUTE", 5, 6, "'tags' holds arrays in the items seen, and '=' never matches an array; to test the elements, write 'tags contains \"x\"'"]]],
    ['tags in ("a", "b")', [["W_ARRAY_ATTRIBUTE", 5, 7, "'tags' holds arrays in the items seen, and 'in' never matches an array; to test the elements, write 'tags contains \"a\"'"]]],
    ['tags != "x"', [["W_ARRAY_ATTRIBUTE", 5, 7, "'tags' holds arrays in the items seen, and '!=' is true for every array; to test the elements, write 'tags notContains \"x\"'"]]],
    ["ids = 1", [["W_ARRAY_ATTRIBUTE", 4, 5, "'ids' holds arrays in the items seen, and '=' never matches an array; use contains to test the elements"]]],
    [
      'not (nme = "x" or tags = "y")',
      [
        ["W_UNSEEN_ATTRIBUTE", 5, 8, "no item seen has the attribute 'nme'; did you mean 'name'?"],
        ["W_ARRAY_ATTRIBUTE", 23, 24, "'tags' holds arrays in the items seen, and '=' never matches an array; to test the elements, write 'tags contains \"y\"'"],
      ],
    ],
    ["", []],
  ] as [string, [string, number, number, string][]][])("%s", (source, expected) => {
    expect(warnings(source)).toEqual(expected);
  });

  it("gives params and fixes as diagnostics do", () => {
    const [unseen] = attributeWarnings("tag contains 'x'", schema);
    expect(unseen!.params).toEqual({ name: "tag", suggestions: ["tags"] });
    expect(unseen!.fixes?.map((f) => [f.title, f.span.start.offset, f.span.end.offset, f.replacement])).toEqual([["Replace with 'tags'", 0, 3, "tags"]]);
    const [array] = attributeWarnings("tags = 'x'", schema);
    expect(array!.params).toEqual({ operator: "equals", name: "tags", suggestion: 'tags contains "x"' });
    expect(array!.fixes?.map((f) => [f.title, f.span.start.offset, f.span.end.offset, f.replacement])).toEqual([["Replace with 'tags contains \"x\"'", 0, 10, 'tags contains "x"']]);
    // Two values in an in: no one contains replaces it.
    expect(attributeWarnings("tags in ('x', 'y')", schema)[0]!.fixes).toBeUndefined();
  });

  it("gives the did-you-mean names as data", () => {
    expect(attributeWarnings("tag contains 'x'", schema)[0]!.suggestions).toEqual(["tags"]);
    expect(attributeWarnings("tag contains 'x'", schema)[0]!.attribute).toBe("tag");
  });

  it("reads a key query's subject as the secondary key", () => {
    expect(warnings(">= '2024'", { secondaryKey: "sk" })).toEqual([]);
    expect(warnings("key >= '2024'", { secondaryKey: "sk" })).toEqual([]);
    expect(warnings(">= '2024'", { secondaryKey: "missing" })).toEqual([]);
    expect(warnings(">= '2024'")).toEqual([]);
  });

  it("takes a tree, and renders with formatDiagnostics", () => {
    const source = "agee > 1";
    expect(attributeWarnings(parse(source), schema)).toHaveLength(1);
    expect(formatDiagnostics(source, attributeWarnings(source, schema))).toBe(
      "W_UNSEEN_ATTRIBUTE: no item seen has the attribute 'agee'; did you mean 'age'? (1:1)\n1 | agee > 1\n  | ^^^^",
    );
  });

  it("throws FilterError for text that does not parse, and TypeError for a bad schema or options", () => {
    expect(() => attributeWarnings("a =", schema)).toThrow(FilterError);
    expect(() => attributeWarnings("a = 1", { attributes: 1 } as never)).toThrow(TypeError);
    expect(() => attributeWarnings("a = 1", schema, "x" as never)).toThrow(TypeError);
    expect(() => attributeWarnings("a = 1", schema, { secondaryKey: 1 as never })).toThrow(TypeError);
  });
});
