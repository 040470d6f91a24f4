import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { excerpt, sanitizeError, secretRedactor } from "../src/redact.js";

const redact = secretRedactor(['k"ey 1/2', "tok\\en", ""]);

describe("secretRedactor", () => {
  it.each([
    ['raw k"ey 1/2 and tok\\en', "raw [REDACTED] and [REDACTED]"],
    ['json {"a":"k\\"ey 1/2","b":"tok\\\\en"}', 'json {"a":"[REDACTED]","b":"[REDACTED]"}'],
    ["url ?a=k%22ey%201%2F2&b=tok%5Cen", "url ?a=[REDACTED]&b=[REDACTED]"],
    ["form k%22ey+1%2F2", "form [REDACTED]"],
    ["nothing here", "nothing here"],
  ])("%s", (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it("takes a longer secret before one it contains", () => {
    expect(secretRedactor(["abc", "abcdef"])("xabcdefx abc")).toBe("x[REDACTED]x [REDACTED]");
  });
});

describe("cut-off excerpts of a secret", () => {
  const secret = "tok-0123456789abcdefghijklmnop";
  const redact = secretRedactor([secret]);

  it.each([
    [`invalid filter: 'beginsWith' takes a string, not the number 1, near "${secret.slice(0, 19)}…"`, 'invalid filter: \'beginsWith\' takes a string, not the number 1, near "[REDACTED]…"'],
    [`echo ${secret.slice(0, 12)}`, "echo [REDACTED]"],
    [`short ${secret.slice(0, 11)}`, `short ${secret.slice(0, 11)}`],
    [`whole ${secret}!`, "whole [REDACTED]!"],
  ])("%j", (text, expected) => {
    expect(redact(text)).toBe(expected);
  });
});

describe("excerpt", () => {
  it.each([
    ["a\n\tb\u0000c\u2028d", "a b c d"],
    ["  padded  ", "padded"],
    ["tok\\en", "[REDACTED]"],
  ])("%j -> %j", (text, expected) => {
    expect(excerpt(text, redact)).toBe(expected);
  });
});

describe("sanitizeError", () => {
  it("keeps name, code and the inner cause, and nothing of the secrets", () => {
    const inner = Object.assign(new Error("connect to tok\\en failed"), { code: "ECONNREFUSED" });
    const outer = Object.assign(new TypeError("fetch failed for tok\\en"), { cause: inner, request: { body: "tok\\en" } });
    const copy = sanitizeError(outer, redact);
    expect([copy.name, copy.message, (copy as { code?: string }).code, (copy.cause as Error).message, (copy.cause as { code: string }).code]).toEqual([
      "TypeError",
      "fetch failed for [REDACTED]",
      undefined,
      "connect to [REDACTED] failed",
      "ECONNREFUSED",
    ]);
    expect(inspect(copy, { depth: 10, showHidden: true })).not.toContain("tok\\en");
    expect(copy.stack).not.toContain("tok\\en");
  });

  it("turns a thrown non-error into an Error", () => {
    expect(sanitizeError("tok\\en", redact).message).toBe("[REDACTED]");
  });
});
