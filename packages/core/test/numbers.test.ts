import { describe, expect, it } from "vitest";
import { exactNumber, formatNumber } from "../src/syntax/numbers.js";

describe("exactNumber", () => {
  it.each([
    ["0", 0],
    ["-0", -0],
    ["0.1", 0.1],
    ["3.0", 3],
    ["-1.5e-7", -1.5e-7],
    ["1e21", 1e21],
    ["1E+21", 1e21],
    ["9007199254740992", 9007199254740992],
    ["0.30000000000000004", 0.30000000000000004],
    ["5e-324", 5e-324],
    ["1.7976931348623157e308", 1.7976931348623157e308],
    ["100e-2", 1],
    ["0.000", 0],
  ])("%s is exactly %d", (raw, value) => {
    expect(exactNumber(raw)).toBe(value);
  });

  it.each(["9007199254740993", "12345678901234567890", "1e400", "-1e400", "1e-400", "0.1000000000000000000001", "2.00000000000000000001"])(
    "%s has no exact double",
    (raw) => {
      expect(exactNumber(raw)).toBeNull();
    },
  );
});

describe("formatNumber", () => {
  it.each([
    [-0, "-0"],
    [0, "0"],
    [1e21, "1e+21"],
    [-2.5, "-2.5"],
  ])("%d prints as %s", (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});
