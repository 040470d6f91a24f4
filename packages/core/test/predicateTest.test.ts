import { describe, expect, it } from "vitest";
import { evaluate, matches } from "../src/index.js";
import { present } from "../src/semantics/predicateTest.js";

/** A sparse array of length 2^32 - 1 with elements only at the given indexes. */
function sparse(entries: [number, unknown][]): unknown[] {
  const a: unknown[] = [];
  a.length = 2 ** 32 - 1;
  for (const [i, v] of entries) a[i] = v;
  return a;
}

describe("arrays with holes", () => {
  it("reads only the elements present in a huge sparse array", () => {
    expect(present(sparse([[5, "a"], [2 ** 32 - 2, 7]]))).toEqual(["a", 7]);
    const withExtra = Object.assign(sparse([[1, "x"]]), { note: "not an element" });
    expect(present(withExtra)).toEqual(["x"]);
    const dense = [1, 2, 3];
    expect(present(dense)).toBe(dense);
    const longDense = Array.from({ length: 100_000 }, (_, i) => i);
    expect(present(longDense)).toBe(longDense);
    const midSparse: unknown[] = [];
    midSparse[999_999] = "z";
    midSparse[5] = "y";
    expect(present(midSparse)).toEqual(["y", "z"]);
  });

  it.each([
    ["contains a present string", 'tags contains "x"', [[2 ** 32 - 2, "x"]], true],
    ["contains a present number", "tags contains 1", [[3, 1]], true],
    ["contains what is absent", 'tags contains "y"', [[2 ** 32 - 2, "x"]], false],
    ["notContains what is absent", 'tags notContains "y"', [[7, "x"]], true],
    ["equals a one-element set", 'tags = "x"', [[9, "x"]], false],
  ] as [string, string, [number, unknown][], boolean][])("evaluate: %s, at once", (_, source, entries, expected) => {
    expect(evaluate(source, { tags: sparse(entries) })).toBe(expected);
  });

  it("matches filter JSON against huge sparse arrays at once", () => {
    const item = { tags: sparse([[2 ** 32 - 2, "x"]]) };
    expect(matches(item, [{ item: "tags", operator: "contains", value: "x" }])).toBe(true);
    expect(matches(item, [{ item: "tags", operator: "notContains", value: "x" }])).toBe(false);
  });

  it("treats holes in a short array as absent, as the array methods do", () => {
    // eslint-disable-next-line no-sparse-arrays
    const holes = [1, , 2];
    expect(evaluate("t contains 2", { t: holes })).toBe(true);
    expect(matches({ t: holes }, [{ item: "t", operator: "contains", value: "x" }])).toBe(false);
  });
});
