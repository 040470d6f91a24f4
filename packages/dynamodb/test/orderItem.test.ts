import { parseJson, stringifyJson } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { orderItem } from "../src/run/orderItem.js";

const proto = (value: unknown): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  Object.defineProperty(out, "__proto__", { value, enumerable: true, writable: true, configurable: true });
  return out;
};

describe("orderItem: the key first, then every attribute and map member by name", () => {
  it.each<[string, Record<string, unknown>, string[], string]>([
    ["keys first, partition then sort", { b: 1, sk: 2, a: 3, pk: 4 }, ["pk", "sk"], '{"pk":4,"sk":2,"a":3,"b":1}'],
    ["no keys known: by name", { b: 1, a: 2 }, [], '{"a":2,"b":1}'],
    ["a key the item lacks (a projection) is left out", { b: 1, a: 2 }, ["pk"], '{"a":2,"b":1}'],
    ["maps at any depth", { m: { z: { d: 1, c: 2 }, a: 1 } }, [], '{"m":{"a":1,"z":{"c":2,"d":1}}}'],
    ["lists keep their order, their maps are ordered", { l: [3, 1, { y: 1, x: 2 }, [{ b: 1, a: 2 }]] }, [], '{"l":[3,1,{"x":2,"y":1},[{"a":2,"b":1}]]}'],
    ["by UTF-16 code units: upper case before lower", { b: 1, B: 2, _: 3, "1": 4 }, [], '{"1":4,"B":2,"_":3,"b":1}'],
    ["an exact number is a value, not a map", parseJson(`{"n":12345678901234567891,"a":1}`) as Record<string, unknown>, [], '{"a":1,"n":12345678901234567891}'],
  ])("%s", (_, item, keys, json) => {
    expect(stringifyJson(orderItem(item, keys))).toBe(json);
  });

  it("keeps a member named __proto__ as an own member", () => {
    const out = orderItem({ b: 1, ...proto({ y: 1, x: 2 }) }, []);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__", "b"]);
    expect(Object.keys(Object.getOwnPropertyDescriptor(out, "__proto__")!.value as object)).toEqual(["x", "y"]);
  });
});
