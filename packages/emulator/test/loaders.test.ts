import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEmulator, EmulatorError, loadNdjsonItems, loadTablesFromFile, parseNdjsonItems } from "../src/index.js";
import { readTextFile } from "../src/readTextFile.js";

const dir = mkdtempSync(join(tmpdir(), "itemfilter-emulator-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe("parseNdjsonItems", () => {
  it("reads one object per line, skipping blank lines and CRLF endings", () => {
    expect(parseNdjsonItems('{"id":1}\r\n\n  \n{"id":"b","x":[1]}\n', "f")).toEqual([{ id: 1 }, { id: "b", x: [1] }]);
  });

  it.each([
    ['{"id":1}\n{"id":2,}\n', "E_FILE_JSON: f:2: not valid JSON at column 9"],
    ['{"id":1}\n\n[1]\n', "E_FILE_SHAPE: f:3: each line must be one JSON object (an item)"],
    ["null", "E_FILE_SHAPE: f:1: each line must be one JSON object (an item)"],
    ['{"id":', "E_FILE_JSON: f:1: not valid JSON at column 7"],
  ])("refuses %j", (text, message) => {
    expect(() => parseNdjsonItems(text, "f")).toThrow(EmulatorError);
    expect(() => parseNdjsonItems(text, "f")).toThrow(message);
  });
});

describe("loadNdjsonItems and loadTablesFromFile", () => {
  it("loads tables with inline items and NDJSON items relative to the file", async () => {
    file("people.ndjson", '{"id":"a","age":3}\n{"id":"b"}\n');
    const path = file(
      "tables.json",
      JSON.stringify({ tables: { people: { primaryKey: "id", items: "people.ndjson" }, events: { primaryKey: "p", secondaryKey: "ts", items: [{ p: 1, ts: 2 }] } } }),
    );
    expect(await loadTablesFromFile(path)).toEqual({
      people: { primaryKey: "id", items: [{ id: "a", age: 3 }, { id: "b" }] },
      events: { primaryKey: "p", secondaryKey: "ts", items: [{ p: 1, ts: 2 }] },
    });
  });

  it.each([
    ["missing.json", null, "E_FILE_READ", "no such file"],
    ["bad-utf8.json", Buffer.from([0x7b, 0xff, 0x7d]), "E_FILE_READ", "the file is not valid UTF-8"],
    ["bad.json", '{\n  "tables": {,\n}', "E_FILE_JSON", "not valid JSON (column 14)"],
    ["array.json", "[]", "E_FILE_SHAPE", 'the file must hold an object {"tables": {…}}'],
    ["extra.json", '{"tables": {}, "x": 1}', "E_FILE_SHAPE", 'unknown member "x"; the file holds only "tables"'],
    ["tables-array.json", '{"tables": []}', "E_FILE_SHAPE", '"tables" must be an object of table definitions by name'],
    ["table-member.json", '{"tables": {"t": {"primaryKey": "id", "items": [], "sortKey": "x"}}}', "E_FILE_SHAPE", 'table "t" has an unknown member "sortKey"'],
    ["dup.json", '{"tables": {"t": {"primaryKey": "id", "items": [{"id": 1}, {"id": 1}]}}}', "E_DUPLICATE_KEY", 'table "t": items 0 and 1 have the same key (1); each item needs its own'],
    ["no-key.json", '{"tables": {"t": {"primaryKey": "id", "items": [{"x": 1}]}}}', "E_ITEM", 'table "t": item 0 needs its primary key "id" as a string or a finite number'],
  ])("%s gives %s", async (name, content, code, message) => {
    const path = content === null ? join(dir, name) : file(name, content);
    const error = await loadTablesFromFile(path).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EmulatorError);
    expect(error).toMatchObject({ code, file: path });
    expect((error as Error).message).toBe(`${code}: ${path}${name === "bad.json" ? ":2" : ""}: ${message}`);
  });

  it("keeps a table named __proto__ (or constructor) as a table", async () => {
    const path = file("proto.json", '{"tables": {"__proto__": {"primaryKey": "id", "items": [{"id": 1}]}, "constructor": {"primaryKey": "id", "items": []}}}');
    const tables = await loadTablesFromFile(path);
    expect(Object.keys(tables)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(tables)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(tables, "__proto__")?.value).toEqual({ primaryKey: "id", items: [{ id: 1 }] });
    const emulator = createEmulator({ tables, credentials: [{ applicationKey: "k", authenticationToken: "t" }] });
    const base = await emulator.start();
    try {
      const res = await fetch(`${base}/listItems`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ applicationKey: "k", authenticationToken: "t", table: "__proto__" }) });
      expect(await res.text()).toBe('{"data":{"items":[{"id":1}]}}');
    } finally {
      await emulator.stop();
    }
  });

  it("names the NDJSON file and line when an items file is bad", async () => {
    const items = file("broken.ndjson", '{"id":1}\n{"id":\n');
    const path = file("uses-broken.json", JSON.stringify({ tables: { t: { primaryKey: "id", items: "broken.ndjson" } } }));
    await expect(loadTablesFromFile(path)).rejects.toMatchObject({ code: "E_FILE_JSON", file: items, line: 2 });
    await expect(loadNdjsonItems(items)).rejects.toThrow(`E_FILE_JSON: ${items}:2: not valid JSON at column 7`);
  });
});

describe("what the loaders refuse to read", () => {
  // /dev/zero or a FIFO would be read without end (a FIFO's open even blocks
  // until a writer comes): only regular files of bounded size are read.
  it.each([
    ["/dev/zero", "it is not a regular file (a device, FIFO or socket)"],
    ["a FIFO", "it is not a regular file (a device, FIFO or socket)"],
    ["a directory", "it is a directory"],
  ])("%s, named directly or as a table's NDJSON items", async (what, why) => {
    let path = what;
    if (what === "a FIFO") execFileSync("mkfifo", [(path = join(dir, "items.fifo"))]);
    if (what === "a directory") path = dir;
    await expect(loadNdjsonItems(path)).rejects.toThrow(`E_FILE_READ: ${path}: ${why}`);
    const tables = file("named.json", JSON.stringify({ tables: { t: { primaryKey: "id", items: path } } }));
    await expect(loadTablesFromFile(tables)).rejects.toThrow(`E_FILE_READ: ${path}: ${why}`);
  });

  it("a file larger than the cap, before reading it", async () => {
    const path = file("big.json", "x".repeat(2048));
    await expect(readTextFile(path, 1024)).rejects.toThrow(`E_FILE_READ: ${path}: it is 2048 bytes, more than the 1024 allowed`);
    expect(await readTextFile(path, 2048)).toHaveLength(2048);
  });
});
