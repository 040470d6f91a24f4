import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadNdjsonTable, scanNdjsonRange, scanNdjsonTable, type RangeJob } from "../src/index.js";

/**
 * Issue 44: a data file is read once whatever the order of its keys. Every
 * read of a data file opens it (node:fs/promises open), so the opens of the
 * file are counted: one per range read, plus one to find the range cuts.
 */
const opened: string[] = [];
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    open: (...args: Parameters<typeof actual.open>) => {
      opened.push(String(args[0]));
      return actual.open(...args);
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), "itemfilter-read-once-"));
const key = (i: number): string => `u${String(i).padStart(5, "0")}`;
const line = (k: number, i: number): string => JSON.stringify({ id: key(k), age: i % 100 });
/** 3,000 lines with the keys in a scattered order (k × 7 mod 3001, 3001 prime: each once). */
const scattered = Array.from({ length: 3000 }, (_, i) => line(((i + 1) * 7) % 3001, i));
const sorted = Array.from({ length: 3000 }, (_, i) => line(i, i));

function write(name: string, lines: string[]): string {
  const file = join(dir, `${name}.ndjson`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

const opensOf = (file: string): number => opened.filter((f) => f === file).length;
const ages7 = (item: Record<string, unknown>): boolean => item.age === 7;

beforeEach(() => {
  opened.length = 0;
});

describe("a data file is read once, in key order or not (issue 44)", () => {
  it.each([
    ["in key order", sorted, true],
    ["not in key order", scattered, false],
  ])("%s: one open, and the table the whole file gives", async (name, lines, inOrder) => {
    const file = write(name.replaceAll(" ", "-"), lines);
    const scanned = await scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: ages7 });
    expect(opensOf(file)).toBe(1);
    expect(scanned.sorted).toBe(inOrder);
    const whole = await loadNdjsonTable(file, "t", { primaryKey: "id" });
    const matching = whole.items.filter(ages7).map((item) => item.id);
    const greatest = whole.items.map((item) => item.id as string).sort().at(-1);
    expect(scanned.definition.items.map((item) => item.id).sort()).toEqual([...new Set([...matching, greatest])].sort());
  });

  it("in 3 ranges (as with worker threads): one open per range and one for the cuts, never a second pass", async () => {
    const file = write("scattered-ranges", scattered);
    const scanRange = (job: RangeJob) => scanNdjsonRange(structuredClone(job), ages7);
    const scanned = await scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: ages7, ranges: 3, scanRange });
    expect(scanned).toMatchObject({ items: 3000, sorted: false });
    expect(opensOf(file)).toBe(1 + 3);
  });

  it.each([
    ["within one range", [...scattered, line(42, 1)], 1, 'the items on lines 6 and 3001 have the same key ("u00042")'],
    ["across ranges", [...scattered, line(42, 1)], 3, 'the items on lines 6 and 3001 have the same key ("u00042")'],
    // Of two duplicated keys, the first in key order is named, with its first two lines, as buildTable names it.
    ["two keys, the smaller named", [line(9, 0), line(5, 0), line(9, 0), line(5, 0), line(5, 0)], 2, 'the items on lines 2 and 4 have the same key ("u00005")'],
  ])("a duplicate key %s: the file's error, found by a second read of those keys alone", async (name, lines, ranges, message) => {
    const file = write(`dup-${name.replaceAll(" ", "-")}`, lines);
    const scanRange = (job: RangeJob) => scanNdjsonRange(structuredClone(job), ages7);
    await expect(scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: ages7, ranges, scanRange })).rejects.toThrow(message);
    await expect(loadNdjsonTable(file, "t", { primaryKey: "id" })).rejects.toThrow(message);
  });
});
