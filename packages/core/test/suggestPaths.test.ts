import { describe, expect, it } from "vitest";
import { suggest, type Schema } from "../src/index.js";

/** Issue 34: completion of a path's members from the schema, and of what follows a path. */

const schema: Schema = {
  attributes: {
    "address.city": { type: "string", aliases: ["city"] },
    "address.`zip code`": { type: "string" },
    "address.geo.lat": { type: "number" },
    "items[0].sku": {},
    "meta.n": { type: "number", aliases: ["meta.count"] },
    status: {},
  },
};

const labels = (text: string, at = text.length): [number, number, string[]] => {
  const s = suggest(text, at, { schema });
  return [s.from, s.to, s.items.map((i) => `${i.label}${i.detail === undefined ? "" : ` (${i.detail})`}`)];
};

describe("suggest on paths", () => {
  it.each([
    ["address.", [8, 8, ["city (string)", "`zip code` (string)"]]],
    ["address.c", [8, 9, ["city (string)"]]],
    ["status = 1 and address.Z", [23, 24, ["`zip code` (string)"]]],
    ["address.geo.", [12, 12, ["lat (number)"]]],
    ["items[0].", [9, 9, ["sku"]]],
    ["meta.", [5, 5, ["n (number)", "count (alias of meta.n)"]]],
    ["status.", [7, 7, []]],
    ["nothing.", [8, 8, []]],
  ])("after %j it offers the members the schema lists there", (text, expected) => {
    expect(labels(text)).toEqual(expected);
  });

  it("replaces the whole member under the cursor", () => {
    expect(labels("address.ci = 1", 9)).toEqual([8, 10, ["city (string)"]]);
  });

  it("offers the attribute a path starts with where a condition starts, and an alias of a path says so", () => {
    const [, , items] = labels("");
    expect(items.filter((i) => i.startsWith("address") || i.startsWith("city") || i.startsWith("items") || i.startsWith("meta"))).toEqual([
      "city (alias of address.city)",
      "address (has members: type a dot)",
      "items (has members: type a dot)",
      "meta (has members: type a dot)",
    ]);
  });

  it("after a path, offers the operators of its type", () => {
    const ops = (text: string): string[] => suggest(text, text.length, { schema }).items.filter((i) => i.kind === "operator").map((i) => i.label);
    expect(ops("address.geo.lat ")).toContain("<");
    expect(ops("address.geo.lat ")).not.toContain("beginsWith");
    expect(ops("address.city ")).toContain("beginsWith");
    expect(ops("address.city ")).not.toContain("<");
  });
});
