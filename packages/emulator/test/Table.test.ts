import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EmulatorError } from "../src/EmulatorError.js";
import { buildTable, compareListOrder, duplicateKeyError } from "../src/Table.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

const table = (def: unknown) => buildTable("t", def as never);

describe("buildTable", () => {
  it.each([
    [{ primaryKey: "", items: [] }, "E_TABLE", 'E_TABLE: table "t": primaryKey must be a non-empty string'],
    [{ primaryKey: "id", secondaryKey: 3, items: [] }, "E_TABLE", 'E_TABLE: table "t": secondaryKey must be a non-empty string when given'],
    [{ primaryKey: "id", secondaryKey: "id", items: [] }, "E_TABLE", 'E_TABLE: table "t": primaryKey and secondaryKey must differ, both are "id"'],
    [{ primaryKey: "id", items: {} }, "E_TABLE", 'E_TABLE: table "t": items must be an array of objects'],
    [{ primaryKey: "id", items: [[]] }, "E_ITEM", 'E_ITEM: table "t": item 0 is not an object'],
    [{ primaryKey: "id", items: [{ id: 1 }, { x: 1 }] }, "E_ITEM", 'E_ITEM: table "t": item 1 needs its primary key "id" as a string or a finite number'],
    [{ primaryKey: "id", items: [{ id: true }] }, "E_ITEM", 'E_ITEM: table "t": item 0 needs its primary key "id" as a string or a finite number'],
    [
      { primaryKey: "id", secondaryKey: "ts", items: [{ id: 1, ts: [1] }] },
      "E_ITEM",
      'E_ITEM: table "t": item 0 has its secondary key "ts" as neither a string nor a finite number',
    ],
    [
      { primaryKey: "id", items: [{ id: 1 }, { id: 2 }, { id: 1 }] },
      "E_DUPLICATE_KEY",
      'E_DUPLICATE_KEY: table "t": items 0 and 2 have the same key (1); each item needs its own',
    ],
    [
      { primaryKey: "id", secondaryKey: "ts", items: [{ id: "a", ts: 1 }, { id: "a", ts: 1 }] },
      "E_DUPLICATE_KEY",
      'E_DUPLICATE_KEY: table "t": items 0 and 1 have the same key ("a", 1); each item needs its own',
    ],
    [
      { primaryKey: "id", secondaryKey: "ts", items: [{ id: "a" }, { id: "a", ts: null }] },
      "E_DUPLICATE_KEY",
      'E_DUPLICATE_KEY: table "t": items 0 and 1 have the same key ("a"); each item needs its own',
    ],
  ])("refuses %j", (def, code, message) => {
    expect(() => table(def)).toThrow(EmulatorError);
    expect(() => table(def)).toThrow(expect.objectContaining({ code, message, table: "t" }));
  });

  it("orders rows by primary key (numbers before strings), then secondary key with an absent one first", () => {
    const t = table({
      primaryKey: "id",
      secondaryKey: "ts",
      items: [{ id: "b", ts: 2 }, { id: "b" }, { id: 10 }, { id: "b", ts: "x" }, { id: 9, ts: 1 }, { id: "a", ts: 5 }, { id: "\u{1F600}" }, { id: "\uFF61" }],
    });
    expect(t.rows.map((r) => [r.primary, r.secondary ?? null])).toEqual([
      [9, 1],
      [10, null],
      ["a", 5],
      ["b", null],
      ["b", 2],
      ["b", "x"],
      // UTF-8 order: U+FF61 before U+1F600, the reverse of UTF-16 order.
      ["\uFF61", null],
      ["\u{1F600}", null],
    ]);
    expect(t.bySecondary.map((r) => [r.secondary, r.primary])).toEqual([
      [1, 9],
      [2, "b"],
      [5, "a"],
      ["x", "b"],
    ]);
    expect(t.partition("b").map((r) => r.secondary)).toEqual([2, "x"]);
    expect(t.partition("nope")).toEqual([]);
  });

  it("treats a secondary key of null as missing, as core's semantics do", () => {
    const t = table({ primaryKey: "id", secondaryKey: "ts", items: [{ id: 1, ts: null }] });
    expect(t.bySecondary).toEqual([]);
  });
});

describe("duplicateKeyError's order", () => {
  // Keys whose order the two comparisons could disagree on: plain strings (JavaScript's own `<`) and
  // strings with units at or above U+D800, numbers and secondary keys (compareListOrder).
  const plain = fc.string({ maxLength: 4, unit: fc.constantFrom("a", "b", "A", "0", " ", "~", "é", "\u07ff") });
  const high = fc.string({ maxLength: 4, unit: fc.constantFrom("a", "\uff61", "\ud83d\ude00", "\ud800", "\ue000", "\uffff") });
  const keys = fc.oneof({ weight: 6, arbitrary: fc.array(plain, { maxLength: 30 }).map((ks) => ks.map((primary) => ({ primary, secondary: undefined }))) }, { weight: 3, arbitrary: fc.array(fc.oneof(plain, high), { maxLength: 30 }).map((ks) => ks.map((primary) => ({ primary, secondary: undefined }))) }, { weight: 1, arbitrary: fc.array(fc.record({ primary: fc.oneof(plain, fc.integer({ min: -3, max: 3 })), secondary: fc.option(plain, { nil: undefined }) }), { maxLength: 30 }) });

  it("sorts rows and names the duplicate as compareListOrder does, whichever comparison it takes", () => {
    fc.assert(
      fc.property(keys, (list) => {
        const rows = list.map((k, index) => ({ ...k, index }));
        const expected = [...rows].sort((a, b) => compareListOrder(a, b) || a.index - b.index);
        const error = duplicateKeyError("t", rows);
        expect(rows.map((r) => r.index)).toEqual(expected.map((r) => r.index));
        const twice = expected.find((r, i) => i > 0 && compareListOrder(expected[i - 1]!, r) === 0);
        expect(error?.message.match(/items (\d+) and (\d+)/)?.[2]).toBe(twice === undefined ? undefined : String(twice.index));
      }),
      { numRuns: propertyRuns(1000) },
    );
  });
});
