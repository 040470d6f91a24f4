import { isExactNumber } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { createEmulator, MAX_ITEM_DEPTH, parseNdjsonItems } from "../src/index.js";
import { unheldNumber } from "../src/unheldNumber.js";

/** Issue 18, items 5, 7 and 8 at the emulator: items it could not serve, and numbers a double would change, are refused at load. */

const CREDS = { applicationKey: "app", authenticationToken: "tok" };

/** A value nested `depth` arrays deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe("issue 18 item 7: an item nested too deep is refused at load", () => {
  it("refuses an item nested 100,000 deep, naming the table and item", () => {
    expect(() => createEmulator({ tables: { t: { primaryKey: "id", items: [{ id: 1 }, { id: 2, v: nested(100_000) }] } }, credentials: [CREDS] })).toThrow(
      "E_ITEM: table \"t\": item 1 nests arrays and objects more than 32 levels deep (DynamoDB's limit for nested attributes)",
    );
  });

  it(`serves an item nested ${MAX_ITEM_DEPTH} levels deep`, async () => {
    const emulator = createEmulator({ tables: { t: { primaryKey: "id", items: [{ id: 1, v: nested(MAX_ITEM_DEPTH) }] } }, credentials: [CREDS] });
    const answer = await emulator.fetch("http://e.invalid/listItems", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...CREDS, table: "t" }) });
    expect(answer.status).toBe(200);
    expect(() => createEmulator({ tables: { t: { primaryKey: "id", items: [{ id: 1, v: nested(MAX_ITEM_DEPTH + 1) }] } }, credentials: [CREDS] })).toThrow("E_ITEM");
  });

  it.each([[Infinity], [-Infinity], [NaN]])("refuses the number %s in an item, which JSON cannot carry", (value) => {
    expect(() => createEmulator({ tables: { t: { primaryKey: "id", items: [{ id: 1, v: { w: value } }] } }, credentials: [CREDS] })).toThrow(
      `E_ITEM: table "t": item 0 holds the number ${String(value)}, which JSON cannot carry`,
    );
  });
});

describe("issue 32: data keeps every number a store holds exactly, and refuses the others with where they are", () => {
  it.each([
    ['{"a":123456789012345678901234567890123456789}', "123456789012345678901234567890123456789"],
    ['{"a":[1,2,9007199254740993,1e400]}', "1e400"],
    ['{"a":-1e-400}', "-1e-400"],
    ['{"a":"\\"","b":1e126}', "1e126"],
  ])("unheldNumber finds the one in %s", (text, token) => {
    expect(unheldNumber(text)?.text).toBe(token);
  });

  it.each([['{"a":"1e400"}'], ['{"a":"\\\\","b":1.50,"c":-0,"d":1E+21,"e":1e-130}'], ['{"a":9007199254740993,"b":12345678901234567890123456789012345678}']])("unheldNumber finds none in %s", (text) => {
    expect(unheldNumber(text)).toBeUndefined();
  });

  it("parseNdjsonItems keeps a number past a double's digits as an ExactNumber with its digits, and others as plain numbers", () => {
    const [item] = parseNdjsonItems('{"id":9007199254740993,"price":12345678901234567890.12,"small":1.5e-120,"plain":0.1}\n', "x.ndjson");
    expect(isExactNumber(item!.id) && String(item!.id)).toBe("9007199254740993");
    expect(isExactNumber(item!.price) && String(item!.price)).toBe("12345678901234567890.12");
    expect([item!.small, item!.plain]).toEqual([1.5e-120, 0.1]);
  });

  it.each([
    ['{"id":1}\n{"id":2,"v":1e400}\n', "E_FILE_JSON: x.ndjson:2: the number 1e400 at v is not one DynamoDB can hold (beyond 1e-130 to below 1e126); write it as a string to keep it (column 13)"],
    [`{"id":1,"v":{"w":[${"9".repeat(39)}]}}`, `E_FILE_JSON: x.ndjson:1: the number ${"9".repeat(39)} at v.w[0] is not one DynamoDB can hold (more than 38 significant digits); write it as a string to keep it (column 19)`],
  ])("parseNdjsonItems refuses a number no store holds with its line, path and column: %s", (text, message) => {
    expect(() => parseNdjsonItems(text, "x.ndjson")).toThrow(message);
  });
});
