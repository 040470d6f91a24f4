import { describe, expect, it } from "vitest";
import { createEmulator, MAX_ITEM_DEPTH, parseNdjsonItems } from "../src/index.js";
import { inexactNumber } from "../src/inexactNumber.js";

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

describe("issue 18 items 5 and 8: numbers a double would change", () => {
  it.each([
    ['{"a":12345678901234567890123}', "12345678901234567890123"],
    ['{"a":[1,2,9007199254740993]}', "9007199254740993"],
    ['{"a":1e400}', "1e400"],
    ['{"a":-1e-400}', "-1e-400"],
    ['{"a":"\\"","b":0.1000000000000000000001}', "0.1000000000000000000001"],
  ])("finds the one in %s", (text, token) => {
    expect(inexactNumber(text)?.text).toBe(token);
  });

  it.each([['{"a":"12345678901234567890123"}'], ['{"a":"\\\\","b":1.50,"c":-0,"d":1E+21,"e":1e-130}'], ['{"a":9007199254740992}']])("finds none in %s", (text) => {
    expect(inexactNumber(text)).toBeUndefined();
  });

  it("parseNdjsonItems refuses one with its line and column", () => {
    expect(() => parseNdjsonItems('{"id":1}\n{"id":2,"v":1e400}\n', "x.ndjson")).toThrow(
      "E_FILE_JSON: x.ndjson:2: the number 1e400 cannot be held exactly (it is out of a double's range); write it as a string to keep it exactly (column 13)",
    );
  });
});
