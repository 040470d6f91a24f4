import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEmulator, EmulatorError, loadTablesFromFile } from "../src/index.js";

/**
 * Key queries as DynamoDB (Local) answers them: "" is never a key value, and a
 * key condition of the other type than the key is refused, never answered with
 * an empty page that reads as "nothing matches".
 */

const CREDS = { applicationKey: "k", authenticationToken: "t" };
const emulator = createEmulator({
  tables: {
    byNumber: { primaryKey: "device", secondaryKey: "ts", items: [{ device: "d1", ts: 5 }, { device: "d1", ts: 12 }, { device: "d2", ts: 7 }] },
    byString: { primaryKey: "id", secondaryKey: "day", items: [{ id: 1, day: "2024-01-02" }, { id: 1, day: "2024-02-01" }] },
  },
  credentials: [CREDS],
});

async function query(members: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const res = await emulator.fetch("http://emulator.invalid/queryItems", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...CREDS, ...members }),
  });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

describe("queryItems refuses what DynamoDB refuses", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["key = \"\"", { table: "byString", key: { primary: 1 }, filter: { operator: "equals", value: "" } }, "filter.value: a key value cannot be the empty string \"\""],
    ["beginsWith \"\"", { table: "byString", key: { primary: 1 }, filter: { operator: "beginsWith", value: "" } }, "filter.value: a key value cannot be the empty string \"\""],
    ["between \"\" and \"z\"", { table: "byString", key: { primary: 1 }, filter: { operator: "between", value: ["", "z"] } }, "filter.value[0]: a key value cannot be the empty string \"\""],
    ["key.primary \"\"", { table: "byNumber", key: { primary: "" } }, "'key.primary' cannot be the empty string: no item has an empty key"],
    ["beginsWith \"1\" on a number key", { table: "byNumber", key: { primary: "d1" }, filter: { operator: "beginsWith", value: "1" } }, "'filter.value' must be a number: the key \"ts\" of table \"byNumber\" holds numbers, not strings"],
    ["a number on a string key", { table: "byString", key: { primary: 1 }, filter: { operator: "equals", value: 2024 } }, "'filter.value' must be a string: the key \"day\" of table \"byString\" holds strings, not numbers"],
    ["a between of strings on a number key", { table: "byNumber", filter: { operator: "between", value: ["1", "2"] } }, "'filter.value[0]' must be a number: the key \"ts\" of table \"byNumber\" holds numbers, not strings"],
    ["a number partition of a string key", { table: "byNumber", key: { primary: 1 } }, "'key.primary' must be a string: the key \"device\" of table \"byNumber\" holds strings, not numbers"],
  ])("%s is a 400", async (_, members, message) => {
    const { status, body } = await query(members);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(JSON.stringify(message).slice(1, -1));
  });

  it("answers a query of the key's type as before", async () => {
    expect(await query({ table: "byNumber", key: { primary: "d1" }, filter: { operator: "greaterThan", value: 6 } })).toEqual({ status: 200, body: { data: { items: [{ device: "d1", ts: 12 }] } } });
    expect(await query({ table: "byString", key: { primary: 1 }, filter: { operator: "beginsWith", value: "2024-01" } })).toEqual({ status: 200, body: { data: { items: [{ id: 1, day: "2024-01-02" }] } } });
  });
});

describe("an item with an empty key is refused at load", () => {
  const dir = mkdtempSync(join(tmpdir(), "itemfilter-emptykey-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ["primary", { primaryKey: "id", items: [{ id: "a" }, { id: "" }] }, 'table "t": item 1 has the empty string as its primary key "id"; a key is never empty'],
    ["secondary", { primaryKey: "id", secondaryKey: "ts", items: [{ id: "a", ts: "" }] }, 'table "t": item 0 has the empty string as its secondary key "ts"; a key is never empty'],
  ])("by createEmulator (%s key)", (_, table, message) => {
    let caught: unknown;
    try {
      createEmulator({ tables: { t: table }, credentials: [CREDS] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EmulatorError);
    expect(caught).toMatchObject({ code: "E_ITEM", table: "t", message: `E_ITEM: ${message}` });
  });

  it("from an NDJSON file, with that file and the item's line", async () => {
    const items = join(dir, "events.ndjson");
    writeFileSync(items, '{"device":"d1","ts":"a"}\n\n{"device":"d1","ts":""}\n');
    const tables = join(dir, "tables.json");
    writeFileSync(tables, JSON.stringify({ tables: { events: { primaryKey: "device", secondaryKey: "ts", items: "events.ndjson" } } }));
    const error = await loadTablesFromFile(tables).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ code: "E_ITEM", file: items, line: 3, table: "events" });
    expect((error as Error).message).toBe(`E_ITEM: ${items}:3: table "events": the item on line 3 has the empty string as its secondary key "ts"; a key is never empty`);
  });

  it("from a tables file with inline items, with that file", async () => {
    const tables = join(dir, "inline.json");
    writeFileSync(tables, JSON.stringify({ tables: { people: { primaryKey: "id", items: [{ id: "" }] } } }));
    await expect(loadTablesFromFile(tables)).rejects.toThrow(`E_ITEM: ${tables}: table "people": item 0 has the empty string as its primary key "id"; a key is never empty`);
  });
});
