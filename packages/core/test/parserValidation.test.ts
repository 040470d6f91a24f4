import { expect, it } from "vitest";
import { FilterParser } from "../src/syntax/parser.js";

// The shipped parser skips chevrotain's grammar validation (see FilterParser).
// This builds it once with validation on, so an ambiguous or left-recursive
// rule still fails CI. chevrotain's checks call Object.groupBy, which Node 20
// lacks: shim it for this test alone.
it("the grammar passes chevrotain's validations", () => {
  const O = Object as unknown as { groupBy?: unknown };
  const had = "groupBy" in Object;
  if (!had) {
    O.groupBy = <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) => {
      const out: Record<PropertyKey, T[]> = Object.create(null);
      let i = 0;
      for (const item of items) (out[key(item, i++)] ??= []).push(item);
      return out;
    };
  }
  try {
    expect(() => new FilterParser({ skipValidations: false })).not.toThrow();
  } finally {
    if (!had) delete O.groupBy;
  }
});
