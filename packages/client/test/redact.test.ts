import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { excerpt, MIN_PREFIX, sanitizeError, secretRedactor } from "../src/redact.js";

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
    expect(secretRedactor(["abc", "abcdef"])("-abcdef- abc")).toBe("-[REDACTED]- [REDACTED]");
    expect(secretRedactor(["abc", "abc-0123456789xyz"])("xabc-0123456789xyzx abc")).toBe("x[REDACTED]x [REDACTED]");
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

describe("short secrets: masked where they stand whole, never inside other words", () => {
  const one = secretRedactor(["t", "k"]);

  it("leaves words that only contain the letter (the message the issue quotes)", () => {
    expect(one('there is no table "nope"')).toBe('there is no table "nope"');
  });

  it.each([
    ['{"authenticationToken":"t","applicationKey":"k"}', '{"authenticationToken":"[REDACTED]","applicationKey":"[REDACTED]"}'],
    ["Authorization: Bearer t", "Authorization: Bearer [REDACTED]"],
    ["https://svc.example.com/k/t/v1/listItems?token=t&x=1", "https://svc.example.com/[REDACTED]/[REDACTED]/v1/listItems?token=[REDACTED]&x=1"],
    ["the token t was refused", "the token [REDACTED] was refused"],
    ["t", "[REDACTED]"],
    ["tt t_x xt t1 1t", "tt t_x xt t1 1t"],
    ["(t), [t]; 't'", "([REDACTED]), [[REDACTED]]; '[REDACTED]'"],
  ])("%j", (text, expected) => {
    expect(one(text)).toBe(expected);
  });

  it("bounds a short secret only on the sides where it begins or ends with a letter or digit", () => {
    const odd = secretRedactor(["-x", "é9"]);
    expect(odd("a -x b")).toBe("a [REDACTED] b");
    expect(odd("a-x b")).toBe("a[REDACTED] b");
    expect(odd("a -xy b")).toBe("a -xy b");
    expect(odd("né9 é9 é9z")).toBe("né9 [REDACTED] é9z");
  });

  it("treats a secret of MIN_PREFIX characters or more as long: masked anywhere, as before", () => {
    const long = "k".repeat(MIN_PREFIX);
    expect(secretRedactor([long])(`x${long}x`)).toBe("x[REDACTED]x");
    expect(secretRedactor(["k".repeat(MIN_PREFIX - 1)])(`x${"k".repeat(MIN_PREFIX - 1)}x`)).toBe(`x${"k".repeat(MIN_PREFIX - 1)}x`);
  });

  it("masks a text exactly as long as the shortest form, and passes shorter ones as they are", () => {
    const token = "0123456789abcdef0123456789abcdef";
    const hex = secretRedactor([token]);
    expect(hex(token.slice(0, MIN_PREFIX))).toBe("[REDACTED]");
    expect(hex(token.slice(0, MIN_PREFIX - 1))).toBe(token.slice(0, MIN_PREFIX - 1));
    expect(hex("x")).toBe("x");
    const short = secretRedactor(["ab"]);
    expect(short("ab")).toBe("[REDACTED]");
    expect(short("a")).toBe("a");
  });

  it("masks the JSON-escaped and URL-encoded forms of a short secret where they stand whole", () => {
    const quote = secretRedactor(['a"b', "a b"]);
    expect(quote('{"v":"a\\"b"}')).toBe('{"v":"[REDACTED]"}');
    expect(quote("?q=a%20b&r=a+b")).toBe("?q=[REDACTED]&r=[REDACTED]");
    expect(quote("xa%20bx")).toBe("xa%20bx");
  });
});
