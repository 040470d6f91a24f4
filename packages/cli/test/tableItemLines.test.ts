import { describe, expect, it } from "vitest";
import { tableItemLines } from "../src/dynamo/tableItemLines.js";

describe("tableItemLines", () => {
  it.each([
    ["one item a line", '{"tables": {"t": {"primaryKey": "id", "items": [\n{"id": 1},\n{"id": 2}\n]}}}', { kind: "lines", lines: [2, 3] }],
    ["several on a line, strings with brackets, quotes and escapes", '{"tables": {"t": {"items": [{"s": "]}\\"{["}, {"id": 2},\n  [1, [2]], "x\\\\", 3, true, null]}}}', { kind: "lines", lines: [1, 1, 2, 2, 2, 2, 2] }],
    ["the table after another, nested objects skipped", '{"tables": {"a": {"items": [{"m": {"items": [9]}}]},\n "t": {"items": [\n {"id": 1}]}}}', { kind: "lines", lines: [3] }],
    ["a repeated member, the last counting as in JSON.parse", '{"tables": {"t": {"items": [1]}, "t": {"items": [\n\n2]}}}', { kind: "lines", lines: [3] }],
    ["an escaped table name", '{"tables": {"\\u0074": {"items": [1]}}}', { kind: "lines", lines: [1] }],
    ["items read from an NDJSON file", '{"tables": {"t": {"primaryKey": "id", "items": "data/t.ndjson"}}}', { kind: "file", path: "data/t.ndjson" }],
    ["no such table", '{"tables": {"u": {"items": []}}}', undefined],
    ["items of another shape", '{"tables": {"t": {"items": 7}}}', undefined],
    ["no tables at all", "[]", undefined],
  ])("%s", (_name, text, expected) => {
    expect(tableItemLines(text, "t")).toEqual(expected);
  });
});
