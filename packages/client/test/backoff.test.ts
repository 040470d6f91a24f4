import { describe, expect, it } from "vitest";
import { backoffDelay, parseRetryAfter } from "../src/index.js";

describe("backoffDelay", () => {
  it.each([
    // retry, random, expected: random * min(cap 20000, 100 * 2^(retry-1))
    [1, 0, 0],
    [1, 0.5, 50],
    [2, 0.5, 100],
    [3, 0.999, 399],
    [8, 0.5, 6400],
    [9, 0.5, 10000],
    [10, 0.5, 10000],
    [50, 0.75, 15000],
    [1, 1, 0], // out of range from a bad random: treated as 0
    [1, Number.NaN, 0],
  ])("retry %d with random %d waits %d ms", (retry, r, expected) => {
    expect(backoffDelay(retry, () => r, 100, 20_000)).toBe(expected);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2024-05-01T12:00:00Z");
  it.each<[string | null, number | undefined]>([
    [null, undefined],
    ["0", 0],
    ["7", 7000],
    [" 120 ", 120_000],
    ["Wed, 01 May 2024 12:00:30 GMT", 30_000],
    ["Wednesday, 01-May-24 12:00:05 GMT", 5000],
    ["Wed May  1 12:00:02 2024", 2000],
    ["Wed, 01 May 2024 11:00:00 GMT", 0],
    ["-5", undefined],
    ["1.5", undefined],
    ["soon", undefined],
    ["2024-05-01", undefined],
  ])("%j is %j ms", (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});
