import { isExactNumber, parseJson, stringifyJson, toNumberValue } from "@itemfilter/core";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEmulator, EmulatorError, fromExactTransfer, loadTablesFromFile, toExactTransfer } from "../src/index.js";

/**
 * Issue 32 at the emulator: a number is DynamoDB's exact decimal in tables,
 * request bodies and responses, so a 19-digit key pages and queries exactly
 * (as doubles, 1234567890123456789 and ...790 are one number).
 */

const CREDS = { applicationKey: "k", authenticationToken: "t" };
const n = toNumberValue;
// Keys that doubles cannot tell apart: neighbours of 2^53 and 19-digit ids one apart.
const IDS = ["9007199254740992", "9007199254740993", "1234567890123456789", "1234567890123456790", "1234567890123456791"];
const emulator = createEmulator({
  tables: {
    ids: { primaryKey: "id", items: IDS.map((id) => ({ id: n(id), v: n(`${id}.5`) })) },
    events: { primaryKey: "device", secondaryKey: "ts", items: IDS.map((ts) => ({ device: "d1", ts: n(ts) })) },
  },
  credentials: [CREDS],
});

/** Sends members as JSON text with every digit, and reads the answer's text exactly. */
async function call(operation: string, members: Record<string, unknown>): Promise<{ status: number; text: string; body: unknown }> {
  const res = await emulator.fetch(`http://emulator.invalid/${operation}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: stringifyJson({ ...CREDS, ...members }) });
  const text = await res.text();
  return { status: res.status, text, body: parseJson(text) };
}

const sorted = [...IDS].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));

describe("issue 32: exact numbers in the emulator", () => {
  it("pages a table of 19-digit keys one item at a time, in exact order, the stopKey carrying every digit", async () => {
    const seen: string[] = [];
    let startKey: unknown;
    for (let page = 0; page < 10; page++) {
      const { status, text, body } = await call("listItems", { table: "ids", limit: 1, ...(startKey === undefined ? {} : { startKey }) });
      expect(status).toBe(200);
      const data = (body as { data: { items: { id: unknown; v: unknown }[]; stopKey?: unknown } }).data;
      for (const item of data.items) {
        seen.push(String(item.id));
        expect(String(item.v)).toBe(`${String(item.id)}.5`);
        expect(text).toContain(`"id":${String(item.id)},"v":${String(item.id)}.5`);
      }
      startKey = data.stopKey;
      if (startKey === undefined) break;
    }
    expect(seen).toEqual(sorted);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["equals 9007199254740993", { operator: "equals", value: n("9007199254740993") }, ["9007199254740993"]],
    ["greaterThan 1234567890123456789", { operator: "greaterThan", value: n("1234567890123456789") }, ["1234567890123456790", "1234567890123456791"]],
    ["lessEqual 9007199254740992 (a double)", { operator: "lessEqual", value: 9007199254740992 }, ["9007199254740992"]],
    ["between ...789.5 and ...791", { operator: "between", value: [n("1234567890123456789.5"), n("1234567890123456791")] }, ["1234567890123456790", "1234567890123456791"]],
  ])("queries a 19-digit secondary key exactly: %s", async (_, filter, expected) => {
    const { status, body } = await call("queryItems", { table: "events", key: { primary: "d1" }, filter });
    expect(status).toBe(200);
    expect((body as { data: { items: { ts: unknown }[] } }).data.items.map((i) => String(i.ts))).toEqual(expected);
  });

  it("finds an item by its 19-digit key in a listItems filter", async () => {
    const { body } = await call("listItems", { table: "ids", filter: [{ item: "id", operator: "equals", value: n("1234567890123456790") }] });
    expect((body as { data: { items: { id: unknown }[] } }).data.items.map((i) => String(i.id))).toEqual(["1234567890123456790"]);
  });

  it("answers a request body with a number no store holds with a 400 naming where it is", async () => {
    const res = await emulator.fetch("http://emulator.invalid/listItems", { method: "POST", headers: { "Content-Type": "application/json" }, body: `{"applicationKey":"k","authenticationToken":"t","table":"ids","filter":[{"item":"id","operator":"equals","value":1e400}]}` });
    expect(res.status).toBe(400);
    expect(JSON.parse(await res.text())).toEqual({ error: { code: 400, message: "the request body holds a number 1e400 at filter[0].value is not one DynamoDB can hold (beyond 1e-130 to below 1e126)" } });
  });

  it("keeps two keys a double would confuse apart, and names a true duplicate with its digits", () => {
    expect(() => createEmulator({ tables: { t: { primaryKey: "id", items: [{ id: n("12345678901234567890") }, { id: n("12345678901234567891") }] } }, credentials: [CREDS] })).not.toThrow();
    expect(() => createEmulator({ tables: { t: { primaryKey: "id", items: [{ id: n("12345678901234567890") }, { id: n("12345678901234567890") }] } }, credentials: [CREDS] })).toThrow(
      'E_DUPLICATE_KEY: table "t": items 0 and 1 have the same key (12345678901234567890); each item needs its own',
    );
  });

  it("carries ExactNumbers across structured clone with an ExactTransfer, and leaves a look-alike plain object alone", () => {
    const value = { items: [{ id: n("9007199254740993"), lookalike: { decimal: { neg: false, digits: "1", exp: 1 } }, zero: -0 }], key: n("-1.5e-120") };
    const back = fromExactTransfer(structuredClone(toExactTransfer(value)));
    expect(isExactNumber(back.items[0]!.id) && String(back.items[0]!.id)).toBe("9007199254740993");
    expect(back.items[0]!.lookalike).toEqual({ decimal: { neg: false, digits: "1", exp: 1 } });
    expect(Object.is(back.items[0]!.zero, -0)).toBe(true);
    expect(String(back.key)).toBe(String(value.key));
    expect(toExactTransfer({ a: 1 })).toEqual({ value: { a: 1 } });
  });

  it("leaves unwalked the part its caller calls plain, and walks the rest", () => {
    const kept = [{ id: 1, v: 2 }];
    const value = { kept, greatest: { id: n("9007199254740993") } };
    expect(toExactTransfer(value, kept)).toEqual({ value, exact: [["greatest", "id"]] });
    // The caller's word is taken: what it calls plain is not looked into.
    const wrong = [{ id: n("9007199254740993") }];
    expect(toExactTransfer({ kept: wrong }, wrong)).toEqual({ value: { kept: wrong } });
  });
});

describe("issue 32: a JSON data file keeps its numbers exactly", () => {
  const dir = mkdtempSync(join(tmpdir(), "itemfilter-exact-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("loads 9007199254740993 and a 38-digit number as ExactNumbers with their digits", async () => {
    const file = join(dir, "tables.json");
    writeFileSync(file, '{"tables": {"t": {"primaryKey": "id", "items": [{"id": 9007199254740993, "big": 12345678901234567890123456789012345678}]}}}');
    const tables = await loadTablesFromFile(file);
    const [item] = tables.t!.items as Record<string, unknown>[];
    expect([String(item!.id), String(item!.big), isExactNumber(item!.id)]).toEqual(["9007199254740993", "12345678901234567890123456789012345678", true]);
  });

  it.each([
    ['{"tables": {"t": {"primaryKey": "id",\n  "items": [{"id": 1, "v": 1e400}]}}}', 2, 'the number 1e400 at tables.t.items[0].v is not one DynamoDB can hold (beyond 1e-130 to below 1e126); write it as a string to keep it (column 28)'],
    [`{"tables": {"t": {"primaryKey": "id", "items": [{"id": ${"1".repeat(39)}}]}}}`, 1, `the number ${"1".repeat(39)} at tables.t.items[0].id is not one DynamoDB can hold (more than 38 significant digits); write it as a string to keep it (column 56)`],
  ])("refuses a number no store holds with E_FILE_JSON naming its line, column and path (%#)", async (text, line, message) => {
    const file = join(dir, "bad.json");
    writeFileSync(file, text);
    const error = await loadTablesFromFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmulatorError);
    expect([(error as EmulatorError).code, (error as EmulatorError).line, (error as EmulatorError).message]).toEqual(["E_FILE_JSON", line, `E_FILE_JSON: ${file}:${line}: ${message}`]);
  });
});
