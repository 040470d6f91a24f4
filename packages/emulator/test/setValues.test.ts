import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEmulator, loadNdjsonItems, loadTablesFromFile } from "../src/index.js";

/**
 * Issue 40 at the emulator: a data file writes a set as `{"$set": [...]}`
 * (JSON has no set) and an array is a list, whatever it holds; listItems
 * reads both so, and answers a data file's items as written, a JavaScript
 * Set given in code as `{"$set": [...]}` with its elements sorted.
 */
const CREDS = { applicationKey: "k", authenticationToken: "t" };
const dir = mkdtempSync(join(tmpdir(), "itemfilter-sets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function listItems(emulator: ReturnType<typeof createEmulator>, filter: unknown[]): Promise<string> {
  const res = await emulator.fetch("http://emulator.invalid/listItems", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...CREDS, table: "t", filter }) });
  expect(res.status).toBe(200);
  return res.text();
}

describe("sets in data files and answers (issue 40)", () => {
  it("reads a data file's {\"$set\": [...]} as a set and an array as a list, and answers them as written", async () => {
    writeFileSync(join(dir, "t.ndjson"), '{"id":"s","tags":{"$set":["x","beta"]}}\n{"id":"l","tags":["beta","x"]}\n');
    writeFileSync(join(dir, "tables.json"), JSON.stringify({ tables: { t: { primaryKey: "id", items: "t.ndjson" } } }));
    const fromNdjson = await loadNdjsonItems(join(dir, "t.ndjson"));
    const tables = await loadTablesFromFile(join(dir, "tables.json"));
    for (const items of [fromNdjson, tables.t!.items]) {
      const emulator = createEmulator({ tables: { t: { primaryKey: "id", items } }, credentials: [CREDS] });
      expect(await listItems(emulator, [{ item: "tags", operator: "contains", value: "beta" }])).toBe('{"data":{"items":[{"id":"l","tags":["beta","x"]},{"id":"s","tags":{"$set":["x","beta"]}}]}}');
      expect(await listItems(emulator, [{ item: "tags", operator: "notContains", value: "x" }])).toBe('{"data":{"items":[]}}');
    }
  });

  it("answers a Set given in code as {\"$set\": [...]}, sorted", async () => {
    const emulator = createEmulator({ tables: { t: { primaryKey: "id", items: [{ id: "a", tags: new Set(["b", "a"]) as never, n: new Set([3, 1]) as never }] } }, credentials: [CREDS] });
    expect(await listItems(emulator, [{ item: "tags", operator: "contains", value: "b" }])).toBe('{"data":{"items":[{"id":"a","tags":{"$set":["a","b"]},"n":{"$set":[1,3]}}]}}');
  });
});
