import { describe, expect, it } from "vitest";
import { itemBytes, numberBytes } from "../src/store/itemLimits.js";

describe("DynamoDB's item size", () => {
  // Each measured on DynamoDB Local: the longest list of the number that fits in 400 KB.
  it.each([
    ["0", 1],
    ["1", 2],
    ["12", 2],
    ["100", 2],
    ["123", 3],
    ["0.1", 2],
    ["0.01", 2],
    ["1.2", 3],
    ["12.5", 3],
    ["-1", 3],
    ["-0.5", 3],
    ["-123.45", 5],
    ["123456.789", 6],
    ["1e-5", 2],
    ["1e+125", 2],
    ["1.5e-130", 3],
    ["123456789012345678", 10],
    ["9.999999999999999e+125", 9],
  ])("counts the number %s as %i bytes", (text, bytes) => {
    expect(numberBytes(text)).toBe(bytes);
  });

  it("counts names in UTF-8, 3 bytes a list or map and 1 a member, 1 for a boolean or null", () => {
    // "é" 2 + "ü" 2; "m" 1 + 3 + (1 + "k" 1 + true 1) + (1 + "l" 1 + 3 + (1 + null 1) + (1 + "ab" 2))
    expect(itemBytes({ é: { S: "ü" }, m: { M: { k: { BOOL: true }, l: { L: [{ NULL: true }, { S: "ab" }] } } } })).toBe(4 + 1 + 3 + 3 + 1 + 1 + 3 + 2 + 3);
  });
});
