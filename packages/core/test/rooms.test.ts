import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The core's folders are the pipeline's rooms, bottom first: a module may import
// from its own room or from a room below, never from one above (the map is in the
// core README, "Where things live"). Type-only imports count too: a type that a
// lower room needs belongs in that room.
export const ROOMS = ["values", "messages", "scan", "syntax", "tree", "schema", "print", "semantics", "compile", "plan", "assist"] as const;

const src = fileURLToPath(new URL("../src/", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith(".ts") ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^"';]*?from\s*"(\.{1,2}\/[^"]+)"/g;

function roomOf(file: string): string {
  const rel = relative(src, file);
  return rel.includes("/") ? rel.slice(0, rel.indexOf("/")) : "";
}

const files = sources(src);
const edges = files.flatMap((file) =>
  [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => ({ from: file, to: normalize(join(dirname(file), m[1]!)) })),
);

describe("the core's rooms", () => {
  it("every module lives in a room, but the package's entry", () => {
    const loose = files.filter((f) => roomOf(f) === "" && relative(src, f) !== "index.ts").map((f) => relative(src, f));
    expect(loose).toEqual([]);
    const unknown = [...new Set(files.map(roomOf).filter((r) => r !== "" && !(ROOMS as readonly string[]).includes(r)))];
    expect(unknown).toEqual([]);
  });

  it("every import points down the pipeline or stays in its room", () => {
    const rank = (file: string) => (ROOMS as readonly string[]).indexOf(roomOf(file));
    const up = edges
      .filter((e) => roomOf(e.from) !== "" && rank(e.to) > rank(e.from))
      .map((e) => `${relative(src, e.from)} -> ${relative(src, e.to)}`);
    expect(up).toEqual([]);
  });

  it("the check sees imports at all (it would pass vacuously on a broken pattern)", () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges.some((e) => roomOf(e.from) === "assist" && roomOf(e.to) === "scan")).toBe(true);
  });
});
