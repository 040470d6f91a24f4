import { describe, expect, it } from "vitest";
import { compileList, FilterError, inferSchema, SchemaInference } from "../src/index.js";

describe("inferSchema", () => {
  it("types each attribute from the values the items hold", () => {
    const schema = inferSchema([
      { name: "Ada", age: 36, tags: ["x", "y"], mixed: 1, flag: true, nums: [1, 2], sets: ["a", 1], on: true, bools: [true] },
      { name: "Bob", age: null, tags: [], mixed: "1", extra: { a: 1 }, flag: false, on: "yes" },
      { age: 41, tags: "z", flag: null },
    ]);
    expect(JSON.parse(JSON.stringify(schema))).toEqual({
      attributes: {
        name: { type: "string" },
        age: { type: "number" },
        tags: { type: "string", array: true },
        mixed: {},
        flag: { type: "boolean" },
        nums: { type: "number", array: true },
        sets: { array: true },
        on: {},
        bools: { array: true },
        extra: {},
        "extra.a": { type: "number" },
      },
    });
    expect(Object.keys(schema.attributes)).toEqual(["name", "age", "tags", "mixed", "flag", "nums", "sets", "on", "bools", "extra", "extra.a"]);
  });

  it("skips items that are not records, and reads own members only", () => {
    const proto = JSON.parse('{"__proto__": "p", "constructor": 1}') as unknown;
    const schema = inferSchema([null, 5, "s", [1, 2], proto, Object.create({ inherited: 1 })]);
    expect(Object.getPrototypeOf(schema.attributes)).toBe(null);
    expect(Object.keys(schema.attributes)).toEqual(["__proto__", "constructor"]);
    expect(schema.attributes["__proto__"]).toEqual({ type: "string" });
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it("gives no attributes for no items, and takes any iterable", () => {
    expect(Object.keys(inferSchema([]).attributes)).toEqual([]);
    expect(Object.keys(inferSchema(new Set([{ a: 1 }])).attributes)).toEqual(["a"]);
  });

  it("reads a sparse array's present elements only", () => {
    const sparse: unknown[] = [];
    sparse[2 ** 32 - 2] = "x";
    expect(inferSchema([{ t: sparse }]).attributes["t"]).toEqual({ type: "string", array: true });
  });

  it("is a schema the compilers take", () => {
    const schema = inferSchema([{ age: 3, name: "x" }]);
    expect(compileList("age >= 3", { schema })).toEqual([{ item: "age", operator: "greaterEqual", value: 3 }]);
    expect(() => compileList('age = "3"', { schema })).toThrow(FilterError);
    expect(() => compileList("agee = 3", { schema })).toThrow(/did you mean 'age'/);
    expect(compileList("other = 3", { schema: { ...schema, allowUnknown: true } })).toEqual([{ item: "other", operator: "equals", value: 3 }]);
  });

  it.each([[undefined], [null], [42], ["items"], [{ length: 1 }]])("throws a TypeError for %j", (value) => {
    expect(() => inferSchema(value as never)).toThrow(TypeError);
  });

  it("merges states of parts inferred apart as one inference of all the items in order (with and without names)", () => {
    const items: unknown[] = [{ b: null }, { a: 1 }, 7, { c: "x", a: [2] }, { b: "s" }, { d: true, a: "t" }, { c: ["y", 3] }, {}];
    for (const names of [undefined, ["c", "a", "b", "z"]]) {
      const whole = new SchemaInference(names);
      for (const item of items) whole.add(item);
      for (let cut = 0; cut <= items.length; cut++) {
        for (let cut2 = cut; cut2 <= items.length; cut2++) {
          const parts = [items.slice(0, cut), items.slice(cut, cut2), items.slice(cut2)].map((part) => {
            const inference = new SchemaInference(names);
            for (const item of part) inference.add(item);
            // As it crosses to a worker thread and back.
            return structuredClone(inference.state());
          });
          const merged = new SchemaInference(names);
          for (const part of parts) merged.merge(part);
          expect(merged.schema()).toEqual(whole.schema());
          expect(Object.keys(merged.schema().attributes)).toEqual(Object.keys(whole.schema().attributes));
          for (const name of ["a", "b", "c", "d", "z"]) expect(merged.has(name)).toBe(whole.has(name));
        }
      }
    }
  });
});
